import { describe, expect, it, jest } from '@jest/globals';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import type { Principal } from '../../backend/src/common/principal.js';
import { roleFlags } from '../../backend/src/contracts/roles.js';
import { OutboxRelay } from '../../backend/src/infra/outbox/outbox-relay.js';
import { DOMAIN_EVENTS_QUEUE } from '../../backend/src/infra/outbox/queues.js';
import { OutboxEvent } from '../../backend/src/infra/outbox/outbox-event.entity.js';
import { HeadlinesService } from '../../backend/src/modules/community/headlines.service.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { eventually } from '../support/eventually.js';
import { collectMessages, connectSocket, nextMessage } from '../support/sockets.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { killWorker, spawnWorker } from '../support/worker-process.js';

const REDIS = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

describe('the event flow survives faults', () => {
  const later = cleanupsAfterEach();

  /** An admin's headline (the audit log names them; no such user needs to exist). */
  const admin: Principal = { userId: 1, roles: ['ADMIN'], flags: roleFlags(['ADMIN']), via: 'session' };
  const createHeadline = (t: TestApp, text: string) => RequestContext.create(t.app.get(MikroORM).em, () => t.app.get(HeadlinesService).create(admin, text));

  /** Counts the relay's passes that failed (it found pending events and could not queue them). */
  const failedRelayPasses = (t: TestApp): (() => number) => {
    const relay = t.app.get(OutboxRelay) as unknown as { publishPending(wokenAt: number): Promise<void> };
    const publish = relay.publishPending.bind(relay);
    let failed = 0;
    jest.spyOn(relay, 'publishPending').mockImplementation((wokenAt) =>
      publish(wokenAt).catch((error: unknown) => {
        failed += 1;
        throw error;
      }),
    );
    return () => failed;
  };

  it('keeps an event written while Redis is unreachable, handles it once when Redis is back, and never leaves a socket silently behind', async () => {
    const proxy = later(await new TcpProxy(REDIS.hostname, Number(REDIS.port || 6379)).start(), (p) => p.stop());
    const t = later(await startTestApp({ worker: true, env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } }), (app) => app.close());
    const socket = later(await connectSocket(t.baseUrl), (s) => s.disconnect());
    const received = collectMessages(socket, 'headlines.changed');
    const resyncs = collectMessages(socket, 'resync');

    const failedPasses = failedRelayPasses(t);

    await proxy.cut();
    const headline = await createHeadline(t, 'Written while Redis was down');
    // Nothing else is pending: a failed pass is the relay trying to queue this event.
    await eventually(() => expect(failedPasses()).toBeGreaterThan(0), 10_000);
    const event = await t.em().findOneOrFail(OutboxEvent, { aggregateType: 'headline', aggregateId: String(headline.id) });
    expect(event.publishedAt).toBeNull();
    expect(received).toHaveLength(0);

    await proxy.restore();
    await t.settled(25_000);
    // Pub/sub keeps nothing for an instance whose subscription was down: the socket gets the push,
    // or — when the push raced the resubscription — the server's resync signal, and refetches.
    await eventually(() => expect(received.length + resyncs.length).toBeGreaterThan(0), 10_000);
    const shown = (await (await t.request('/api/headlines')).json()) as { text: string }[];
    expect(shown.map((h) => h.text)).toContain('Written while Redis was down');
    // A later change: any repeated push of the first would arrive before this one's.
    const sentinel = nextMessage(socket, 'headlines.changed', ({ headlines }) => headlines.some((h) => h.text === 'Sentinel'), 10_000);
    await createHeadline(t, 'Sentinel');
    await sentinel;
    expect(received.filter(({ headlines }) => !headlines.some((h) => h.text === 'Sentinel')).length).toBeLessThanOrEqual(1);
    const [{ n }] = await t.em().execute<{ n: number }[]>('select count(*)::int as n from processed_events where event_id = ?', [event.id]);
    expect(n).toBe(1);
  }, 60_000);

  it('retries a job whose worker was killed mid-job and applies its effect once', async () => {
    const t = later(await startTestApp({ worker: false }), (app) => app.close());
    const socket = later(await connectSocket(t.baseUrl), (s: Socket) => s.disconnect());
    const received = collectMessages(socket, 'headlines.changed');
    const queueConnection = later(new Redis(t.config.redisUrl, { maxRetriesPerRequest: null }), (r) => r.disconnect());
    const queue = later(new Queue(DOMAIN_EVENTS_QUEUE, { connection: queueConnection, prefix: t.config.redisPrefix }), (q) => q.close());

    const headline = await createHeadline(t, 'Survives a crash');
    // Hold the headlines table: the first worker's subscriber blocks inside its job, reading the list
    // it is about to push (a push is external: it runs before its "handled" mark, at least once).
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    later(blocker, (client) => client.end());
    await blocker.query('begin');
    await blocker.query('lock table headlines in access exclusive mode');

    const first: ChildProcess = later(await spawnWorker(t.config), (w) => killWorker(w));
    await eventually(async () => expect(await queue.getActiveCount()).toBe(1), 10_000);
    await killWorker(first);
    await blocker.query('rollback');

    later(await spawnWorker(t.config), (w) => killWorker(w));
    const message = await nextMessage(socket, 'headlines.changed', undefined, 20_000);
    expect(message.headlines[0]).toMatchObject({ id: headline.id, text: 'Survives a crash' });
    // A later change through the same worker: a repeated push of the first would arrive before it.
    const sentinel = nextMessage(socket, 'headlines.changed', ({ headlines }) => headlines.some((h) => h.text === 'Sentinel'), 20_000);
    await createHeadline(t, 'Sentinel');
    await sentinel;
    expect(received).toHaveLength(2);
    const event = await t.em().findOneOrFail(OutboxEvent, { aggregateType: 'headline', aggregateId: String(headline.id) });
    const [{ n }] = await t.em().execute<{ n: number }[]>('select count(*)::int as n from processed_events where event_id = ?', [event.id]);
    expect(n).toBe(1);
    // One job each: the crashed one, retried to completion, and the sentinel's.
    await eventually(async () => expect(await queue.getCompletedCount()).toBe(2));
  }, 60_000);

  it('delivers to a socket on instance A what a request to instance B caused, through one worker', async () => {
    const a = later(await startTestApp({ worker: false }), (app) => app.close());
    const b = later(await startTestApp({ worker: false, databaseUrl: a.databaseUrl }), (app) => app.close());
    later(await spawnWorker(a.config), (w) => killWorker(w));
    expect(b.config.redisPrefix).toBe(a.config.redisPrefix);
    const socketOnA = later(await connectSocket(a.baseUrl), (s) => s.disconnect());
    const arrival = nextMessage(socketOnA, 'headlines.changed', ({ headlines }) => headlines.some((h) => h.text === 'From B'), 15_000);
    const admin = await b.signIn('admin');
    expect((await b.request('/api/headlines', { method: 'POST', as: admin, json: { text: 'From B' } })).status).toBe(201);
    await expect(arrival).resolves.toBeDefined();
  }, 40_000);
});
