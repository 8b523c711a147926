import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { AppConfig } from './config/environment.js';
import { CoreModule, DOMAIN_MODULES } from './core.module.js';
import { DomainEventsWorker } from './infra/events/domain-events.worker.js';
import { DomainEventHandlerRegistry } from './infra/events/handler-registry.js';
import { ScheduledJobs } from './infra/events/scheduled-jobs.js';

/** A worker process: handles domain events from the queue and runs scheduled jobs. */
@Module({})
export class WorkerModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule.forConfig(config), DiscoveryModule, ...DOMAIN_MODULES],
      providers: [DomainEventHandlerRegistry, DomainEventsWorker, ScheduledJobs],
    };
  }
}
