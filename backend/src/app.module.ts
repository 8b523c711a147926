import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { APP_CONFIG, type AppConfig } from './config/environment.js';
import { databaseOptions } from './infra/database/database.config.js';
import { DiscordModule } from './infra/discord/discord.module.js';
import { RedisModule } from './infra/redis/redis.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { SiteModule } from './modules/site/site.module.js';
import { UsersModule } from './modules/users/users.module.js';

const REQUEST_ID_HEADER = 'x-request-id';

/** Makes the validated configuration injectable everywhere as APP_CONFIG. */
@Global()
@Module({})
class ConfigModule {
  static forConfig(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

@Module({})
export class AppModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forConfig(config),
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
        AuthModule,
        UsersModule,
        SiteModule,
        HealthModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
