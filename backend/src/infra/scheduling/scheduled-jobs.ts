import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { SCHEDULED, SCHEDULED_QUEUE, type ScheduledOptions } from './scheduled.js';

interface ScheduledJob {
  options: ScheduledOptions;
  where: string;
  run: () => Promise<unknown>;
}

export class ScheduledJobsError extends Error {}

/**
 * Scheduled work as BullMQ job schedulers: finds every `@Scheduled` method at boot (refusing two of
 * one name), and every worker upserts the same schedulers — Redis fires each once per period,
 * however many workers run. Schedulers no longer declared are removed.
 */
@Injectable()
export class ScheduledJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ScheduledJobs.name);
  private readonly jobs = new Map<string, ScheduledJob>();
  private connection?: Redis;
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    const problems: string[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || wrapper.isAlias) continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const handler = instance[method] as () => Promise<unknown>;
        const options = Reflect.getMetadata(SCHEDULED, handler) as ScheduledOptions | undefined;
        if (!options) continue;
        const where = `${wrapper.host?.name ?? '?'} › ${(instance.constructor as { name: string }).name}.${method}`;
        const taken = this.jobs.get(options.name);
        if (taken) problems.push(`two scheduled jobs are named ${options.name}: ${taken.where}, ${where}`);
        else this.jobs.set(options.name, { options, where, run: handler.bind(instance) });
      }
    }
    if (problems.length) throw new ScheduledJobsError(`Scheduled jobs are wrong:\n  - ${problems.join('\n  - ')}`);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    const options = { connection: this.connection, prefix: this.config.redisPrefix };
    this.queue = new Queue(SCHEDULED_QUEUE, options);
    this.queue.on('error', (error) => this.logger.warn(`Scheduled jobs queue: ${error.message}`));
    for (const [name, { options: when }] of this.jobs) {
      const repeat = when.every !== undefined ? { every: when.every } : { pattern: when.cron, tz: 'UTC' };
      await this.queue.upsertJobScheduler(name, repeat, { name, opts: { removeOnComplete: 100, removeOnFail: 500 } });
    }
    for (const scheduler of await this.queue.getJobSchedulers()) {
      if (scheduler.key && !this.jobs.has(scheduler.key)) await this.queue.removeJobScheduler(scheduler.key);
    }
    this.worker = new Worker(SCHEDULED_QUEUE, (job) => this.run(job), { ...options, concurrency: 1 });
    this.worker.on('error', (error) => this.logger.warn(`Scheduled jobs: ${error.message}`));
  }

  /** The names of the scheduled jobs found at boot. */
  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Runs one scheduled job now (the schedulers call this; so can tests and admins). */
  async run(job: Pick<Job, 'name'>): Promise<void> {
    const scheduled = this.jobs.get(job.name);
    if (!scheduled) throw new Error(`No scheduled job named ${job.name}`);
    await RequestContext.create(this.orm.em, () => scheduled.run());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.connection?.disconnect();
  }
}
