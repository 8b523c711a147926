import type { PersistedQueryOptions } from '@apollo/server';
import type { Redis } from 'ioredis';

type KeyValueCache = NonNullable<PersistedQueryOptions['cache']>;

/** How long a registered query document is kept after its last registration. */
export const PERSISTED_QUERY_TTL_SECONDS = 7 * 24 * 3600;

/** Apollo keeps automatic persisted queries under this prefix in the cache it is given. */
const APQ_PREFIX = 'apq:';

/**
 * The automatic persisted queries' documents, by hash, in Redis: every API instance knows a query
 * any of them registered. Apollo stores a document only after it parsed and validated, under its
 * SHA-256. A Redis failure reads as "not registered": the client then sends the document itself.
 */
export class PersistedQueries implements KeyValueCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.prefix + key).catch(() => null)) ?? undefined;
  }

  async set(key: string, value: string, options?: { ttl?: number | null }): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'EX', options?.ttl ?? PERSISTED_QUERY_TTL_SECONDS).catch(() => undefined);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key).catch(() => undefined);
  }

  /** The document registered under `sha256Hash`, if any. */
  documentOf(sha256Hash: string): Promise<string | undefined> {
    return this.get(APQ_PREFIX + sha256Hash);
  }
}
