import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { DOMAIN_EVENTS_QUEUE } from './queues.js';
import { PIPELINE_TRACE, recordTrace, traceClock } from './pipeline-trace.js';
import type { SubscriberJob } from './subscriber-registry.js';
import { SubscriberRunner, type RunOutcome } from './subscriber-runner.js';

/**
 * Consumes the domain-events queue in a worker process: each job is one subscriber's run of one
 * event (job id `<eventId>@<subscriber>`). A job whose worker dies is found stalled
 * (after WORKER_STALLED_MS) and retried elsewhere; failures retry with exponential backoff.
 */
@Injectable()
export class DomainEventsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DomainEventsWorker.name);
  private worker?: Worker;
  private connection?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: SubscriberRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.worker = new Worker(DOMAIN_EVENTS_QUEUE, (job: Job<SubscriberJob>) => this.process(job), {
      connection: this.connection,
      prefix: this.config.redisPrefix,
      concurrency: 8,
      lockDuration: this.config.worker.stalledMs,
      stalledInterval: this.config.worker.stalledMs,
      maxStalledCount: 3,
    });
    this.worker.on('failed', (job, error) => this.logger.warn(`${job?.name ?? 'job'} ${job?.id ?? ''} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`));
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${error.message}`));
    await this.worker.waitUntilReady();
  }

  private async process(job: Job<SubscriberJob>): Promise<RunOutcome> {
    if (!PIPELINE_TRACE) return this.runner.run(job.data);
    const startedAt = traceClock();
    const outcome = await this.runner.run(job.data);
    await recordTrace(this.connection!, this.config.redisPrefix, job, startedAt);
    return outcome;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.connection?.disconnect();
  }
}
