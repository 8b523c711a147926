import { HttpException, HttpStatus, Inject, Injectable, Logger, Module, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import type { ThrottlerLimitDetail, ThrottlerOptions, ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface.js';
import type { Request, Response } from 'express';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { CHANGES_STATE } from './access.js';
import { SAFE_METHODS } from './csrf.js';
import { APP_CONFIG, RATE_LIMIT_NAMES, type AppConfig, type RateLimitName } from '../config/environment.js';
import { REDIS } from '../infra/redis/redis.module.js';

// @nestjs/throttler is CommonJS and requires the ESM-only @nestjs/common. Node allows that, but jest's
// ESM loader links CommonJS imports before @nestjs/common has run and calls it a cycle; requiring it
// here, once this module's own imports have run, works in both.
const { ThrottlerGuard, ThrottlerModule } = createRequire(import.meta.url)('@nestjs/throttler') as typeof import('@nestjs/throttler');

/**
 * Rate limits (@nestjs/throttler), counted in Redis so they hold across API instances. Each limit
 * applies to one kind of request, counted per user when signed in and per address otherwise:
 *
 * - signIn: the Discord sign-in start and callback (routes marked `@RateLimited('signIn')`)
 * - writes: every change (POST, PUT, PATCH, DELETE, and GETs marked `@ChangesState()`)
 * - uploads: multipart requests (image uploads)
 * - results: results saves, imports and reverts (`@RateLimited('results')`), multipart or not
 * - apiKey: API-key rotation (`@RateLimited('apiKey')`)
 * - pushTest: test notifications (`@RateLimited('pushTest')`)
 * - anonymousReads: reads by visitors
 *
 * Over a limit: 429 in the error shape with `Retry-After` (seconds). The limits come from the
 * RATE_LIMIT_* variables; when Redis cannot be reached requests are let through (fail open).
 */

const RATE_LIMITED = 'paddock:rate-limited';

declare module 'express' {
  interface Request {
    /** Set by the visitor fast path, which already counted this read against the anonymous-reads limit. */
    countedAsVisitorRead?: boolean;
  }
}

/** Puts a route under a limit that only marked routes share (sign-in, API-key rotation, results); it then counts against no other. */
export const RateLimited = (name: 'signIn' | 'apiKey' | 'results' | 'pushTest') => SetMetadata(RATE_LIMITED, name);

/**
 * A fixed window per key (KEYS[key]): INCR (or INCRBY ARGV[by], for several hits at once), and the
 * window's expiry (ARGV[window], ms) set by the first hit; leaves the count in `hits` and the window's
 * remaining ms in `ttl`. Also part of the visitor fast path's read script, which counts a read in the
 * round trip that reads it.
 */
export const countHitLua = (key: number, window: number, by?: number) => `
local hits = ${by === undefined ? `redis.call('INCR', KEYS[${key}])` : `redis.call('INCRBY', KEYS[${key}], ARGV[${by}])`}
local ttl = redis.call('PTTL', KEYS[${key}])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[${key}], ARGV[${window}])
  ttl = tonumber(ARGV[${window}])
end`;

const INCREMENT = `${countHitLua(1, 1)}
return {hits, ttl}`;

const INCREMENT_BY = `${countHitLua(1, 1, 2)}
return {hits, ttl}`;

type RateLimitCommands = Redis & {
  paddockRateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  paddockRateLimitHits(key: string, windowMs: number, hits: number): Promise<[number, number]>;
};

@Injectable()
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private failing = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // Sent by its hash (EVALSHA) once Redis knows it, not as the whole script on every request.
    this.redis.defineCommand('paddockRateLimitHit', { numberOfKeys: 1, lua: INCREMENT });
  }

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    try {
      const [hits, remainingMs] = await (this.redis as RateLimitCommands).paddockRateLimitHit(this.counterKey(throttlerName, key), ttl);
      this.failing = false;
      return limitRecord(hits, remainingMs, limit);
    } catch (error) {
      if (!this.failing) this.logger.warn(`Rate limits are not enforced while Redis fails: ${(error as Error).message}`);
      this.failing = true;
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    }
  }

  /** Where a limit's count for a tracker is kept. */
  counterKey(throttlerName: string, key: string): string {
    return `${this.config.redisPrefix}:ratelimit:${throttlerName}:${key}`;
  }
}

