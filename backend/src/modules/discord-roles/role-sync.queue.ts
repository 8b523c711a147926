import { Inject, Injectable, ServiceUnavailableException, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { queueOptions } from '../../infra/redis/redis-options.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { RoleSyncRun } from '../../contracts/discord-roles.js';

/** The BullMQ queue of role sync jobs, run by the worker processes. */
export const ROLE_SYNC_QUEUE = 'discord-role-sync';
/** One job at a time: the latest run keeps this id until the next one starts. */
export const ROLE_SYNC_JOB_ID = 'role-sync';

export interface RoleSyncProgress {
  done: number;
  total: number;
}

const UNFINISHED = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/** Starts role sync jobs and reads the latest one (API processes). */
@Injectable()
export class RoleSyncQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queue: Queue;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // As the outbox relay's: a command gives up after one retry while Redis is away (then 503).
    this.connection = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    this.connection.on('error', () => undefined);
    this.queue = new Queue(ROLE_SYNC_QUEUE, queueOptions(this.connection, config.redisPrefix));
    this.queue.on('error', () => undefined);
  }

  /** Starts a sync, unless one is waiting or running already (then answers that one). */
  async start(): Promise<RoleSyncRun> {
    return this.reachable(async () => {
      const latest = await this.queue.getJob(ROLE_SYNC_JOB_ID);
      if (latest && UNFINISHED.has(await latest.getState())) return runOf(latest, await latest.getState());
      await latest?.remove();
      const job = await this.queue.add(
        'sync',
        {},
        {
          jobId: ROLE_SYNC_JOB_ID,
          attempts: 5,
          backoff: { type: 'exponential', delay: 5_000 },
          removeOnComplete: false,
          removeOnFail: false,
        },
      );
      return runOf(job, 'waiting');
    });
  }

  async latest(): Promise<RoleSyncRun> {
    return this.reachable(async () => {
      const job = await this.queue.getJob(ROLE_SYNC_JOB_ID);
      return job ? runOf(job, await job.getState()) : { state: 'none', done: 0, total: 0, error: null, startedAt: null, finishedAt: null };
    });
  }

  private async reachable<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw new ServiceUnavailableException(`The job queue cannot be reached for a moment: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}

function runOf(job: Job, state: string): RoleSyncRun {
  const progress = (typeof job.progress === 'object' ? job.progress : { done: 0, total: 0 }) as RoleSyncProgress;
  return {
    state: state === 'completed' ? 'completed' : state === 'failed' ? 'failed' : state === 'active' ? 'active' : 'waiting',
    done: progress.done,
    total: progress.total,
    error: state === 'failed' ? (job.failedReason ?? 'failed') : null,
    startedAt: job.processedOn ? new Date(job.processedOn).toISOString() : null,
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}
