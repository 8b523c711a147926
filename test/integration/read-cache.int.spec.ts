import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../backend/src/config/environment.js';
import { MAX_ENTRIES_PER_TAG, READ_TTL_MS, ReadCache, type CacheMiss, type CachedAnswer } from '../../backend/src/infra/read-cache/read-cache.js';
import { eventually } from '../support/eventually.js';

const etagOf = (body: Buffer) => `W/"${body.length}"`;
const bodyOf = (answer: CachedAnswer | CacheMiss | null) => (answer && 'body' in answer ? answer.body.toString() : answer);

/**
 * Counts, from now on, the callers that found another caller's work in progress in one of the cache's
 * maps (`loading`: fast-path loads; `loads`: loads through `json`) and wait for it instead of loading.
 */
function waitersOn(cache: ReadCache, inProgress: 'loading' | 'loads'): () => number {
  const lookups = jest.spyOn((cache as unknown as Record<typeof inProgress, Map<string, Promise<unknown>>>)[inProgress], 'get');
  lookups.mockClear();
  return () => lookups.mock.results.filter(({ value }) => value instanceof Promise).length;
}

/** The shared read cache against the real Redis: hits, invalidation, the race with a slow read, bounds, outages. */
describe('ReadCache', () => {
  let redis: Redis;
  let cache: ReadCache;
  const prefix = `test-read-cache-${randomUUID()}`;

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    cache = new ReadCache(redis, { redisPrefix: prefix } as AppConfig);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('loads once and serves the same JSON text until the tag is invalidated', async () => {
    const load = jest.fn(async () => ({ seats: 20 }));
    expect(await cache.json('events', '/api/events/1', load)).toBe('{"seats":20}');
    expect(await cache.json('events', '/api/events/1', load)).toBe('{"seats":20}');
    expect(load).toHaveBeenCalledTimes(1);

    await cache.invalidate(['events']);
    load.mockResolvedValueOnce({ seats: 19 });
    expect(await cache.json('events', '/api/events/1', load)).toBe('{"seats":19}');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("answers the fast path from the process's copy while the tag's generation holds, and drops it when another instance invalidates", async () => {
    const countedEtagOf = jest.fn(etagOf);
    const otherInstance = new ReadCache(redis, { redisPrefix: prefix } as AppConfig);
    const miss = await cache.answer('copies', '/api/copied', countedEtagOf);
    expect(miss).toEqual({ loaded: expect.any(Function) });
    await cache.json('copies', '/api/copied', async () => ({ seats: 20 }));
    (miss as CacheMiss).loaded();
    const first = (await cache.answer('copies', '/api/copied', countedEtagOf)) as CachedAnswer;
    expect({ body: first.body.toString(), etag: first.etag }).toEqual({ body: '{"seats":20}', etag: 'W/"12"' });
    // The same copy, its ETag computed once.
    expect(await cache.answer('copies', '/api/copied', countedEtagOf)).toBe(first);
    expect(countedEtagOf).toHaveBeenCalledTimes(1);

    await otherInstance.invalidate(['copies']);
    const missAfterChange = await cache.answer('copies', '/api/copied', countedEtagOf);
    expect(missAfterChange).toEqual({ loaded: expect.any(Function) });
    await otherInstance.json('copies', '/api/copied', async () => ({ seats: 19 }));
    (missAfterChange as CacheMiss).loaded();
    expect(bodyOf(await cache.answer('copies', '/api/copied', countedEtagOf))).toBe('{"seats":19}');
  });

  it('lets one fast-path request of the process load a changed entry while the others wait for its answer', async () => {
    await cache.json('herd', '/api/herd', async () => ({ seats: 20 }));
    expect(bodyOf(await cache.answer('herd', '/api/herd', etagOf))).toBe('{"seats":20}');
    await cache.invalidate(['herd']);

    const loader = (await cache.answer('herd', '/api/herd', etagOf)) as CacheMiss;
    expect(loader).toEqual({ loaded: expect.any(Function) });
    const waiters = waitersOn(cache, 'loading');
    const waiting = [cache.answer('herd', '/api/herd', etagOf), cache.answer('herd', '/api/herd', etagOf)];
    await eventually(() => expect(waiters()).toBe(2));
    await cache.json('herd', '/api/herd', async () => ({ seats: 19 }));
    loader.loaded();
    expect((await Promise.all(waiting)).map(bodyOf)).toEqual(['{"seats":19}', '{"seats":19}']);
  });

  it('lets a waiting request take the load over from a loader that never says it is done', async () => {
    const impatient = new ReadCache(redis, { redisPrefix: prefix } as AppConfig);
    // The process's wait for another request's load (5 s), shortened for the test.
    Object.assign(impatient, { loadWaitMs: 50 });
    await impatient.invalidate(['lost']);
    const lost = await impatient.answer('lost', '/api/lost', etagOf);
    expect(lost).toEqual({ loaded: expect.any(Function) });

    const takeover = await impatient.answer('lost', '/api/lost', etagOf);
    expect(takeover).toEqual({ loaded: expect.any(Function) });
    // The new loader holds the others as the first did (now for as long as it takes), and lets them go when done.
    Object.assign(impatient, { loadWaitMs: 60_000 });
    const waiters = waitersOn(impatient, 'loading');
    const waiting = impatient.answer('lost', '/api/lost', etagOf);
    await eventually(() => expect(waiters()).toBe(1));
    await impatient.json('lost', '/api/lost', async () => ({ seats: 17 }));
    (takeover as CacheMiss).loaded();
    expect(bodyOf(await waiting)).toBe('{"seats":17}');
  });

  it('serves an entry that only outlived the TTL while one request of the process loads it again', async () => {
    await cache.json('aged', '/api/aged', async () => ({ seats: 20 }));
    expect(bodyOf(await cache.answer('aged', '/api/aged', etagOf))).toBe('{"seats":20}');
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + READ_TTL_MS + 1);
    try {
      const loader = await cache.answer('aged', '/api/aged', etagOf);
      expect(loader).toEqual({ loaded: expect.any(Function) });
      expect(bodyOf(await cache.answer('aged', '/api/aged', etagOf))).toBe('{"seats":20}');
      await cache.json('aged', '/api/aged', async () => ({ seats: 18 }));
      (loader as CacheMiss).loaded();
      expect(bodyOf(await cache.answer('aged', '/api/aged', etagOf))).toBe('{"seats":18}');
    } finally {
      clock.mockRestore();
    }
  });

  it('loads an entry once for concurrent callers', async () => {
    let finish!: (value: unknown) => void;
    const load = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    const waiters = waitersOn(cache, 'loads');
    const callers = [cache.json('shared', '/api/shared', load), cache.json('shared', '/api/shared', load)];
    await eventually(() => expect([load.mock.calls.length, waiters()]).toEqual([1, 1]));
    finish({ seats: 7 });
    expect(await Promise.all(callers)).toEqual(['{"seats":7}', '{"seats":7}']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps tags apart: invalidating one leaves the others cached', async () => {
    const games = jest.fn(async () => ['ACC']);
    await cache.json('games', '/api/games', games);
    await cache.invalidate(['other']);
    await cache.json('games', '/api/games', games);
    expect(games).toHaveBeenCalledTimes(1);
  });

  it('never stores an answer loaded before an invalidation that happened while it loaded', async () => {
    let finish!: (value: unknown) => void;
    const load = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    const slow = cache.json('race', '/slow', load);
    // Loading starts once the tag's generation was read: the invalidation comes after that.
    await eventually(() => expect(load).toHaveBeenCalled());
    await cache.invalidate(['race']);
    finish({ state: 'old' });
    expect(await slow).toBe('{"state":"old"}');

    const fresh = jest.fn(async () => ({ state: 'new' }));
    expect(await cache.json('race', '/slow', fresh)).toBe('{"state":"new"}');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('loads again once an entry is older than the read TTL', async () => {
    const load = jest.fn(async () => 'answer');
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    try {
      await cache.json('ttl', '/ttl', load);
      clock.mockReturnValue(now + READ_TTL_MS + 1);
      await cache.json('ttl', '/ttl', load);
    } finally {
      clock.mockRestore();
    }
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('holds at most MAX_ENTRIES_PER_TAG entries a tag, whatever callers ask for', async () => {
    const fill = redis.multi();
    for (let i = 0; i < MAX_ENTRIES_PER_TAG; i += 1) fill.hset(`${prefix}:reads:paged`, `/page/${i}`, `${Date.now() + 60_000}|[]`);
    await fill.exec();
    const load = jest.fn(async () => []);
    await cache.json('paged', '/page/one-more', load);
    await cache.json('paged', '/page/one-more', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(await redis.hlen(`${prefix}:reads:paged`)).toBe(MAX_ENTRIES_PER_TAG);
  });

  it('reads the database when Redis cannot be reached', async () => {
    const offline = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true });
    offline.on('error', () => undefined);
    const degraded = new ReadCache(offline, { redisPrefix: prefix } as AppConfig);
    expect(await degraded.json('events', '/api/events/1', async () => ({ from: 'database' }))).toBe('{"from":"database"}');
    offline.disconnect();
  });
});
