import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type Server } from 'node:http';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { guardWithCircuitBreaker, RedisUnavailableError } from '../../backend/src/infra/redis/circuit-breaker.js';
import { REQUEST_PATH_DATABASE, REQUEST_PATH_DRIVER, RequestPathClient } from '../../backend/src/infra/database/database.config.js';
import { boundedRedis, COMMAND_TIMED_OUT, FAIL_FAST_REDIS, queueOptions } from '../../backend/src/infra/redis/redis-options.js';
import { SESSION_STORE_UNAVAILABLE } from '../../backend/src/modules/auth/session.js';
import { DATABASE_UNAVAILABLE } from '../../backend/src/common/service-unavailable.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { eventually } from '../support/eventually.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { createTestDatabase, dropTestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const REDIS = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const POSTGRES = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paddock');
/** Long enough for any answer on a loaded machine: an answer that did not come in this time is a hang. */
const HANG = 5000;

interface Answer {
  status: number;
  body: { status?: number; message?: string; path?: string; timestamp?: string } & Record<string, unknown>;
}

/** Outages: with Redis or PostgreSQL unreachable every request answers (503 in the error shape when it cannot be served), and the app recovers by itself. */
describe('outages', () => {
  const later = cleanupsAfterEach();

  /** The answer, failing the test when none came (the request hung). */
  const answer = async (t: TestApp, path: string, init: Parameters<TestApp['request']>[1] = {}): Promise<Answer> => {
    const response = await t.request(path, { ...init, signal: AbortSignal.timeout(HANG) });
    const text = await response.text();
    return { status: response.status, body: /^[[{]/.test(text) ? (JSON.parse(text) as Answer['body']) : {} };
  };
  const expectUnavailable = (got: Answer, path: string, message?: string) => {
    expect(got).toMatchObject({ status: 503, body: { status: 503, path, ...(message ? { message } : {}) } });
    expect(typeof got.body.timestamp).toBe('string');
  };
  /** A visitor who merely holds a session cookie reads the public pages as any visitor does, though the session cannot be loaded. */
  const expectPublicReadsWithCookie = async (t: TestApp, jar: Awaited<ReturnType<TestApp['signIn']>>) => {
    for (const path of ['/api/events/planned', '/api/config', '/api/headlines', '/api/teams'])
      expect([path, (await answer(t, path, { as: jar })).status]).toEqual([path, 200]);
    const graphql = await answer(t, '/api/graphql', { method: 'POST', as: jar, json: { query: '{ plannedEvents(pageSize: 1) { content { name } } }' } });
    expect(graphql.status).toBe(200);
  };
  const apiKeyOf = async (t: TestApp, jar: Awaited<ReturnType<TestApp['signIn']>>) =>
    ((await (await t.request('/api/users/me/apiKey', { method: 'POST', as: jar })).json()) as { key: string }).key;

  it('without Redis: health 503 at once, public reads from PostgreSQL, signed-in calls 503, API-key writes go through and their events wait', async () => {
    const proxy = later(await new TcpProxy(REDIS.hostname, Number(REDIS.port || 6379)).start(), (p) => p.stop());
    const t = later(await startTestApp({ worker: true, env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } }), (app) => app.close());
    const admin = await t.signIn('admin');
    const bearer = { authorization: `Bearer ${await apiKeyOf(t, admin)}` };
    expect((await answer(t, '/api/health')).status).toBe(200);

    await proxy.cut();
    expectUnavailable(await answer(t, '/api/health'), '/api/health');
    expect((await answer(t, '/api/events/planned')).status).toBe(200);
    expect((await answer(t, '/api/config')).status).toBe(200);
    expect((await answer(t, '/api/headlines')).status).toBe(200);
    const graphql = await answer(t, '/api/graphql', { method: 'POST', json: { query: '{ plannedEvents(pageSize: 1) { content { name } } }' } });
    expect(graphql).toMatchObject({ status: 200, body: { data: { plannedEvents: { content: [] } } } });
    expectUnavailable(await answer(t, '/api/auth/discord'), '/api/auth/discord', SESSION_STORE_UNAVAILABLE);
    expectUnavailable(await answer(t, '/api/users/me', { as: admin }), '/api/users/me', SESSION_STORE_UNAVAILABLE);
    expectUnavailable(await answer(t, '/api/headlines', { method: 'POST', as: admin, json: { text: 'By cookie' } }), '/api/headlines', SESSION_STORE_UNAVAILABLE);
    expectUnavailable(await answer(t, '/api/auth/logout', { method: 'POST', as: admin }), '/api/auth/logout', SESSION_STORE_UNAVAILABLE);
    await expectPublicReadsWithCookie(t, admin);
    // A caller who must be refused still is: no key, no write.
    expect((await answer(t, '/api/headlines', { method: 'POST', json: { text: 'Anonymous' } })).status).toBe(401);
    const written = await answer(t, '/api/headlines', { method: 'POST', headers: bearer, json: { text: 'Written while Redis was down' } });
    expect(written.status).toBe(201);
    const [{ pending }] = await t
      .em()
      .execute<{ pending: number }[]>("select count(*)::int as pending from outbox_events where published_at is null and name = 'HeadlineCreated'");
    expect(pending).toBeGreaterThan(0);

    await proxy.restore();
    await eventually(async () => expect((await answer(t, '/api/health')).status).toBe(200), 10_000);
    await t.settled(20_000);
    expect((await answer(t, '/api/users/me', { as: admin })).status).toBe(200);
    const shown = (await answer(t, '/api/headlines')).body as unknown as { text: string }[];
    expect(shown.map((headline) => headline.text)).toEqual(['Written while Redis was down']);

    // A Redis that stopped answering (connections open, no replies) is no better than a gone one.
    proxy.stall();
    expectUnavailable(await answer(t, '/api/health'), '/api/health');
    expect((await answer(t, '/api/events/planned')).status).toBe(200);
    expectUnavailable(await answer(t, '/api/users/me', { as: admin }), '/api/users/me', SESSION_STORE_UNAVAILABLE);
    await expectPublicReadsWithCookie(t, admin);
    expect((await answer(t, '/api/headlines', { method: 'POST', headers: bearer, json: { text: 'Written while Redis hung' } })).status).toBe(201);
    proxy.resume();
    await eventually(async () => expect((await answer(t, '/api/health')).status).toBe(200), 10_000);
  }, 60_000);

  it('without PostgreSQL: 503 in the error shape, nothing half-written, and the pool recovers by itself', async () => {
    const proxy = later(await new TcpProxy(POSTGRES.hostname, Number(POSTGRES.port || 5432)).start(), (p) => p.stop());
    const databaseUrl = later(await createTestDatabase('int'), (url) => dropTestDatabase(url));
    const proxied = new URL(databaseUrl);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const t = later(await startTestApp({ worker: false, databaseUrl: proxied.toString() }), (app) => app.close());
    const admin = await t.signIn('admin');
    const bearer = { authorization: `Bearer ${await apiKeyOf(t, admin)}` };
    const direct = later(new pg.Client({ connectionString: databaseUrl }), (client) => client.end());
    await direct.connect();
    const headlines = async () => (await direct.query<{ text: string }>('select text from headlines order by id')).rows.map((row) => row.text);

    await proxy.cut();
    expectUnavailable(await answer(t, '/api/health'), '/api/health');
    expectUnavailable(await answer(t, '/api/users/me', { as: admin }), '/api/users/me', DATABASE_UNAVAILABLE);
    expectUnavailable(await answer(t, '/api/headlines', { method: 'POST', headers: bearer, json: { text: 'Lost to the outage' } }), '/api/headlines', DATABASE_UNAVAILABLE);

    await proxy.restore();
    proxy.stall();
    expectUnavailable(await answer(t, '/api/users/me', { as: admin }), '/api/users/me', DATABASE_UNAVAILABLE);
    expectUnavailable(await answer(t, '/api/headlines', { method: 'POST', as: admin, json: { text: 'Stalled' } }), '/api/headlines', DATABASE_UNAVAILABLE);
    proxy.resume();

    await eventually(async () => expect((await answer(t, '/api/users/me', { as: admin })).status).toBe(200), 10_000);
    expect((await answer(t, '/api/health')).status).toBe(200);
    expect((await answer(t, '/api/headlines', { method: 'POST', headers: bearer, json: { text: 'After the outage' } })).status).toBe(201);
    expect(await headlines()).toEqual(['After the outage']);
  }, 60_000);

  it('commits nothing for a client that gave up while PostgreSQL held its write, though the write could go on once it was let through', async () => {
    const t = later(await startTestApp({ worker: false }), (app) => app.close());
    const bearer = { authorization: `Bearer ${await apiKeyOf(t, await t.signIn('admin'))}` };
    const server = t.app.getHttpServer() as Server;
    const connections = () => new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    const blocker = later(new pg.Client({ connectionString: t.databaseUrl }), (client) => client.end());
    await blocker.connect();
    const waiting = async () =>
      (await blocker.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()")).rows[0].n;

    await blocker.query('begin');
    await blocker.query('lock table headlines in access exclusive mode');
    const body = JSON.stringify({ text: 'Given up on' });
    const client = httpRequest(`${t.baseUrl}/api/headlines`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    let answered = false;
    client.on('response', () => (answered = true));
    client.on('error', () => undefined);
    client.end(body);
    await eventually(async () => expect(await waiting()).toBe(1));
    const open = await connections();
    client.destroy();
    // The server has seen the client go; PostgreSQL then lets the write through, and it would commit.
    await eventually(async () => expect(await connections()).toBeLessThan(open), 1000, 5);
    await blocker.query('rollback');

    await eventually(async () => expect(await waiting()).toBe(0));
    expect(answered).toBe(false);
    expect((await answer(t, '/api/headlines', { method: 'POST', headers: bearer, json: { text: 'Kept' } })).status).toBe(201);
    expect((await blocker.query<{ text: string }>('select text from headlines order by id')).rows.map((row) => row.text)).toEqual(['Kept']);
  }, 60_000);

  it("takes a COMMIT's answer that arrived in time while the process itself was held up past the read timeout, and keeps the connection", async () => {
    const database = new URL(POSTGRES);
    database.pathname = '/postgres';
    const client: pg.Client = later(new RequestPathClient({ connectionString: database.href, ...REQUEST_PATH_DATABASE }), (c) => c.end().catch(() => undefined));
    await client.connect();
    await client.query('create temporary table held_up (id int)');
    await client.query('begin');
    await client.query('insert into held_up values (1)');

    const committed = client.query('commit');
    // Sent; then the process is held up, as by a long task or a machine with no CPU for it, past the read timeout.
    const heldUntil = Date.now() + REQUEST_PATH_DATABASE.query_timeout + 300;
    while (Date.now() < heldUntil);

    await expect(committed).resolves.toMatchObject({ command: 'COMMIT' });
    expect((await client.query<{ id: number }>('select id from held_up')).rows).toEqual([{ id: 1 }]);
  });

  it("counts a query's read timeout from when it asked the pool for its connection: one that waited for a connection and then got no answer fails within one read timeout in all", async () => {
    const proxy = later(await new TcpProxy(POSTGRES.hostname, Number(POSTGRES.port || 5432)).start(), (p) => p.stop());
    const database = new URL(POSTGRES);
    database.host = `127.0.0.1:${proxy.port}`;
    database.pathname = '/postgres';
    // One connection, and a wait for it bounded far beyond the read timeout: only the read timeout ends this query's wait.
    const { onPoolCreated, ...driver } = REQUEST_PATH_DRIVER;
    const readTimeoutMs = REQUEST_PATH_DATABASE.query_timeout;
    const pool = later(new pg.Pool({ ...driver, connectionString: database.href, max: 1, connectionTimeoutMillis: 5 * readTimeoutMs }), (p) => p.end());
    onPoolCreated(pool);
    const holder = await pool.connect();
    await holder.query('select 1');

    const askedAt = performance.now();
    const waiting = pool.connect().then(async (client) => {
      try {
        return await client.query('select 1');
      } finally {
        client.release();
      }
    });
    // The connection is busy for a while, then handed on just as PostgreSQL stops answering.
    const heldMs = 0.6 * readTimeoutMs;
    await new Promise((resolve) => setTimeout(resolve, heldMs));
    proxy.stall();
    holder.release();

    await expect(waiting).rejects.toThrow();
    // Counted from when the query got its connection it would have waited the whole read timeout after the hold.
    expect(performance.now() - askedAt).toBeLessThan(heldMs + readTimeoutMs);
    proxy.resume();
  });

  it('stops writing to a stalled Redis after one command timed out, but for a probe, and closes once the probe is answered', async () => {
    const proxy = later(await new TcpProxy(REDIS.hostname, Number(REDIS.port || 6379)).start(), (p) => p.stop());
    const redis = later(guardWithCircuitBreaker(boundedRedis(`redis://127.0.0.1:${proxy.port}`, FAIL_FAST_REDIS), 200), (r) => r.disconnect());
    const key = `paddock:breaker:${randomUUID()}`;
    await eventually(async () => expect(await redis.ping()).toBe('PONG'));

    proxy.stall();
    await expect(redis.get(key)).rejects.toThrow('Command timed out');
    const heldAfterTimeout = proxy.heldBack;
    // Open: the next commands fail at once without being sent; the stall holds back nothing more but the probe.
    await expect(redis.get(key)).rejects.toBeInstanceOf(RedisUnavailableError);
    await expect(Promise.all([redis.incr(key), redis.get(key)])).rejects.toBeInstanceOf(RedisUnavailableError);
    expect(proxy.heldBack - heldAfterTimeout).toBeLessThanOrEqual(1);

    proxy.resume();
    // The probe (or the next one) is answered: commands flow again.
    await eventually(async () => expect(await redis.ping()).toBe('PONG'));
    expect(await redis.set(key, 'ok', 'PX', 1000)).toBe('OK');
  });

  it('adds jobs to a queue made while Redis was stalled once Redis answers again', async () => {
    const proxy = later(await new TcpProxy(REDIS.hostname, Number(REDIS.port || 6379)).start(), (p) => p.stop());
    const connection = later(boundedRedis(`redis://127.0.0.1:${proxy.port}`), (r) => r.disconnect());
    connection.on('error', () => undefined);
    await eventually(async () => expect(await connection.ping()).toBe('PONG'));
    proxy.stall();
    const queue = later(new Queue('outage-made', queueOptions(connection, `test-outages-${randomUUID()}`)), (q) => q.close());
    queue.on('error', () => undefined);
    await expect(queue.add('job', { n: 1 })).rejects.toThrow(COMMAND_TIMED_OUT);

    proxy.resume();
    await eventually(async () => expect((await queue.add('job', { n: 2 })).id).toEqual(expect.any(String)));
    expect(await queue.count()).toBeGreaterThanOrEqual(1);
  });

  it('takes an answer that arrived in time while the process itself was held up past the timeout: the shared connection stays closed, a push is published once', async () => {
    const shared = later(guardWithCircuitBreaker(boundedRedis(REDIS.href, { ...FAIL_FAST_REDIS, enableAutoPipelining: true }), 200), (r) => r.disconnect());
    const publisher = later(boundedRedis(REDIS.href), (r) => r.disconnect());
    const subscriber = later(new Redis(REDIS.href), (r) => r.disconnect());
    await eventually(async () => expect([await shared.ping(), await publisher.ping()]).toEqual(['PONG', 'PONG']));
    // Its own key and channel: the subscriber count a publish answers is this test's alone on a shared Redis.
    const key = `paddock:held-up:${randomUUID()}`;
    await shared.set(key, 'answered', 'PX', 10_000);
    await subscriber.subscribe(key);
    const received: string[] = [];
    subscriber.on('message', (_channel: string, message: string) => received.push(message));

    const read = shared.get(key);
    const published = publisher.publish(key, 'once');
    // Sent in this turn of the event loop (the shared connection pipelines its commands on the next tick);
    // then the process is held up, as by a long task or a machine with no CPU for it, past the timeout.
    await new Promise((resolve) => setImmediate(resolve));
    const heldUntil = Date.now() + Number(FAIL_FAST_REDIS.commandTimeout) + 200;
    while (Date.now() < heldUntil);

    await expect(read).resolves.toBe('answered');
    await expect(shared.get(key)).resolves.toBe('answered');
    // A publish that failed here would be sent again by its job's retry: each browser would get it twice.
    await expect(published).resolves.toBe(1);
    await eventually(async () => expect(received).toEqual(['once']));
  });
});
