import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { queueOptions } from '../../infra/redis/redis-options.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { BACKGROUND_EVENTS_QUEUE, DOMAIN_EVENTS_QUEUE } from '../../infra/outbox/queues.js';
import { PUSH_QUEUE } from '../push/index.js';
import { SCHEDULED_QUEUE } from '../../infra/scheduling/scheduled.js';
import { RealtimeGateway } from '../../infra/realtime/realtime.gateway.js';
import { DIRECT_MESSAGES_QUEUE } from '../discord-bot/index.js';
import { ROLE_SYNC_QUEUE } from '../discord-roles/index.js';
import { Metrics } from './metrics.js';

const JOB_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/** Reads the queues, outbox and sockets for metrics and the admins' queue dashboard. */
@Injectable()
export class OpsService implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queues: Queue[];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly orm: MikroORM,
    private readonly metrics: Metrics,
    private readonly gateway: RealtimeGateway,
  ) {
    this.connection = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    this.connection.on('error', () => undefined);
    this.queues = [DOMAIN_EVENTS_QUEUE, BACKGROUND_EVENTS_QUEUE, SCHEDULED_QUEUE, ROLE_SYNC_QUEUE, PUSH_QUEUE, DIRECT_MESSAGES_QUEUE].map((name) => {
      const queue = new Queue(name, queueOptions(this.connection, config.redisPrefix));
      // Read-only use: a Redis outage shows up in /api/health and the metrics, not as log noise.
      queue.on('error', () => undefined);
      return queue;
    });
  }

  /** Fills the gauges that are read on scrape, then renders every metric in the Prometheus format. */
  async render(): Promise<{ contentType: string; body: string }> {
    await Promise.allSettled([this.readQueues(), this.readOutbox()]);
    this.metrics.sockets.set(this.gateway.connectedCount());
    return { contentType: this.metrics.registry.contentType, body: await this.metrics.registry.metrics() };
  }

  private async readQueues(): Promise<void> {
    for (const queue of this.queues) {
      const counts = await queue.getJobCounts(...JOB_STATES);
      for (const state of JOB_STATES) this.metrics.queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
    }
  }

  private async readOutbox(): Promise<void> {
    const [row] = await this.orm.em
      .fork()
      .execute<{ pending: string; lag: number | null }[]>(
        'select count(*) as pending, extract(epoch from now() - min(occurred_at))::float as lag from outbox_events where published_at is null',
      );
    this.metrics.outboxPending.set(Number(row?.pending ?? 0));
    this.metrics.outboxLag.set(row?.lag ?? 0);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.queues.map((queue) => queue.close()));
    this.connection.disconnect();
  }
}
