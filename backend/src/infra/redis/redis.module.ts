import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';

export const REDIS = Symbol('REDIS');

/** The process' shared Redis connection (sessions, stand-in codes, health). Queues open their own. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // Commands issued in the same tick (every request's rate-limit hit and cached read) go out in one write.
        const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
        const logger = new Logger('Redis');
        let reported = false;
        redis.on('error', (error: Error) => {
          if (!reported) logger.warn(`Redis connection problem: ${error.message} (reconnecting)`);
          reported = true;
        });
        redis.on('ready', () => (reported = false));
        return redis;
      },
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
