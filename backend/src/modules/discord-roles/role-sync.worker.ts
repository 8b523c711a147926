import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { ROLE_SYNC_QUEUE, type RoleSyncProgress } from './role-sync.queue.js';
import { RoleSyncService } from './role-sync.service.js';

/** Runs role sync jobs (worker processes), one at a time per worker, with their progress. */
@Injectable()
export class RoleSyncWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RoleSyncWorker.name);
  private connection?: Redis;
  private worker?: Worker;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly sync: RoleSyncService,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.worker = new Worker(ROLE_SYNC_QUEUE, (job: Job) => this.run(job), { connection: this.connection, prefix: this.config.redisPrefix, concurrency: 1 });
    this.worker.on('error', (error) => this.logger.warn(`Role sync worker: ${error.message}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`Role sync attempt ${job?.attemptsMade ?? '?'} failed: ${error.message}`));
  }

  private run(job: Job): Promise<RoleSyncProgress> {
    return RequestContext.create(this.orm.em, () => this.sync.apply((done, total) => job.updateProgress({ done, total } satisfies RoleSyncProgress)));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.connection?.disconnect();
  }
}
