import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { get, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Socket } from 'socket.io-client';
import type { AttendeeDto, EventDetailsDto, EventDto } from '../../backend/src/contracts/events.js';
import { COMPRESS_FROM_BYTES } from '../../backend/src/common/compressed-answers.js';
import { ReadCacheInterceptor } from '../../backend/src/infra/read-cache/cached-read.js';
import { READ_TTL_MS, ReadCache } from '../../backend/src/infra/read-cache/read-cache.js';
import { REDIS } from '../../backend/src/infra/redis/redis.module.js';
import type { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { EVENT_READS } from '../../backend/src/modules/events/events.reads.js';
import { CURRENT_USER_READS } from '../../backend/src/modules/users/users.reads.js';
import { Metrics } from '../../backend/src/modules/ops/metrics.js';
import { ApiKeysService } from '../../backend/src/modules/users/api-keys.service.js';
import { newDrivers, type TestDriver } from '../factories/drivers.js';
import { newEvent } from '../factories/events.js';
import { eventually } from '../support/eventually.js';
import type { CookieJar } from '../support/sign-in.js';
import { connectSocket, nextMessage, subscribe } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Headers that differ between any two answers, whoever gives them. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);

const headersOf = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)));

/** A GET's status, headers and body bytes as sent, not decoded (fetch decodes a compressed body and hides its length). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) =>
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject),
  );
}

/** A GET without fetch's own cache headers (fetch sends `Cache-Control: no-cache` with If-None-Match, which forbids a 304). */
function plainGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) =>
    get(url, { headers }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, headers: response.headers });
    }).on('error', reject),
  );
}

/** Calls of the read cache's interceptor: a read that went through Nest. */
const throughNest = jest.spyOn(ReadCacheInterceptor.prototype, 'intercept');
afterEach(() => {
  throughNest.mockClear();
});
afterAll(() => {
  throughNest.mockRestore();
});

/**
 * Visitors' cached reads that are in the cache are answered before the Nest pipeline (ReadFastPath),
 * from the entries the Nest path stores: the same answer, never stale, and nothing else goes that way.
 */
