import { AuditModule } from './modules/audit/audit.module.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { Clock, SystemClock } from './common/clock.js';
import { flushLog, logDestination, requestLogOptions } from './common/request-log.js';
import { APP_CONFIG, type AppConfig } from './config/environment.js';
import { ENTITIES } from './entities.js';
import { databaseOptions } from './infra/database/database.config.js';
import { DiscordModule } from './infra/discord/discord.module.js';
import { OutboxModule } from './infra/outbox/outbox.module.js';
import { RedisModule } from './infra/redis/redis.module.js';
import { CommunityModule } from './modules/community/community.module.js';
import { SiteModule } from './modules/site/site.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { CatalogueModule } from './modules/catalogue/catalogue.module.js';
import { CompetitionsModule } from './modules/competitions/competitions.module.js';
import { StewardingModule } from './modules/stewarding/stewarding.module.js';
import { LeagueEventsModule } from './modules/events/events.module.js';
import { ImagesModule } from './modules/images/images.module.js';
import { DriversModule } from './modules/profiles/drivers.module.js';
import { TeamsApiModule } from './modules/teams/teams-api.module.js';
import { BiddingModule } from './modules/bidding/bidding.module.js';
import { RivalsModule } from './modules/rivals/rivals.module.js';
import { TimingModule } from './modules/timing/index.js';
import { DiscordBotModule } from './modules/discord-bot/index.js';
import { DiscordRolesModule } from './modules/discord-roles/index.js';
import { CalendarModule } from './modules/calendar/index.js';
import { NotificationsModule } from './modules/notifications/index.js';
import { PushModule } from './modules/push/index.js';

/** The domain modules, loaded by API and worker alike (both find their domain event subscribers; the worker their scheduled jobs). */
export const DOMAIN_MODULES = [
  UsersModule,
  SiteModule,
  CommunityModule,
  ImagesModule,
  CatalogueModule,
  LeagueEventsModule,
  DriversModule,
  TeamsApiModule,
  CompetitionsModule,
  StewardingModule,
  RivalsModule,
  BiddingModule,
  AuditModule,
  TimingModule,
  DiscordBotModule,
  DiscordRolesModule,
  CalendarModule,
  NotificationsModule,
  PushModule,
];

export interface CoreOptions {
  requestPath?: boolean;
  clock?: Clock;
}

/**
 * What every process shares: validated configuration (injectable as APP_CONFIG), JSON logs with a
 * request id, the database, Redis, Discord, the push to browsers and the clock.
 */
@Global()
@Module({})
export class CoreModule implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    flushLog();
  }

  /**
   * `requestPath`: the process answers requests (the API), so its database calls are bounded.
   * `clock`: another than the real one (tests that move time).
   */
  static forConfig(config: AppConfig, options: CoreOptions = {}): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [requestLogOptions(config), logDestination()],
          forRoutes: ['*path'],
        }),
        MikroOrmModule.forRoot({ ...databaseOptions(config.databaseUrl, ENTITIES, { requestPath: options.requestPath }), registerRequestContext: true }),
        RedisModule,
        DiscordModule.forConfig(config),
        OutboxModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
      ],
      exports: [APP_CONFIG, Clock],
    };
  }
}
