import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { setTimeout as delay } from 'node:timers/promises';
import { countHitLua } from '../../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { REDIS } from '../redis/redis.module.js';
import { afterPendingReads, TrackedKeys } from '../redis/tracked-keys.js';
import { CALLER_KEY_PARTS, entryKeyFor, type EntryKey } from './read-keys.js';

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

/** The tag's generation, and the entry only when the generation is not the one the caller holds (ARGV[2]). */
const READ_IF_CHANGED = `
local generation = redis.call('GET', KEYS[2]) or ''
if generation == ARGV[2] then return {generation} end
return {generation, redis.call('HGET', KEYS[1], ARGV[1])}`;

/** READ_IF_CHANGED, with ARGV[4] hits counted against a rate limit first (KEYS[3], window ARGV[3]): its count and remaining ms lead the answer. */
const COUNT_AND_READ_IF_CHANGED = `${countHitLua(3, 3, 4)}
local generation = redis.call('GET', KEYS[2]) or ''
if generation == ARGV[2] then return {hits, ttl, generation} end
return {hits, ttl, generation, redis.call('HGET', KEYS[1], ARGV[1])}`;

/**
 * A signed-in session's read in one round trip: the session (KEYS[1]), renewed as express-session's
 * rolling store renews it (`EXPIRE` for its cookie's max age) when it names a signed-in user, though
 * only once its idle time has run down by a renewal step (ARGV[7] ms, or a tenth of the idle time if
 * less): a renewal is a write, which every process keeping the session hears of; then the tag's
 * generation and, unless the caller holds a current copy (its key ARGV[3] and generation ARGV[4]), the
 * entry — keyed by the URL ARGV[1], under the session's user when the read is per caller (ARGV[2]).
 * Returns nothing without a session; the session alone when it names no user (nothing renewed: the
 * session middlewares decide); else the session, its user, the generation, how long (ms) the process
 * may keep the session before it asks again (the renewal step, or less when the session ends sooner)
 * and the entry.
 */
const READ_IN_SESSION = `
local session = redis.call('GET', KEYS[1])
if not session then return {} end
local ok, stored = pcall(cjson.decode, session)
if not ok or type(stored) ~= 'table' then return {session} end
local user = type(stored.passport) == 'table' and stored.passport.user
local maxAge = type(stored.cookie) == 'table' and stored.cookie.originalMaxAge
if type(user) ~= 'number' or type(maxAge) ~= 'number' or maxAge <= 0 then return {session} end
local step = math.min(tonumber(ARGV[7]), maxAge / 10)
local ttl = redis.call('PTTL', KEYS[1])
if ttl < maxAge - step then
  redis.call('EXPIRE', KEYS[1], math.ceil(maxAge / 1000))
  ttl = math.ceil(maxAge / 1000) * 1000
end
local keepFor = math.floor(math.min(step, ttl))
local caller = string.format('%d', user)
local key = ARGV[1]
if ARGV[2] == '1' then key = ARGV[5] .. caller .. ARGV[6] .. ARGV[1] end
local generation = redis.call('GET', KEYS[3]) or ''
if key == ARGV[3] and generation == ARGV[4] then return {session, caller, generation, keepFor} end
return {session, caller, generation, keepFor, redis.call('HGET', KEYS[2], key)}`;

/**
 * How long at most a signed-in session's idle time runs down before a read renews it, and so how long
 * a process keeps the session between two reads of it (`TrackedKeys`). A session used without pause
 * ends its idle time at most twice this earlier than one renewed at every request would.
 */
const SESSION_RENEWAL_STEP_MS = 60_000;
/** How long a process keeps a tag's generation between two reads of it (it also hears of every change). */
const GENERATION_KEPT_MS = 60_000;
/** The sessions and generations one process keeps at most (then it starts again). */
const MAX_KEPT_KEYS = 50_000;

/** Never a generation (those are '' or a number): what a caller without a copy of the entry sends. */
const NO_COPY = '-';
/** The answers one process keeps copies of (their bytes, at most `MAX_COPY_BYTES` in all). */
const MAX_COPIES = 1_000;
const MAX_COPY_BYTES = 32 * 1024 * 1024;
/** How many loads by other requests a fast-path request waits for before it loads the entry itself. */
const MAX_WAITS_FOR_A_LOAD = 2;
/**
 * How long a fast-path request waits for another request's load of the entry before it takes the load
 * over: a loader that never says it is done would otherwise hold every later reader of the entry.
 */
const LOAD_WAIT_MS = 5_000;

