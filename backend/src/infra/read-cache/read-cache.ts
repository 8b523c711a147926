import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { REDIS } from '../redis/redis.module.js';

/** How long a cached read may be served at most: bounds what changes without a domain event (time passing, catalogue edits). */
export const READ_TTL_MS = 10_000;
/** Distinct entries one tag may hold (query combinations are caller-chosen: paging, filters). */
export const MAX_ENTRIES_PER_TAG = 2_000;

/** An entry is `<expires at, ms since the epoch>|<JSON text>`. */
const ENTRY_SEPARATOR = '|';

/**
 * Stores `value` under the tag's hash only if no invalidation happened since the caller read the
 * generation: a read that started before a change can never put the old answer back after it.
 */
const STORE_IF_CURRENT = `
if (redis.call('GET', KEYS[2]) or '') ~= ARGV[1] then return 0 end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) and redis.call('HEXISTS', KEYS[1], ARGV[2]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** The cached entry (or nil) and the tag's generation, in one command. */
const READ_WITH_GENERATION = `return {redis.call('HGET', KEYS[1], ARGV[1]), redis.call('GET', KEYS[2]) or ''}`;

/**
 * Public reads served from Redis as ready JSON text, shared by every API instance. Entries live in
 * one hash per tag (e.g. `events`); invalidating a tag drops the hash and bumps its generation, so
 * the next read loads from PostgreSQL. Domain events invalidate the tags that declared them (see
 * `@CachedRead`): at commit in the process that made the change, and again by the outbox relay
 * before the event goes out, so no browser refetching after a push gets the old state.
 * If Redis fails, reads go to the database.
 */
@Injectable()
export class ReadCache {
  private readonly logger = new Logger(ReadCache.name);
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redisPrefix}:reads`;
    this.redis.defineCommand('paddockReadCached', { numberOfKeys: 2, lua: READ_WITH_GENERATION });
    this.redis.defineCommand('paddockStoreRead', { numberOfKeys: 2, lua: STORE_IF_CURRENT });
  }

  /** The JSON text of the read: cached, or loaded now (and cached unless the tag changed meanwhile). */
  async json(tag: string, key: string, load: () => Promise<unknown>): Promise<string> {
    const [hash, generation] = [this.hashKey(tag), this.generationKey(tag)];
    let seen: string;
    try {
      const [cached, current] = await (this.redis as CacheCommands).paddockReadCached(hash, generation, key);
      const hit = cached && this.fresh(cached);
      if (hit) return hit;
      seen = current;
    } catch (error) {
      this.logger.debug(`Read cache unavailable (${(error as Error).message}); reading the database`);
      return JSON.stringify(await load());
    }
    const json = JSON.stringify(await load());
    const stored = `${Date.now() + READ_TTL_MS}${ENTRY_SEPARATOR}${json}`;
    await (this.redis as CacheCommands).paddockStoreRead(hash, generation, seen, key, stored, MAX_ENTRIES_PER_TAG, READ_TTL_MS * 6).catch(() => 0);
    return json;
  }

  /**
   * The JSON of a cached read as the bytes stored (no decoding: they go to the socket as they are), or
   * null when there is none, it is too old, or Redis fails — a lookup that never loads, for callers
   * that fall back to the full pipeline on a miss.
   */
  async cachedBytes(tag: string, key: string): Promise<Buffer | null> {
    try {
      const stored = await this.redis.hgetBuffer(this.hashKey(tag), key);
      if (!stored) return null;
      const separator = stored.indexOf(ENTRY_SEPARATOR);
      return Number(stored.toString('latin1', 0, separator)) > Date.now() ? stored.subarray(separator + 1) : null;
    } catch {
      return null;
    }
  }

  /** Drops every cached read of these tags. */
  async invalidate(tags: Iterable<string>): Promise<void> {
    const unique = [...new Set(tags)];
    if (!unique.length) return;
    const batch = this.redis.multi();
    for (const tag of unique) batch.incr(this.generationKey(tag)).del(this.hashKey(tag));
    await batch.exec();
  }

  private fresh(stored: string): string | null {
    const separator = stored.indexOf(ENTRY_SEPARATOR);
    return Number(stored.slice(0, separator)) > Date.now() ? stored.slice(separator + 1) : null;
  }

  private hashKey(tag: string): string {
    return `${this.prefix}:${tag}`;
  }

  private generationKey(tag: string): string {
    return `${this.prefix}:${tag}:generation`;
  }
}

type CacheCommands = Redis & {
  paddockReadCached(hash: string, generation: string, key: string): Promise<[string | null, string]>;
  paddockStoreRead(hash: string, generation: string, seen: string, key: string, value: string, maxEntries: number, ttlMs: number): Promise<number>;
};
