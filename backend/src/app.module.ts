import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import type { AppConfig } from './config/environment.js';
import { CoreModule, DOMAIN_MODULES } from './core.module.js';
import { OutboxRelay } from './infra/events/outbox-relay.js';
import { RealtimeModule } from './infra/realtime/realtime.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { OpsModule } from './modules/ops/ops.module.js';

/** An API instance: REST under /api, the Socket.IO gateway and the outbox relay. */
@Module({})
export class AppModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forConfig(config),
        ScheduleModule.forRoot(),
        AuthModule,
        ...DOMAIN_MODULES,
        HealthModule,
        RealtimeModule,
        OpsModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }, OutboxRelay],
    };
  }
}
