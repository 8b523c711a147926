import { Controller, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { Endpoint } from '../../common/endpoint.js';
import type { HealthReport } from '../../contracts/site.js';
import { REDIS } from '../../infra/redis/redis.module.js';

type Check = HealthReport['database'];

// Each check gives up sooner on its own (the clients' timeouts); this bounds the answer whatever happens.
const CHECK_TIMEOUT_MS = 1000;

function within<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref())]);
}

/** For orchestrators: 200 when PostgreSQL and Redis answer, 503 otherwise. */
@ApiTags('site')
@Controller()
export class HealthController {
  constructor(
    private readonly orm: MikroORM,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Endpoint('GET /health')
  async health(): Promise<HealthReport> {
    const [database, redis] = await Promise.all([
      within(this.orm.checkConnection()).then(
        (result) => (result.ok ? 'up' : 'down') as Check,
        () => 'down' as Check,
      ),
      within(this.redis.ping()).then(
        () => 'up' as Check,
        () => 'down' as Check,
      ),
    ]);
    if (database === 'down' || redis === 'down') {
      throw new ServiceUnavailableException(`Unhealthy: database is ${database}, redis is ${redis}`);
    }
    return { status: 'ok', database, redis };
  }
}
