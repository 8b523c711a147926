import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { guardWithCircuitBreaker } from './circuit-breaker.js';
import { boundedRedis, FAIL_FAST_REDIS, REDIS_READY_WAIT_MS } from './redis-options.js';

export const REDIS = Symbol('REDIS');

/**
 * The process' shared Redis connection (sessions, read cache, rate limits, stand-in codes, health).
 * Requests wait on it, so it fails fast (FAIL_FAST_REDIS) and stops waiting on a stalled Redis after one
 * timeout (guardWithCircuitBreaker). Queues open their own.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        // Commands issued in the same tick (every request's rate-limit hit and cached read) go out in one write.
        const redis = guardWithCircuitBreaker(boundedRedis(config.redisUrl, { ...FAIL_FAST_REDIS, enableAutoPipelining: true }));
        const logger = new Logger('Redis');
        let reported = false;
        redis.on('error', (error: Error) => {
          if (!reported) logger.warn(`Redis connection problem: ${error.message} (reconnecting)`);
          reported = true;
        });
        redis.on('ready', () => (reported = false));
        // Without an offline queue a command sent before the first connection fails: wait for it, but
        // boot anyway when Redis is away (requests then degrade as they do during an outage).
        await new Promise<void>((resolve) => {
          redis.once('ready', resolve);
          setTimeout(resolve, REDIS_READY_WAIT_MS).unref();
        });
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