describe('the visitor read fast path', () => {
  let t: TestApp;
  let published: LeagueEvent;
  let draft: LeagueEvent;
  let drivers: TestDriver[];
  let organizer: CookieJar;

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    published = await newEvent(t.em(), { name: 'Fast Cup' });
    draft = await newEvent(t.em(), { name: 'Hidden Cup', published: false });
    drivers = await newDrivers(t.em(), t.app.get(ApiKeysService), 2);
    organizer = await t.signIn('organizer');
  });
  afterAll(() => t.close());

  const asVisitor = (path: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${path}`, { headers });
  /** A visitor's read through Nest, which stores the entry (the tag is dropped first: earlier tests' entries may be there). */
  const warmed = async (path: string) => {
    await t.app.get(ReadCache).invalidate([EVENT_READS.name]);
    const first = await asVisitor(path);
    expect(throughNest).toHaveBeenCalled();
    throughNest.mockClear();
    return first;
  };

  it('answers a cached read with exactly what Nest answered: status, body and headers', async () => {
    const path = `/api/events/${published.id}`;
    const byNest = await warmed(path);
    const fast = await asVisitor(path);
    expect(throughNest).not.toHaveBeenCalled();

    expect(fast.status).toBe(byNest.status);
    expect(await fast.text()).toBe(await byNest.text());
    expect(headersOf(fast)).toEqual(headersOf(byNest));
    expect(headersOf(fast)).toMatchObject({
      'cache-control': 'no-cache',
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      etag: expect.stringMatching(/^W\/"/),
    });
    expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await asVisitor(path, { 'x-request-id': 'trace-42' })).headers.get('x-request-id')).toBe('trace-42');
  });

  it('answers 304 when the browser has the answer', async () => {
    const path = `/api/events/${published.id}/drivers`;
    const etag = (await warmed(path)).headers.get('etag')!;
    const revalidated = await plainGet(`${t.baseUrl}${path}`, { 'if-none-match': etag });
    expect(throughNest).not.toHaveBeenCalled();
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['content-security-policy']).toBeDefined();
  });

  it('sends a read of 1 KB or more compressed as the browser takes it: the same bytes from Nest and from the fast path, one ETag for every encoding', async () => {
    const path = '/api/events/planned?pageNumber=0&pageSize=25';
    const url = `${t.baseUrl}${path}`;
    for (let i = 0; i < 2; i += 1) await newEvent(t.em(), { name: `Compressed Cup ${i}` });
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    await t.app.get(ReadCache).invalidate([EVENT_READS.name]);
    const byNest = await rawGet(url, browser);
    expect(throughNest).toHaveBeenCalled();
    throughNest.mockClear();
    const fast = await rawGet(url, browser);
    expect(throughNest).not.toHaveBeenCalled();

    const identity = await rawGet(url, {});
    expect(identity.body.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(fast.headers['content-encoding']).toBe('br');
    expect(fast.body).toEqual(byNest.body);
    expect(brotliDecompressSync(fast.body)).toEqual(identity.body);
    expect(fast.body.length).toBeLessThan(identity.body.length / 3);
    const gzipped = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body)).toEqual(identity.body);
    for (const answer of [byNest, fast, gzipped, identity]) {
      expect(answer.status).toBe(200);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers.etag).toBe(identity.headers.etag);
    }
    const revalidated = await rawGet(url, { ...browser, 'if-none-match': identity.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('sends answers under 1 KB, and to clients that take neither encoding, as they are', async () => {
    const small = await rawGet(`${t.baseUrl}/api/config`, { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toBeInstanceOf(Object);
    const declined = await rawGet(`${t.baseUrl}/api/events/planned?pageNumber=0&pageSize=25`, { 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
    expect(declined.headers['content-encoding']).toBeUndefined();
    expect(declined.body.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(JSON.parse(declined.body.toString())).toMatchObject({ content: expect.any(Array) });
  });

  it('leaves an entry older than the read TTL to Nest, which loads it again', async () => {
    const path = `/api/events/${published.id}`;
    await warmed(path);
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + READ_TTL_MS + 1);
    try {
      expect((await asVisitor(path)).status).toBe(200);
    } finally {
      clock.mockRestore();
    }
    expect(throughNest).toHaveBeenCalled();
  });

  it('counts its answers in the HTTP metrics under the route they read', async () => {
    const path = '/api/events/planned?pageNumber=0&pageSize=5';
    await warmed(path);
    const before = await t.app.get(Metrics).httpDuration.get();
    const count = (values: typeof before.values) =>
      values.find((value) => value.metricName?.endsWith('_count') && value.labels.route === '/api/events/planned' && value.labels.status === '200')?.value ?? 0;
    await asVisitor(path);
    expect(throughNest).not.toHaveBeenCalled();
    expect(count((await t.app.get(Metrics).httpDuration.get()).values)).toBe(count(before.values) + 1);
  });

  it('never answers with the old state once a change is pushed', async () => {
    const path = `/api/events/${published.id}/drivers`;
    const watcher: Socket = await connectSocket(t.baseUrl);
    try {
      await subscribe(watcher, `event:${published.id}`);
      await warmed(path);
      expect(await (await asVisitor(path)).json()).toEqual([]);
      expect(throughNest).not.toHaveBeenCalled();
      const pushed = nextMessage(watcher, 'event.attendance.changed', ({ attendees }) => attendees.some((attendee) => attendee.profileId === drivers[0].profile.id), 15_000);
      // Another instance's change, in plain SQL with its outbox row: this API's commit hook never sees
      // it, so only the relay can drop the entry the fast path serves, before the push goes out.
      await t.app
        .get(MikroORM)
        .em.fork()
        .transactional(async (em) => {
          await em.execute('insert into event_attendance (event_id, profile_id) values (?, ?)', [published.id, drivers[0].profile.id]);
          await em.execute(`insert into outbox_events (id, name, version, aggregate_type, aggregate_id, payload) values (?, 'EventAttendanceChanged', 1, 'event', ?, ?)`, [
            randomUUID(),
            String(published.id),
            JSON.stringify({ eventId: published.id }),
          ]);
        });
      await pushed;
      const attendees = (await (await asVisitor(path)).json()) as AttendeeDto[];
      expect(attendees.map((attendee) => attendee.profileId)).toEqual([drivers[0].profile.id]);
    } finally {
      watcher.disconnect();
    }
  });

  it('sends signed-in callers through Nest: organizers read unpublished events, which visitors never see', async () => {
    const path = `/api/events/${published.id}`;
    await warmed(path);
    const details = (await (await t.request(path, { as: organizer })).json()) as EventDetailsDto;
    expect(details.id).toBe(published.id);
    expect(throughNest).toHaveBeenCalled();

    expect((await t.request(`/api/events/${draft.id}`, { as: organizer })).status).toBe(200);
    expect((await asVisitor(`/api/events/${draft.id}`)).status).toBe(404);
    expect((await asVisitor(`/api/events/${draft.id}`)).status).toBe(404);
  });

  it('sends callers with an API key through Nest', async () => {
    const path = `/api/events/${published.id}`;
    await warmed(path);
    expect((await asVisitor(path, { authorization: drivers[1].authorization })).status).toBe(200);
    expect(throughNest).toHaveBeenCalled();
  });

  it('leaves everything that is not a visitor’s cached read to Nest', async () => {
    const unknown = await asVisitor('/api/no-such-read');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 404, path: '/api/no-such-read' });
    // Per-caller reads are refused to visitors, though `/api/events/:id` matches the path too.
    expect((await asVisitor('/api/events/mynext')).status).toBe(401);
    expect((await asVisitor('/api/events/mynext')).status).toBe(401);
    // Invalid input is Nest's to refuse, every time (the read cache's interceptor runs before validation).
    for (let i = 0; i < 2; i += 1) expect((await asVisitor('/api/events/planned?pageSize=many')).status).toBe(400);
    expect(throughNest).toHaveBeenCalledTimes(2);
  });
});

/**
 * A signed-in session's GETs of cached reads that need no role flag are answered before the Nest
 * pipeline too, once the session middlewares have checked and renewed the session (ReadFastPath).
 */
describe('the signed-in read fast path', () => {
  let t: TestApp;
  let event: LeagueEvent;
  let driver: CookieJar;
  let rookie: CookieJar;

  beforeAll(async () => {
    t = await startTestApp();
    event = await newEvent(t.em(), { name: 'Caller Cup' });
    [driver, rookie] = [await t.signIn('driver'), await t.signIn('rookie')];
  });
  afterAll(() => t.close());

  const myNext = async (as: CookieJar) => {
    const response = await t.request('/api/events/mynext', { as });
    expect(response.status).toBe(200);
    return ((await response.json()) as { event: EventDto | null }).event?.id ?? null;
  };
  const join = (as: CookieJar, attending: boolean) => t.request(`/api/events/${event.id}/single/attendance`, { method: 'PUT', as, json: { attending } });

  it('answers a per-caller read with exactly what Nest answered, and renews the session as Nest does', async () => {
    await t.app.get(ReadCache).invalidate([EVENT_READS.name]);
    const byNest = await t.request('/api/events/mynext', { as: driver });
    expect(throughNest).toHaveBeenCalled();
    throughNest.mockClear();
    const fast = await t.request('/api/events/mynext', { as: driver });
    expect(throughNest).not.toHaveBeenCalled();

    expect(fast.status).toBe(byNest.status);
    expect(await fast.text()).toBe(await byNest.text());
    const withoutCookie = (response: Response) => ({ ...headersOf(response), 'set-cookie': undefined });
    expect(withoutCookie(fast)).toEqual(withoutCookie(byNest));
    // The rolling session: the same cookie again, with a new expiry.
    const session = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith(`${t.config.session.cookieName}=`));
    expect(session(fast)?.split(';')[0]).toBe(session(byNest)?.split(';')[0]);
    expect(session(fast)).toMatch(/Expires=.*HttpOnly.*SameSite=Lax/i);
  });

  it('keeps each caller’s own answer, and never the old one after the caller’s change', async () => {
    await t.app.get(ReadCache).invalidate([EVENT_READS.name]);
    expect([await myNext(driver), await myNext(rookie)]).toEqual([null, null]);
    expect([await myNext(driver), await myNext(rookie)]).toEqual([null, null]);
    expect(throughNest).toHaveBeenCalledTimes(2);

    expect((await join(driver, true)).status).toBe(200);
    expect([await myNext(driver), await myNext(rookie)]).toEqual([event.id, null]);
    expect((await join(driver, false)).status).toBe(200);
    expect(await myNext(driver)).toBeNull();
  });

  it('answers signed-in callers’ public reads from the same entry as visitors’', async () => {
    const path = '/api/events/planned?pageNumber=0&pageSize=5';
    await t.app.get(ReadCache).invalidate([EVENT_READS.name]);
    const byVisitor = await (await fetch(`${t.baseUrl}${path}`)).text();
    throughNest.mockClear();
    expect(await (await t.request(path, { as: driver })).text()).toBe(byVisitor);
    expect(throughNest).not.toHaveBeenCalled();
  });

  it('leaves to Nest what needs the caller’s roles, and sessions that ended', async () => {
    const organizer = await t.signIn('organizer');
    await t.request(`/api/events/${event.id}`, { as: organizer });
    // `/api/events/:id` lets organizers see unpublished events: their roles decide, read by Nest.
    throughNest.mockClear();
    expect((await t.request(`/api/events/${event.id}`, { as: organizer })).status).toBe(200);
    expect(throughNest).toHaveBeenCalled();

    const leaving = await t.signIn('captain');
    expect(await myNext(leaving)).toBeNull();
    expect((await t.request('/api/logout', { method: 'POST', as: leaving })).status).toBeLessThan(300);
    expect((await t.request('/api/events/mynext', { as: leaving })).status).toBe(401);
  });
});

/**
 * The signed-in fast path reads and renews the session itself (one round trip with the entry): it must
 * keep every rule of the session middlewares, and `/users/me`, cached per caller, must never lag behind
 * the caller's roles.
 */
describe('the signed-in fast path keeps the session rules', () => {
  let t: TestApp;
  let redis: Redis;
  let admin: CookieJar;

  beforeAll(async () => {
    t = await startTestApp({ env: { SESSION_IDLE_MINUTES: '60', SESSION_ABSOLUTE_HOURS: '2' } });
    redis = t.app.get<Redis>(REDIS);
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  const sessionKey = (jar: CookieJar) => {
    const cookie = decodeURIComponent(jar.get(t.config.session.cookieName)!);
    return `${t.config.redisPrefix}:session:${cookie.slice(2, cookie.lastIndexOf('.'))}`;
  };
  const sessionCookie = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith(`${t.config.session.cookieName}=`));
  /** A signed-in driver whose `/users/me` is in the cache: the next read of it is the fast path's. */
  const cachedDriver = async () => {
    const jar = await t.signIn('driver');
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(200);
    throughNest.mockClear();
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(200);
    expect(throughNest).not.toHaveBeenCalled();
    return jar;
  };

  it('answers /users/me as Nest does, renewing the session in Redis and in the cookie with the same attributes', async () => {
    const jar = await t.signIn('driver');
    await t.app.get(ReadCache).invalidate([CURRENT_USER_READS.name]);
    const byNest = await t.request('/api/users/me', { as: jar });
    expect(throughNest).toHaveBeenCalled();
    throughNest.mockClear();
    await redis.expire(sessionKey(jar), 100);
    const fast = await t.request('/api/users/me', { as: jar });
    expect(throughNest).not.toHaveBeenCalled();

    expect(fast.status).toBe(200);
    expect(await fast.text()).toBe(await byNest.text());
    expect({ ...headersOf(fast), 'set-cookie': undefined }).toEqual({ ...headersOf(byNest), 'set-cookie': undefined });
    const withoutExpiry = (line: string | undefined) => line?.replace(/Expires=[^;]+/i, 'Expires=…');
    expect(withoutExpiry(sessionCookie(fast))).toBe(withoutExpiry(sessionCookie(byNest)));
    const expires = Date.parse(/Expires=([^;]+)/i.exec(sessionCookie(fast)!)![1]);
    expect(Math.abs(expires - (Date.now() + 3_600_000))).toBeLessThan(5_000);
    expect(await redis.ttl(sessionKey(jar))).toBeGreaterThan(59 * 60);
  });

  it('shows a role change on the very next /users/me', async () => {
    const jar = await cachedDriver();
    const me = async () => (await (await t.request('/api/users/me', { as: jar })).json()) as { id: number; roles: { role: string }[] };
    const { id, roles } = await me();
    expect(roles).not.toContainEqual({ role: 'STEWARD' });
    expect((await t.request(`/api/users/${id}/roles/STEWARD`, { method: 'PUT', as: admin })).status).toBe(200);
    expect((await me()).roles).toContainEqual({ role: 'STEWARD' });
    expect((await t.request(`/api/users/${id}/roles/STEWARD`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect((await me()).roles).not.toContainEqual({ role: 'STEWARD' });
  });

  it('ends a session at once on sign-out: the old cookie is refused', async () => {
    const jar = await cachedDriver();
    const stolenCookie = jar.header();
    expect((await t.request('/api/logout', { method: 'POST', as: jar })).status).toBe(204);
    const replayed = await fetch(`${t.baseUrl}/api/users/me`, { headers: { cookie: stolenCookie } });
    expect(replayed.status).toBe(401);
    expect(sessionCookie(replayed)).toBeUndefined();
  });

  it('refuses a session that idled out, and does not bring it back', async () => {
    const jar = await cachedDriver();
    await redis.pexpire(sessionKey(jar), 1);
    await eventually(async () => expect(await redis.exists(sessionKey(jar))).toBe(0));
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(401);
    expect(await redis.exists(sessionKey(jar))).toBe(0);
  });

  it('ends a session past its absolute lifetime, however recently it was used', async () => {
    const jar = await cachedDriver();
    const stored = JSON.parse((await redis.get(sessionKey(jar)))!) as { signedInAt: number };
    await redis.set(sessionKey(jar), JSON.stringify({ ...stored, signedInAt: Date.now() - 2 * 3_600_000 - 1000 }), 'KEEPTTL');
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(401);
    expect(await redis.exists(sessionKey(jar))).toBe(0);
  });

  it('answers a caller it keeps with no round trip to Redis, and hears of a change made by another process before the next read', async () => {
    const jar = await cachedDriver();
    const lookups = jest.spyOn(redis as Redis & { paddockReadInSessionBuffer: () => Promise<unknown> }, 'paddockReadInSessionBuffer');
    const elsewhere = new Redis(t.config.redisUrl);
    try {
      const me = await t.request('/api/users/me', { as: jar });
      await eventually(async () => {
        lookups.mockClear();
        const again = await t.request('/api/users/me', { as: jar });
        expect(await again.text()).toBe(await me.clone().text());
        expect(sessionCookie(again)).toMatch(/Expires=/);
        expect(lookups).not.toHaveBeenCalled();
      });

      // Another process's read cache drops the entry: read again, through Nest.
      await new ReadCache(elsewhere, t.config).invalidate([CURRENT_USER_READS.name]);
      throughNest.mockClear();
      expect((await t.request('/api/users/me', { as: jar })).status).toBe(200);
      expect(throughNest).toHaveBeenCalled();

      // Another process ends the session.
      await elsewhere.del(sessionKey(jar));
      expect((await t.request('/api/users/me', { as: jar })).status).toBe(401);
    } finally {
      lookups.mockRestore();
      elsewhere.disconnect();
    }
  });

  it('treats a cookie whose signature does not hold as signed out', async () => {
    const jar = await cachedDriver();
    const cookie = decodeURIComponent(jar.get(t.config.session.cookieName)!);
    const forged = `${t.config.session.cookieName}=${encodeURIComponent(`${cookie.slice(0, cookie.lastIndexOf('.'))}.forged`)}`;
    expect((await fetch(`${t.baseUrl}/api/users/me`, { headers: { cookie: forged } })).status).toBe(401);
  });
});

/**
 * A visitor's read that misses makes its request the one of the process that loads the entry, and the
 * process's other readers of it wait for that load: a client that leaves while the miss is looked up in
 * Redis must not keep them waiting. (It did: the load was released when the response closed, watched
 * from after the lookup, and a response closed before it never closes again. The next readers of the
 * entry waited for ever, as the benches saw after each load generator stopped mid-request.)
 */
describe('a visitor who leaves while the fast path looks a missed read up', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await newEvent(t.em(), { name: 'Left Early Cup' });
  });
  afterAll(() => t.close());

  const openConnections = () =>
    new Promise<number>((resolve, reject) => t.app.getHttpServer().getConnections((error: Error | null, count: number) => (error ? reject(error) : resolve(count))));

  it('lets the next reader of the entry it was to load have it', async () => {
    const path = '/api/events/planned?pageNumber=0&pageSize=5';
    const loading = (t.app.get(ReadCache) as unknown as { loading: Map<string, Promise<void>> }).loading;
    // The lookup in Redis is held until the client has left.
    let clientLeft!: () => void;
    const left = new Promise<void>((resolve) => (clientLeft = resolve));
    const lookUp = ReadCache.prototype.answerCounted;
    const lookups = jest.spyOn(ReadCache.prototype, 'answerCounted').mockImplementation(async function (this: ReadCache, ...args) {
      await left;
      return lookUp.apply(this, args);
    });
    try {
      const leaver = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
      leaver.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await eventually(() => expect(lookups).toHaveBeenCalled());
      leaver.destroy();
      await eventually(async () => expect(await openConnections()).toBe(0));
      clientLeft();
      const [lookup] = lookups.mock.results;
      expect(await (lookup!.value as ReturnType<ReadCache['answerCounted']>)).toMatchObject({ answer: { loaded: expect.any(Function) } });
    } finally {
      lookups.mockRestore();
    }
    // Once the fast path has taken the lookup's answer, the load it started is released, not left to the readers' wait.
    await new Promise((resolve) => setImmediate(resolve));
    expect([...loading.keys()]).toEqual([]);

    const next = await fetch(`${t.baseUrl}${path}`);
    expect(next.status).toBe(200);
    expect(await next.json()).toMatchObject({ content: [expect.objectContaining({ name: 'Left Early Cup' })] });
  });
});

describe('the visitor read fast path under the anonymous-reads limit', () => {
  let t: TestApp;
  let published: LeagueEvent;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ANONYMOUS_READS: '3/1m' } });
    published = await newEvent(t.em());
  });
  afterAll(() => t.close());

  it('answers a visitor over the limit 429 with Retry-After, in the error shape', async () => {
    const path = `/api/events/${published.id}`;
    // The first read goes through Nest and fills the cache, the next two are hits: one count of three reads.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await fetch(`${t.baseUrl}${path}`)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await fetch(`${t.baseUrl}${path}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ status: 429, path, message: expect.stringContaining('Too many requests') });
  });
});