/** A cached read's answer as sent: the JSON bytes and their ETag. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
}

/** A fast-path request that loads the entry through the full pipeline: `loaded` once its answer is sent (or it failed). */
export interface CacheMiss {
  loaded(): void;
}

interface Copy extends CachedAnswer {
  generation: string;
  expiresAt: number;
}

/** What one lookup in Redis found: the entry's id (tag and key), the tag's generation, and the entry unless the held copy is current. */
interface Lookup {
  id: string;
  generation: string;
  stored: Buffer | null | undefined;
}

/** A session's read: no signed-in session the cache renewed (`session` null), or the stored session as JSON text, its user and the cache's answer. */
export type SessionRead = { session: null } | { session: string; userId: number; answer: CachedAnswer | CacheMiss | null };

/** A signed-in session the process keeps: its stored JSON text and its user. */
interface KeptSession {
  session: string;
  userId: number;
}

/**
 * Public reads served from Redis as ready JSON text, shared by every API instance. Entries live in
 * one hash per tag (e.g. `events`); invalidating a tag drops the hash and bumps its generation, so
 * the next read loads from PostgreSQL. Domain events invalidate the tags that declared them (see
 * `@CachedRead`): at commit in the process that made the change, and again by the outbox relay
 * before the event goes out, so no browser refetching after a push gets the old state.
 * If Redis fails, reads go to the database.
 *
 * The fast paths also keep a copy of the answers they send in the process, with their ETag, each valid
 * while its tag's generation in Redis is the one it was taken at. A request is answered from the copy
 * with no round trip when the process keeps the tag's generation (and, signed in, the session; see
 * `keepInProcess`): Redis tells it of every change to either, and the request waits for the messages
 * that arrived with it. Otherwise it asks Redis for the generation (a few bytes, not the entry), so an
 * invalidation anywhere is seen at once.
 */
