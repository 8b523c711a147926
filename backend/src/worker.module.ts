import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { AppConfig } from './config/environment.js';
import type { Clock } from './common/clock.js';
import { CoreModule, DOMAIN_MODULES } from './core.module.js';
import { IdempotencyModule } from './infra/idempotency/idempotency.js';
import { DomainEventsWorker } from './infra/outbox/domain-events.worker.js';
import { SubscriberRunner } from './infra/outbox/subscriber-runner.js';
import { ScheduledJobs } from './infra/scheduling/scheduled-jobs.js';
import { TimingIngestModule } from './modules/timing/index.js';
import { DiscordBotWorkerModule } from './modules/discord-bot/index.js';
import { RoleSyncWorkerModule } from './modules/discord-roles/index.js';
import { PushDeliveryModule } from './modules/push/index.js';

/** A worker process: runs domain event subscribers from the queue, the scheduled jobs, the live timing ingesters, the Discord bot's deferred answers, the Discord role sync jobs and the web push sender. */
@Module({})
export class WorkerModule {
  static forConfig(config: AppConfig, options: { clock?: Clock } = {}): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.forConfig(config, { clock: options.clock }),
        DiscoveryModule,
        ...DOMAIN_MODULES,
        IdempotencyModule,
        TimingIngestModule,
        DiscordBotWorkerModule,
        RoleSyncWorkerModule,
        PushDeliveryModule,
      ],
      providers: [SubscriberRunner, DomainEventsWorker, ScheduledJobs],
    };
  }
}