describe('visitors answered from the process, under the anonymous-reads limit', () => {
  const LIMIT = 30;
  let t: TestApp;

  beforeAll(async () => {
    // Behind a proxy, so each test reads from an address of its own (X-Forwarded-For).
    t = await startTestApp({ env: { RATE_LIMIT_ANONYMOUS_READS: `${LIMIT}/1m`, TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const readFrom = async (address: string) => (await fetch(`${t.baseUrl}/api/config`, { headers: { 'x-forwarded-for': address } })).status;

  it('counts every read once, whichever way it was answered, and refuses every read past the limit', async () => {
    const redis = t.app.get<Redis>(REDIS);
    const countedInRedis = jest.spyOn(redis as Redis & { paddockCountAndReadIfChangedBuffer: () => Promise<unknown> }, 'paddockCountAndReadIfChangedBuffer');
    const statuses: number[] = [];
    const read = async () => {
      statuses.push(await readFrom('203.0.113.7'));
      return statuses.at(-1);
    };
    try {
      expect([await read(), await read()]).toEqual([200, 200]);
      // Once the process keeps the entry's copy and the address's count, a read is answered and counted there.
      await eventually(async () => {
        countedInRedis.mockClear();
        expect(await read()).toBe(200);
        expect(countedInRedis).not.toHaveBeenCalled();
      });
      while (statuses.length < LIMIT + 2) await read();
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
      const [counter, ...others] = await redis.keys(`${t.config.redisPrefix}:ratelimit:anonymousReads:*203.0.113.7`);
      expect(others).toEqual([]);
      await eventually(async () => expect(Number(await redis.get(counter))).toBe(LIMIT + 2));
    } finally {
      countedInRedis.mockRestore();
    }
  });

  it('refuses an address past its limit in the process, each read still counted, until its window ends', async () => {
    const redis = t.app.get<Redis>(REDIS);
    const countedInRedis = jest.spyOn(redis as Redis & { paddockCountAndReadIfChangedBuffer: () => Promise<unknown> }, 'paddockCountAndReadIfChangedBuffer');
    try {
      const statuses: number[] = [];
      while (statuses.length < LIMIT + 1) statuses.push(await readFrom('203.0.113.9'));
      expect(statuses.at(-1)).toBe(429);
      countedInRedis.mockClear();
      const refused = await Promise.all(Array.from({ length: 20 }, () => fetch(`${t.baseUrl}/api/config`, { headers: { 'x-forwarded-for': '203.0.113.9' } })));
      expect(countedInRedis).not.toHaveBeenCalled();
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await answer.json()).toMatchObject({ status: 429, path: '/api/config', message: expect.stringContaining('Too many requests') });
      }
      const [counter] = await redis.keys(`${t.config.redisPrefix}:ratelimit:anonymousReads:*203.0.113.9`);
      await eventually(async () => expect(Number(await redis.get(counter!))).toBe(LIMIT + 21));
      // The window's end, as Redis has it: the process then asks Redis again, and the address reads.
      await redis.pexpire(counter!, 1);
      await eventually(async () => expect(await readFrom('203.0.113.9')).toBe(200));
    } finally {
      countedInRedis.mockRestore();
    }
  });

  it('holds an address to its limit when its reads come at once, counted here or on their way to Redis', async () => {
    expect([await readFrom('203.0.113.8'), await readFrom('203.0.113.8')]).toEqual([200, 200]);
    const statuses = await Promise.all(Array.from({ length: LIMIT + 5 }, () => readFrom('203.0.113.8')));
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT - 2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});