@Injectable()
export class ReadCache implements OnApplicationShutdown {
  private readonly logger = new Logger(ReadCache.name);
  private readonly prefix: string;
  private readonly generationPrefix: string;
  /** Signed-in sessions and tags' generations kept in the process, once `keepInProcess` started it. */
  private kept: TrackedKeys<KeptSession | string> | undefined;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.prefix = `${config.redisPrefix}:reads`;
    // Apart from the entries' hashes, so that tracking the generations does not report every entry stored.
    this.generationPrefix = `${config.redisPrefix}:read-generations:`;
    this.redis.defineCommand('paddockReadCached', { numberOfKeys: 2, lua: READ_WITH_GENERATION });
    this.redis.defineCommand('paddockStoreRead', { numberOfKeys: 2, lua: STORE_IF_CURRENT });
    this.redis.defineCommand('paddockReadIfChanged', { numberOfKeys: 2, lua: READ_IF_CHANGED });
    this.redis.defineCommand('paddockCountAndReadIfChanged', { numberOfKeys: 3, lua: COUNT_AND_READ_IF_CHANGED });
    this.redis.defineCommand('paddockReadInSession', { numberOfKeys: 3, lua: READ_IN_SESSION });
  }

  private readonly copies = new Map<string, Copy>();
  private copiedBytes = 0;
  /** The entries a fast-path request of this process is loading, by id: the others wait for them (`loadWaitMs` at most a time). */
  private readonly loading = new Map<string, Promise<void>>();
  private readonly loadWaitMs = LOAD_WAIT_MS;
  /** Loads in progress through `json`, by entry and the generation they will be stored under: concurrent callers share one. */
  private readonly loads = new Map<string, Promise<string>>();

  /**
   * The JSON text of the read (or the text `asText` makes of its answer): cached, or loaded now (and
   * cached unless the tag changed meanwhile); concurrent loads of one entry are one.
   */
  async json(tag: string, key: string, load: () => Promise<unknown>, asText: (answer: unknown) => string = JSON.stringify): Promise<string> {
    const [hash, generation] = [this.hashKey(tag), this.generationKey(tag)];
    let seen: string;
    try {
      const [cached, current] = await (this.redis as CacheCommands).paddockReadCached(hash, generation, key);
      const hit = cached && this.fresh(cached);
      if (hit) return hit;
      seen = current;
    } catch (error) {
      this.logger.debug(`Read cache unavailable (${(error as Error).message}); reading the database`);
      return asText(await load());
    }
    const flight = `${tag}\n${key}\n${seen}`;
    const pending = this.loads.get(flight);
    if (pending) return pending;
    const loading = (async () => {
      const json = asText(await load());
      const stored = `${Date.now() + READ_TTL_MS}${ENTRY_SEPARATOR}${json}`;
      await (this.redis as CacheCommands).paddockStoreRead(hash, generation, seen, key, stored, MAX_ENTRIES_PER_TAG, READ_TTL_MS * 6).catch(() => 0);
      return json;
    })().finally(() => this.loads.delete(flight));
    this.loads.set(flight, loading);
    return loading;
  }

  /**
   * The fast path's lookup, which never loads: the cached answer; or, when there is none (or it is
   * older than the TTL), a `CacheMiss` that makes this request the one of the process that loads it
   * through the full pipeline; or null (Redis fails, or the wait ran out): load without holding the
   * others. While a request of the process loads an entry, the others wait for it rather than each
   * loading it too (for `LOAD_WAIT_MS` at most, then one of them loads it instead), and an entry that
   * only outlived the TTL (no domain event changed its tag) is still served to them. `etagOf` computes
   * the ETag of an answer the process has no copy of yet.
   */
  async answer(tag: string, key: string, etagOf: (body: Buffer) => string): Promise<CachedAnswer | CacheMiss | null> {
    const id = `${tag}\n${key}`;
    return this.answerFrom(
      () => id,
      (_held, heldGeneration) => this.readIfChanged(tag, key, heldGeneration),
      etagOf,
    );
  }

  /** The tag's generation, and the entry of `key` unless `heldGeneration` is current (then the generation is kept, see `keepInProcess`). */
  private async readIfChanged(tag: string, key: string, heldGeneration: string): Promise<Lookup> {
    const mark = this.kept?.mark();
    const [seen, stored] = await (this.redis as CacheCommands).paddockReadIfChangedBuffer(this.hashKey(tag), this.generationKey(tag), key, heldGeneration);
    const generation = seen.toString();
    this.keepGeneration(tag, generation, mark);
    return { id: `${tag}\n${key}`, generation, stored };
  }

  /**
   * `answer`, counting `count.hits` reads (this one and any the caller counted meanwhile) against a
   * rate limit in the same round trip (its counter `count.key`, window `count.windowMs`): the answer, and
   * the count and the window's remaining ms; null when Redis fails (nothing was counted then, as far as
   * the caller can tell).
   */
  async answerCounted(
    tag: string,
    key: string,
    etagOf: (body: Buffer) => string,
    count: { key: string; windowMs: number; hits: number },
  ): Promise<{ answer: CachedAnswer | CacheMiss | null; hits: number; remainingMs: number } | null> {
    const id = `${tag}\n${key}`;
    const tally: { count?: { hits: number; remainingMs: number } } = {};
    const answer = await this.answerFrom(
      () => id,
      async (_held, heldGeneration) => {
        // Counted once: a request waiting for another's load looks the entry up again without counting.
        if (tally.count) return this.readIfChanged(tag, key, heldGeneration);
        const mark = this.kept?.mark();
        const [hits, remainingMs, seen, stored] = await (this.redis as CacheCommands).paddockCountAndReadIfChangedBuffer(
          this.hashKey(tag),
          this.generationKey(tag),
          count.key,
          key,
          heldGeneration,
          count.windowMs,
          count.hits,
        );
        tally.count = { hits, remainingMs };
        const generation = seen.toString();
        this.keepGeneration(tag, generation, mark);
        return { id, generation, stored };
      },
      etagOf,
    );
    return tally.count ? { answer, ...tally.count } : null;
  }

  /**
   * `answer` for a signed-in session's request, before the session middlewares: one round trip reads
   * the session stored under `sessionKey`, renews it, and reads the entry of `entry` for the session's
   * user (see READ_IN_SESSION). `knownUserId` is the user the caller last saw in this session, if any:
   * the copy it may hold of that user's entry is then sent only when it changed. Throws when Redis fails.
   * No round trip at all when the process keeps the session, the tag's generation and a current copy.
   */
  async answerInSession(sessionKey: string, knownUserId: number | undefined, tag: string, entry: EntryKey, etagOf: (body: Buffer) => string): Promise<SessionRead> {
    const kept = await this.keptSessionAnswer(sessionKey, tag, entry);
    if (kept) return kept;
    const seen: { read: SessionRead } = { read: { session: null } };
    const idOf = (userId: number) => `${tag}\n${entryKeyFor(entry, userId)}`;
    const answer = await this.answerFrom(
      () => (knownUserId === undefined ? undefined : idOf(knownUserId)),
      async (held, heldGeneration) => {
        const heldKey = held === undefined ? NO_COPY : held.slice(tag.length + 1);
        const mark = this.kept?.mark();
        const [session, caller, generation, keepFor, stored] = await (this.redis as CacheCommands).paddockReadInSessionBuffer(
          sessionKey,
          this.hashKey(tag),
          this.generationKey(tag),
          entry.url,
          entry.perCaller ? '1' : '0',
          heldKey,
          heldGeneration,
          CALLER_KEY_PARTS.before,
          CALLER_KEY_PARTS.after,
          SESSION_RENEWAL_STEP_MS,
        );
        if (!session || !caller || !generation || keepFor === undefined) {
          seen.read = { session: null };
          return null;
        }
        const userId = Number(caller.toString());
        seen.read = { session: session.toString(), userId, answer: null };
        if (mark !== undefined) this.kept?.keep(sessionKey, { session: seen.read.session, userId }, mark, Date.now() + keepFor);
        this.keepGeneration(tag, generation.toString(), mark);
        return { id: idOf(userId), generation: generation.toString(), stored };
      },
      etagOf,
      true,
    );
    return seen.read.session === null ? seen.read : { ...seen.read, answer };
  }

  /**
   * Starts keeping signed-in sessions (stored under `sessionPrefix`) and the tags' generations in the
   * process, on connections of its own that hear of every change to them (`TrackedKeys`): a read of an
   * answer the process holds, a visitor's or a signed-in session's, is then answered with no round trip
   * to Redis. Until it is called (the worker, which answers no reads), every read asks Redis.
   */
  keepInProcess(sessionPrefix: string): void {
    this.kept ??= new TrackedKeys(this.config.redisUrl, `${this.config.redisPrefix}:kept-reads`, [sessionPrefix, this.generationPrefix], MAX_KEPT_KEYS);
  }

  onApplicationShutdown(): void {
    this.kept?.close();
  }

  /**
   * A visitor's read of the entry `key`, answered from what the process keeps: the tag's generation and
   * a current copy of the entry, when `admit` (the visitor's count) lets it; undefined when Redis must be
   * asked. Decided after the messages that arrived with the request are read (`afterPendingReads`), so a
   * change Redis told of before it is seen.
   */
  async keptAnswer(tag: string, key: string, admit: () => boolean): Promise<CachedAnswer | undefined> {
    if (!this.keptCopy(tag, key)) return undefined;
    await afterPendingReads();
    const copy = this.keptCopy(tag, key);
    return copy && admit() ? copy : undefined;
  }

  /** As `keptAnswer`, for a signed-in session's read: the session is kept too. */
  private async keptSessionAnswer(sessionKey: string, tag: string, entry: EntryKey): Promise<SessionRead | undefined> {
    if (!this.keptSessionCopy(sessionKey, tag, entry)) return undefined;
    await afterPendingReads();
    return this.keptSessionCopy(sessionKey, tag, entry);
  }

  private keptSessionCopy(sessionKey: string, tag: string, entry: EntryKey): SessionRead | undefined {
    const session = this.kept?.get(sessionKey);
    if (typeof session !== 'object') return undefined;
    const copy = this.keptCopy(tag, entryKeyFor(entry, session.userId));
    return copy && { ...session, answer: copy };
  }

  /** The process's copy of an entry, when the tag's generation is kept and the copy was taken at it (and is not past its TTL). */
  private keptCopy(tag: string, key: string): Copy | undefined {
    const generation = this.kept?.get(this.generationKey(tag));
    if (typeof generation !== 'string') return undefined;
    const copy = this.copies.get(`${tag}\n${key}`);
    return copy && copy.generation === generation && copy.expiresAt > Date.now() ? copy : undefined;
  }

  /** Keeps a tag's generation read at `mark` (see `TrackedKeys.keep`), once tracking started. */
  private keepGeneration(tag: string, generation: string, mark: number | undefined): void {
    if (mark !== undefined) this.kept?.keep(this.generationKey(tag), generation, mark, Date.now() + GENERATION_KEPT_MS);
  }

  /**
   * The answer of the entry `lookUp` finds, sending it the id and generation of the copy this process
   * holds of the entry `heldId` names (when current). A lookup that finds nothing to answer (null) ends it.
   */
  private async answerFrom(
    heldId: () => string | undefined,
    lookUp: (held: string | undefined, heldGeneration: string) => Promise<Lookup | null>,
    etagOf: (body: Buffer) => string,
    rethrow = false,
  ): Promise<CachedAnswer | CacheMiss | null> {
    for (let waits = 0; ; waits += 1) {
      const held = heldId();
      const heldCopy = held === undefined ? undefined : this.copies.get(held);
      const current = heldCopy && heldCopy.expiresAt > Date.now();
      let found: Lookup | null;
      try {
        found = await lookUp(held, current ? heldCopy.generation : NO_COPY);
      } catch (error) {
        if (rethrow) throw error;
        return null;
      }
      if (!found) return null;
      const { id, generation, stored } = found;
      if (current && id === held && generation === heldCopy.generation) return heldCopy;
      const entry = stored && this.unexpired(stored);
      if (entry) return this.keep(id, { body: entry.body, etag: etagOf(entry.body), generation, expiresAt: entry.expiresAt });
      const loading = this.loading.get(id);
      if (!loading) return this.startLoading(id);
      const copy = this.copies.get(id);
      if (copy?.generation === generation) return copy;
      if (waits === MAX_WAITS_FOR_A_LOAD) return null;
      if (!(await settlesWithin(loading, this.loadWaitMs)) && this.loading.get(id) === loading) this.loading.delete(id);
    }
  }

  private startLoading(id: string): CacheMiss {
    let finish!: () => void;
    const loading = new Promise<void>((resolve) => (finish = resolve));
    this.loading.set(id, loading);
    return {
      loaded: () => {
        if (this.loading.get(id) === loading) this.loading.delete(id);
        finish();
      },
    };
  }

  private unexpired(stored: Buffer): { body: Buffer; expiresAt: number } | null {
    const separator = stored.indexOf(ENTRY_SEPARATOR);
    const expiresAt = Number(stored.toString('latin1', 0, separator));
    return expiresAt > Date.now() ? { body: stored.subarray(separator + 1), expiresAt } : null;
  }

  private keep(id: string, copy: Copy): Copy {
    this.forget(id);
    this.copies.set(id, copy);
    this.copiedBytes += copy.body.length;
    for (const [oldest] of this.copies) {
      if (this.copies.size <= MAX_COPIES && this.copiedBytes <= MAX_COPY_BYTES) break;
      this.forget(oldest);
    }
    return copy;
  }

  private forget(id: string): void {
    const copy = this.copies.get(id);
    if (!copy) return;
    this.copies.delete(id);
    this.copiedBytes -= copy.body.length;
  }

  /** Drops every cached read of these tags. */
  async invalidate(tags: Iterable<string>): Promise<void> {
    const unique = [...new Set(tags)];
    if (!unique.length) return;
    const batch = this.redis.multi();
    for (const tag of unique) batch.incr(this.generationKey(tag)).del(this.hashKey(tag));
    await batch.exec();
    this.kept?.changed(unique.map((tag) => this.generationKey(tag)));
  }

  private fresh(stored: string): string | null {
    const separator = stored.indexOf(ENTRY_SEPARATOR);
    return Number(stored.slice(0, separator)) > Date.now() ? stored.slice(separator + 1) : null;
  }

  private hashKey(tag: string): string {
    return `${this.prefix}:${tag}`;
  }

  private generationKey(tag: string): string {
    return `${this.generationPrefix}${tag}`;
  }
}

