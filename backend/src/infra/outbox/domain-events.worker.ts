import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { DOMAIN_EVENT_QUEUES, domainEventRetryDelay } from './queues.js';
import { PIPELINE_TRACE, recordTrace, traceClock } from './pipeline-trace.js';
import type { SubscriberJob } from './subscriber-registry.js';
import { SubscriberRunner, type RunOutcome } from './subscriber-runner.js';

/**
 * Consumes the domain-events queues in a worker process (the background one with fewer slots): each
 * job is one subscriber's run of one event (job id `<eventId>@<subscriber>`). A job whose worker dies is found stalled
 * (after WORKER_STALLED_MS) and retried elsewhere; failures retry after 1, 2, 4, 8 s, then every 10 s for about an hour (queues.ts).
 */
@Injectable()
export class DomainEventsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DomainEventsWorker.name);
  private workers: Worker[] = [];
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: SubscriberRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    this.connection = connection;
    this.workers = DOMAIN_EVENT_QUEUES.map(({ name, concurrency }) => {
      // BullMQ gives each worker blocking connections of its own, duplicated from this one.
      const worker = new Worker(name, (job: Job<SubscriberJob>) => this.process(job), {
        connection,
        prefix: this.config.redisPrefix,
        concurrency,
        lockDuration: this.config.worker.stalledMs,
        stalledInterval: this.config.worker.stalledMs,
        maxStalledCount: 3,
        settings: { backoffStrategy: domainEventRetryDelay },
      });
      worker.on('failed', (job, error) => this.logger.warn(`${job?.name ?? 'job'} ${job?.id ?? ''} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`));
      worker.on('error', (error) => this.logger.warn(`Worker: ${error.message}`));
      return worker;
    });
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  private async process(job: Job<SubscriberJob>): Promise<RunOutcome> {
    if (!PIPELINE_TRACE) return this.runner.run(job.data);
    const startedAt = traceClock();
    const outcome = await this.runner.run(job.data);
    await recordTrace(this.connection!, this.config.redisPrefix, job, startedAt);
    return outcome;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    this.connection?.disconnect();
  }
}