/** A limit's record after a hit: `hits` in the window so far, which ends in `remainingMs`. */
function limitRecord(hits: number, remainingMs: number, limit: number): ThrottlerStorageRecord {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  const isBlocked = hits > limit;
  return { totalHits: hits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
}

function request(context: ExecutionContext): Request {
  return context.switchToHttp().getRequest<Request>();
}

const marked = (context: ExecutionContext): string | undefined =>
  new Reflector().getAllAndOverride<string | undefined>(RATE_LIMITED, [context.getHandler(), context.getClass()]);

/** Whether the request changes something: the AccessGuard's own rule (it sets `changesState`). */
const isWrite = (context: ExecutionContext) => {
  const incoming = request(context);
  return !SAFE_METHODS.has(incoming.method) || !!new Reflector().getAllAndOverride<boolean>(CHANGES_STATE, [context.getHandler(), context.getClass()]);
};

/** Which requests each limit counts. */
const APPLIES: Record<RateLimitName, (context: ExecutionContext) => boolean> = {
  signIn: (context) => marked(context) === 'signIn',
  apiKey: (context) => marked(context) === 'apiKey',
  pushTest: (context) => marked(context) === 'pushTest',
  writes: (context) => isWrite(context) && !marked(context),
  uploads: (context) => isWrite(context) && !marked(context) && !!request(context).is('multipart/form-data'),
  results: (context) => marked(context) === 'results',
  anonymousReads: (context) => !isWrite(context) && !request(context).principal && !marked(context) && !request(context).countedAsVisitorRead,
};

/** Signed-in callers are counted by user, visitors by address (behind TRUST_PROXY, the client's). */
function tracker(incoming: Record<string, unknown>): string {
  const principal = (incoming as unknown as Request).principal;
  return principal ? `user:${principal.userId}` : visitorTracker(incoming as unknown as Request);
}

const visitorTracker = (incoming: Request) => `ip:${incoming.ip ?? 'unknown'}`;

/** What a caller over a limit is told. */
export const tooManyRequests = (retryAfterSeconds: number) => `Too many requests; try again in ${retryAfterSeconds} s`;

/** A limit's key for a tracker, as the guard builds it (one count per limit, not per route). */
const limitKey = (name: RateLimitName, trackerKey: string) => `${name}:${trackerKey}`;

/**
 * A visitor's read as the anonymous-reads limit counts it outside Nest's pipeline (the visitor fast
 * path, whose read script counts it with `countHitLua`), in the guard's own count; once counted, the
 * request is marked so the guard does not count it again when it goes on to Nest.
 */
export interface VisitorReadCount {
  key: string;
  windowMs: number;
  /** The limit's record once the script counted the read; marks the request counted, as `countVisitorRead` does. */
  counted(hits: number, remainingMs: number): ThrottlerStorageRecord;
}

export function visitorReadCount(storage: RedisThrottlerStorage, config: AppConfig, incoming: Request): VisitorReadCount {
  const { limit, windowMs } = config.rateLimits.anonymousReads;
  return {
    key: storage.counterKey('anonymousReads', limitKey('anonymousReads', visitorTracker(incoming))),
    windowMs,
    counted: (hits, remainingMs) => {
      incoming.countedAsVisitorRead = true;
      return limitRecord(hits, remainingMs, limit);
    },
  };
}

/**
 * Visitors' reads that the read fast path answers from the process (no round trip to Redis), counted
 * against the anonymous-reads limit here and sent to Redis together every `COUNT_BATCH_MS`. A read is
 * counted here only while the count Redis last gave for its address, with the reads sent since and not
 * answered yet and the reads counted here since, stays within the limit in a window that is not about to
 * end; any other read is counted in Redis before it is answered, with the reads counted here and not sent
 * yet (`sendWith`), and Redis' answer is told here (`heard`). So an address never gets past its limit
 * through one process; across processes, by no more than the reads the others counted in their last
 * batch's time. A read of an address Redis last counted past its limit is refused here, and counted
 * here too, until its window is about to end (`refusedHere`).
 */
export class BatchedVisitorCounts {
  private readonly logger = new Logger('RateLimit');
  /** Per counter: the hits Redis last answered, when its window ends, the reads sent since and not answered, and the reads not sent yet. */
  private readonly counts = new Map<string, { hits: number; endsAt: number; sent: number; unsent: number }>();
  private sending: NodeJS.Timeout | undefined;
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(
    private readonly redis: Redis,
    config: AppConfig,
  ) {
    ({ limit: this.limit, windowMs: this.windowMs } = config.rateLimits.anonymousReads);
    this.redis.defineCommand('paddockRateLimitHits', { numberOfKeys: 1, lua: INCREMENT_BY });
  }

  /** Counts a read of the counter `key` here when it surely stays within the limit: true; false when Redis must count it. */
  countHere(key: string): boolean {
    const count = this.counts.get(key);
    if (!count || count.endsAt - COUNT_BATCH_MS <= Date.now() || count.hits + count.sent + count.unsent >= this.limit) return false;
    this.countUnsent(count);
    return true;
  }

  private countUnsent(count: { unsent: number }): void {
    count.unsent += 1;
    this.sending ??= setTimeout(() => this.send(), COUNT_BATCH_MS).unref();
  }

  /**
   * Refuses here a read of `key` whose address Redis last counted past the limit, in a window not about
   * to end: counted here too, and sent with the next batch. The seconds until it may read again, or
   * undefined when Redis must count it. An address flooding the site past its limit costs a round trip
   * per batch, not per read.
   */
  refusedHere(key: string): number | undefined {
    const count = this.counts.get(key);
    const remainingMs = count ? count.endsAt - Date.now() : 0;
    if (!count || count.hits <= this.limit || remainingMs <= COUNT_BATCH_MS) return undefined;
    this.countUnsent(count);
    return limitRecord(count.hits, remainingMs, this.limit).timeToBlockExpire;
  }

  /**
   * How many reads a count of `key` sent to Redis now carries: `own` (the reads counted by that command's
   * sender), and the reads counted here and not sent yet. Until `heard` (or `lost`) they count as sent.
   */
  sendWith(key: string, own: number): number {
    const count = this.counts.get(key);
    if (!count) return own;
    const hits = own + count.unsent;
    Object.assign(count, { sent: count.sent + hits, unsent: 0 });
    return hits;
  }

  /** What Redis answered a count of `sent` reads of `key`: the hits in its window so far, and the window's remaining ms. */
  heard(key: string, sent: number, hits: number, remainingMs: number): void {
    const count = this.counts.get(key);
    if (count) Object.assign(count, { hits, endsAt: Date.now() + remainingMs, sent: Math.max(0, count.sent - sent) });
    else if (this.counts.size < MAX_COUNTED_ADDRESSES) this.counts.set(key, { hits, endsAt: Date.now() + remainingMs, sent: 0, unsent: 0 });
  }

  /** A count of `sent` reads of `key` that Redis did not answer: not counted, as any count while Redis fails (the limits fail open). */
  lost(key: string, sent: number): void {
    const count = this.counts.get(key);
    if (count) count.sent = Math.max(0, count.sent - sent);
  }

  private send(): void {
    this.sending = undefined;
    for (const [key, count] of this.counts) {
      if (!count.unsent) continue;
      const hits = this.sendWith(key, 0);
      (this.redis as RateLimitCommands).paddockRateLimitHits(key, this.windowMs, hits).then(
        ([total, remainingMs]) => this.heard(key, hits, total, remainingMs),
        (error: Error) => {
          this.lost(key, hits);
          this.logger.debug(`Visitors' reads not counted: ${error.message}`);
        },
      );
    }
    this.forgetEnded();
  }

  private forgetEnded(): void {
    const now = Date.now();
    for (const [key, count] of this.counts) if (count.endsAt <= now && !count.unsent && !count.sent) this.counts.delete(key);
  }
}

/** How often the reads counted in the process are sent to Redis (ms). */
const COUNT_BATCH_MS = 20;
/** The addresses whose count one process keeps at most (the reads of others are counted in Redis first). */
const MAX_COUNTED_ADDRESSES = 50_000;

/**
 * The throttler guard, registered after the AccessGuard so it knows who is calling. A limit is kept
 * per route group, not per handler: all writes of a user share one count.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override generateKey(_context: ExecutionContext, trackerKey: string, name: string): string {
    return limitKey(name as RateLimitName, trackerKey);
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(detail.timeToBlockExpire));
    throw new HttpException(tooManyRequests(detail.timeToBlockExpire), HttpStatus.TOO_MANY_REQUESTS);
  }
}

export function throttlers(config: AppConfig): ThrottlerOptions[] {
  return RATE_LIMIT_NAMES.map((name) => ({
    name,
    limit: config.rateLimits[name].limit,
    ttl: config.rateLimits[name].windowMs,
    skipIf: (context: ExecutionContext) => context.getType() !== 'http' || !APPLIES[name](context),
  }));
}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis) => ({
        throttlers: throttlers(config),
        storage: new RedisThrottlerStorage(redis, config),
        getTracker: tracker,
        setHeaders: false,
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class RateLimitModule {}
