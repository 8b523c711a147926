import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { SCHEDULED_QUEUE } from './queues.js';

const HOUR_MS = 3_600_000;
/** How long handled events are remembered: longer than any redelivery can come late. */
export const EVENT_RETENTION_DAYS = 7;

/** Scheduled work, by job name: what runs and how often. */
const SCHEDULES: Record<string, { everyMs: number; run: (em: EntityManager) => Promise<unknown> }> = {
  'prune-event-log': {
    everyMs: HOUR_MS,
    run: async (em) => {
      const cutoff = `now() - interval '${EVENT_RETENTION_DAYS} days'`;
      await em.execute(`delete from outbox_events where published_at < ${cutoff}`);
      await em.execute(`delete from processed_events where processed_at < ${cutoff}`);
    },
  },
};

/**
 * Scheduled work as BullMQ job schedulers: every worker upserts the same schedulers and Redis fires
 * each once per period, however many workers run.
 */
@Injectable()
export class ScheduledJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ScheduledJobs.name);
  private connection?: Redis;
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    const options = { connection: this.connection, prefix: this.config.redisPrefix };
    this.queue = new Queue(SCHEDULED_QUEUE, options);
    this.queue.on('error', (error) => this.logger.warn(`Scheduled jobs queue: ${error.message}`));
    for (const [name, { everyMs }] of Object.entries(SCHEDULES)) {
      await this.queue.upsertJobScheduler(name, { every: everyMs }, { name, opts: { removeOnComplete: 100, removeOnFail: 500 } });
    }
    this.worker = new Worker(SCHEDULED_QUEUE, (job) => this.run(job), { ...options, concurrency: 1 });
    this.worker.on('error', (error) => this.logger.warn(`Scheduled jobs: ${error.message}`));
  }

  /** Runs one scheduled job now (the schedulers call this; so can tests and admins). */
  async run(job: Pick<Job, 'name'>): Promise<void> {
    const schedule = SCHEDULES[job.name];
    if (!schedule) throw new Error(`No scheduled job named ${job.name}`);
    await schedule.run(this.orm.em.fork());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.connection?.disconnect();
  }
}
