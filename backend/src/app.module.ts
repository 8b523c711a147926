import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { RateLimitModule } from './common/rate-limit.js';
import type { AppConfig } from './config/environment.js';
import type { Clock } from './common/clock.js';
import { CoreModule, DOMAIN_MODULES } from './core.module.js';
import { IdempotencyInterceptor, IdempotencyModule } from './infra/idempotency/idempotency.js';
import { GraphqlModule } from './infra/graphql/graphql.module.js';
import { OutboxRelay } from './infra/outbox/outbox-relay.js';
import { RealtimeModule } from './infra/realtime/realtime.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CompetitionsModule } from './modules/competitions/competitions.module.js';
import { SeasonRoomPolicy } from './modules/competitions/season-room.policy.js';
import { EventRoomPolicy } from './modules/events/event-room.policy.js';
import { LeagueEventsModule } from './modules/events/events.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { OpsModule } from './modules/ops/ops.module.js';
import { LiveRoomPolicy, TimingModule } from './modules/timing/index.js';

/** An API instance: REST under /api, the Socket.IO gateway and the outbox relay. */
@Module({})
export class AppModule {
  static forConfig(config: AppConfig, options: { clock?: Clock } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forConfig(config, { requestPath: true, clock: options.clock }),
        ScheduleModule.forRoot(),
        AuthModule,
        // After AuthModule: its guard runs after the AccessGuard, so limits count users, not only addresses.
        RateLimitModule,
        ...DOMAIN_MODULES,
        HealthModule,
        RealtimeModule.forApp({
          identity: AuthModule,
          roomPolicies: { modules: [LeagueEventsModule, CompetitionsModule, TimingModule], policies: [EventRoomPolicy, SeasonRoomPolicy, LiveRoomPolicy] },
        }),
        OpsModule,
        GraphqlModule,
        IdempotencyModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }, OutboxRelay],
    };
  }
}