/** Whether `promise` settles within `ms`; the timer goes either way. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  const timer = new AbortController();
  try {
    return await Promise.race([promise.then(() => true), delay(ms, false, { signal: timer.signal, ref: false })]);
  } finally {
    timer.abort();
  }
}

type CacheCommands = Redis & {
  paddockReadCached(hash: string, generation: string, key: string): Promise<[string | null, string]>;
  paddockStoreRead(hash: string, generation: string, seen: string, key: string, value: string, maxEntries: number, ttlMs: number): Promise<number>;
  paddockReadIfChangedBuffer(hash: string, generation: string, key: string, held: string): Promise<[Buffer, Buffer | null | undefined]>;
  paddockCountAndReadIfChangedBuffer(
    hash: string,
    generation: string,
    counter: string,
    key: string,
    held: string,
    windowMs: number,
    hits: number,
  ): Promise<[number, number, Buffer, Buffer | null | undefined]>;
  paddockReadInSessionBuffer(
    session: string,
    hash: string,
    generation: string,
    url: string,
    perCaller: '1' | '0',
    heldKey: string,
    heldGeneration: string,
    callerKeyBefore: string,
    callerKeyAfter: string,
    renewalStepMs: number,
  ): Promise<[Buffer?, Buffer?, Buffer?, number?, (Buffer | null)?]>;
};
