import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG, type AppConfig } from './config/environment.js';
import { databaseOptions } from './infra/database/database.config.js';
import { DiscordModule } from './infra/discord/discord.module.js';
import { EventsModule } from './infra/events/events.module.js';
import { RedisModule } from './infra/redis/redis.module.js';
import { CommunityModule } from './modules/community/community.module.js';
import { SiteModule } from './modules/site/site.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { CatalogueModule } from './modules/catalogue/catalogue.module.js';
import { LeagueEventsModule } from './modules/events/events.module.js';

const REQUEST_ID_HEADER = 'x-request-id';

/** The domain modules, loaded by API and worker alike (the worker finds their event handlers). */
export const DOMAIN_MODULES = [UsersModule, SiteModule, CommunityModule, CatalogueModule, LeagueEventsModule];

/**
 * What every process shares: validated configuration (injectable as APP_CONFIG), JSON logs with a
 * request id, the database, Redis, Discord and the push to browsers.
 */
@Global()
@Module({})
export class CoreModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: (request: IncomingMessage, response: ServerResponse) => {
              const given = request.headers[REQUEST_ID_HEADER];
              const id = typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
              response.setHeader('X-Request-Id', id);
              return id;
            },
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            autoLogging: { ignore: (request: IncomingMessage) => request.url === '/api/health' },
          },
          forRoutes: ['*path'],
        }),
        MikroOrmModule.forRoot({ ...databaseOptions(config.databaseUrl), registerRequestContext: true }),
        RedisModule,
        DiscordModule.forConfig(config),
        EventsModule,
      ],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
