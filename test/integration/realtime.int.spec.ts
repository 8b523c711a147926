import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { OutboxEvent } from '../../backend/src/infra/outbox/outbox-event.entity.js';
import { DOMAIN_EVENTS_QUEUE } from '../../backend/src/infra/outbox/queues.js';
import { ClientPush } from '../../backend/src/infra/realtime/client-push.js';
import { PushLog, pushLogKeys } from '../../backend/src/infra/realtime/push-log.js';
import type { PushesSince } from '../../backend/src/contracts/client-events.js';
import { recordDomainEvent } from '../../backend/src/infra/outbox/domain-events.js';
import { Headline } from '../../backend/src/modules/community/headline.entity.js';
import { newUser } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import { collectMessages, connectSocket, nextMessage, socketsClosedAfterEach, subscribe } from '../support/sockets.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('domain events through the outbox to browsers', () => {
  let t: TestApp;
  const open = socketsClosedAfterEach();

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
  });
  afterAll(() => t.close());

  it('commits the event with its change', async () => {
    const admin = await t.signIn('admin');
    const response = await t.request('/api/headlines', { method: 'POST', as: admin, json: { text: 'Season 5 starts Monday' } });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const events = await t.em().find(OutboxEvent, { aggregateType: 'headline', aggregateId: String(id) });
    expect(events.map((event) => event.name)).toEqual(['HeadlineCreated']);
    expect(events[0].payload).toEqual({ headlineId: id });
  });

  it('writes no event for a change that rolls back', async () => {
    const em = t.em();
    const before = await em.count(OutboxEvent);
    await expect(
      em.transactional(async (tx) => {
        const headline = tx.create(Headline, { text: 'Never shown' });
        await tx.flush();
        recordDomainEvent(tx, 'HeadlineCreated', { type: 'headline', id: headline.id }, { headlineId: headline.id });
        await tx.flush();
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.em().count(OutboxEvent)).toBe(before);
    expect(await t.em().count(Headline, { text: 'Never shown' })).toBe(0);
  });

  it('pushes a headline change to every open socket, visitors included', async () => {
    const visitor = await open(t.baseUrl);
    const driver = await open(t.baseUrl, { as: await t.signIn('driver') });
    const arrivals = [nextMessage(visitor, 'headlines.changed'), nextMessage(driver, 'headlines.changed')];
    const admin = await t.signIn('admin');
    await t.request('/api/headlines', { method: 'POST', as: admin, json: { text: 'Rivals launch this Friday' } });
    for (const message of await Promise.all(arrivals)) {
      expect(message.headlines[0]).toMatchObject({ text: 'Rivals launch this Friday' });
    }
  });

  it('switches maintenance on and off for open sockets', async () => {
    const visitor = await open(t.baseUrl);
    const admin = await t.signIn('admin');
    const on = nextMessage(visitor, 'maintenance.changed');
    expect((await t.request('/api/maintenance', { method: 'PUT', as: admin, json: { enabled: true } })).status).toBe(200);
    expect(await on).toEqual({ enabled: true });
    expect(await (await t.request('/api/maintenance')).json()).toEqual({ enabled: true });
    const off = nextMessage(visitor, 'maintenance.changed');
    await t.request('/api/maintenance', { method: 'PUT', as: admin, json: { enabled: false } });
    expect(await off).toEqual({ enabled: false });
  });

  it('marks each event published once it is on the queue', async () => {
    const admin = await t.signIn('admin');
    const { id } = await (await t.request('/api/headlines', { method: 'POST', as: admin, json: { text: 'Published?' } })).json();
    await eventually(async () => expect((await t.em().findOneOrFail(OutboxEvent, { aggregateType: 'headline', aggregateId: String(id) })).publishedAt).toBeInstanceOf(Date));
  });

  it('lets a driver join the signed-in room but not the steward room', async () => {
    const driver = await open(t.baseUrl, { as: await t.signIn('driver') });
    expect(await subscribe(driver, 'signedIn')).toEqual({ ok: true });
    expect(await subscribe(driver, 'flag:isSteward')).toEqual({ ok: false, error: 'Not allowed to join flag:isSteward' });
    expect(await subscribe(driver, `user:${(await newUser(t.em())).id}`)).toMatchObject({ ok: false });
    const steward = await open(t.baseUrl, { as: await t.signIn('steward') });
    expect(await subscribe(steward, 'flag:isSteward')).toEqual({ ok: true });
  });

  it('keeps a visitor out of the signed-in room and ignores unknown or malformed requests', async () => {
    const visitor = await open(t.baseUrl);
    expect(await subscribe(visitor, 'signedIn')).toMatchObject({ ok: false });
    expect(await subscribe(visitor, 'no-such-room')).toMatchObject({ ok: false });
    expect(await visitor.timeout(2000).emitWithAck('subscribe', 'not an object')).toMatchObject({ ok: false });
    expect(await visitor.timeout(2000).emitWithAck('subscribe', null)).toMatchObject({ ok: false });
    expect(await subscribe(visitor, 'x'.repeat(500))).toMatchObject({ ok: false });
    expect(visitor.connected).toBe(true);
  });

  it('disconnects a socket that floods subscribe requests, and keeps serving others', async () => {
    const flooder = await open(t.baseUrl);
    const calm = await open(t.baseUrl);
    const disconnected = new Promise((resolve) => flooder.once('disconnect', resolve));
    for (let i = 0; i < 150; i += 1) flooder.emit('subscribe', { room: 'everyone' });
    await disconnected;
    expect(await subscribe(calm, 'everyone')).toEqual({ ok: true });
  });

  it('refuses a socket with an invalid API key and accepts a valid one', async () => {
    await expect(connectSocket(t.baseUrl, { apiKey: 'pdk_wrong' })).rejects.toThrow('Unauthorized');
    const driver = await t.signIn('driver');
    const { key } = await (await t.request('/api/users/me/apiKey', { method: 'POST', as: driver })).json();
    const socket = await open(t.baseUrl, { apiKey: key });
    expect(await subscribe(socket, 'signedIn')).toEqual({ ok: true });
  });

  it('lets only admins change headlines', async () => {
    const driver = await t.signIn('driver');
    expect((await t.request('/api/headlines', { method: 'POST', json: { text: 'x' } })).status).toBe(401);
    expect((await t.request('/api/headlines', { method: 'POST', as: driver, json: { text: 'x' } })).status).toBe(403);
    expect((await t.request('/api/headlines/1', { method: 'PUT', as: driver, json: { text: 'x' } })).status).toBe(403);
    expect((await t.request('/api/headlines/1', { method: 'DELETE', as: driver })).status).toBe(403);
    expect((await t.request('/api/maintenance', { method: 'PUT', as: driver, json: { enabled: true } })).status).toBe(403);
    expect((await t.request('/api/maintenance', { method: 'PUT', json: { enabled: true } })).status).toBe(401);
  });

  it('validates headlines and maintenance bodies', async () => {
    const admin = await t.signIn('admin');
    const empty = await t.request('/api/headlines', { method: 'POST', as: admin, json: { text: '   ' } });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toHaveProperty('text');
    const long = await t.request('/api/headlines', { method: 'POST', as: admin, json: { text: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    const notBoolean = await t.request('/api/maintenance', { method: 'PUT', as: admin, json: { enabled: 'yes' } });
    expect((await notBoolean.json()).errors).toHaveProperty('enabled');
    expect((await t.request('/api/headlines/999999', { method: 'PUT', as: admin, json: { text: 'ok' } })).status).toBe(404);
    expect((await t.request('/api/headlines/abc', { method: 'DELETE', as: admin })).status).toBe(400);
  });

  it('updates and deletes headlines, pushing the list each time', async () => {
    const visitor = await open(t.baseUrl);
    const admin = await t.signIn('admin');
    const { id } = await (await t.request('/api/headlines', { method: 'POST', as: admin, json: { text: 'Typo hedline' } })).json();
    const updated = nextMessage(visitor, 'headlines.changed', ({ headlines }) => headlines.some((h) => h.text === 'Fixed headline'));
    await t.request(`/api/headlines/${id}`, { method: 'PUT', as: admin, json: { text: 'Fixed headline' } });
    expect((await updated).headlines.find((headline) => headline.id === id)?.text).toBe('Fixed headline');
    const deleted = nextMessage(visitor, 'headlines.changed', ({ headlines }) => !headlines.some((h) => h.id === id));
    expect((await t.request(`/api/headlines/${id}`, { method: 'DELETE', as: admin })).status).toBe(204);
    await expect(deleted).resolves.toBeDefined();
  });

  it('handles an event once even when the relay sends it again', async () => {
    await t.settled();
    const visitor = await open(t.baseUrl);
    const received = collectMessages(visitor, 'headlines.changed');
    const admin = await t.signIn('admin');
    const shown = (text: string) => nextMessage(visitor, 'headlines.changed', ({ headlines }) => headlines.some((h) => h.text === text));
    /** A later change whose push comes after any repeated push of an earlier one. */
    const sentinel = async (text: string) => {
      const arrived = shown(text);
      await t.request('/api/headlines', { method: 'POST', as: admin, json: { text } });
      await arrived;
    };
    const first = shown('Sent twice');
    const { id } = await (await t.request('/api/headlines', { method: 'POST', as: admin, json: { text: 'Sent twice' } })).json();
    await first;
    await sentinel('After the first send');
    expect(received).toHaveLength(2);
    // Re-publish the same row: the queue deduplicates by job id, the worker by (event id, subscriber).
    const event = await t.em().findOneOrFail(OutboxEvent, { aggregateType: 'headline', aggregateId: String(id) });
    await t.em().nativeUpdate(OutboxEvent, { id: event.id }, { publishedAt: null });
    await eventually(async () => expect((await t.em().findOneOrFail(OutboxEvent, { id: event.id })).publishedAt).toBeInstanceOf(Date));
    await sentinel('After the second send');
    expect(received).toHaveLength(3);
    const [{ n }] = await t.em().execute<{ n: number }[]>('select count(*)::int as n from processed_events where event_id = ?', [event.id]);
    expect(n).toBe(1);
  });

  it('fails a job with a malformed event for good, keeps it for inspection, and goes on working', async () => {
    const connection = new Redis(t.config.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(DOMAIN_EVENTS_QUEUE, { connection, prefix: t.config.redisPrefix });
    try {
      const bad = [
        { id: 'bad-no-event', data: null },
        { id: 'bad-unknown-name', data: { id: randomUUID(), name: 'NoSuchEvent', payload: {} } },
        { id: 'bad-no-payload', data: { id: randomUUID(), name: 'HeadlineCreated' } },
      ];
      for (const job of bad) await queue.add('malformed', job.data, { jobId: job.id, attempts: 5 });
      await eventually(async () => expect((await queue.getFailed()).map((job) => job.id).sort()).toEqual(expect.arrayContaining(bad.map((job) => job.id))));
      const failed = await queue.getFailed();
      for (const job of failed.filter((candidate) => candidate.id?.startsWith('bad-'))) {
        expect(job.attemptsMade).toBe(1);
        expect(job.failedReason).toMatch(/no domain event|Unknown domain event|no payload/);
      }
      const visitor = await open(t.baseUrl);
      const next = nextMessage(visitor, 'headlines.changed', ({ headlines }) => headlines.some((h) => h.text === 'Still working'));
      await t.request('/api/headlines', { method: 'POST', as: await t.signIn('admin'), json: { text: 'Still working' } });
      await expect(next).resolves.toBeDefined();
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
  describe('where a page stands in the messages (the push log)', () => {
    const since = async (): Promise<PushesSince> => ({ cursor: (await t.app.get(PushLog, { strict: false }).cursor())!, ageMs: 40 });
    const send = (room: 'everyone' | 'signedIn' | 'flag:isSteward') => t.app.get(ClientPush, { strict: false }).send(room, 'maintenance.changed', { enabled: false });
    /** A page's first connection: the resyncs the server sent it as it connected (the connect's round trip is done). */
    const resyncsOfPage = async (pageSince: PushesSince, as?: CookieJar) => {
      let resyncs: unknown[] = [];
      await open(t.baseUrl, { as, since: pageSince, listen: (socket) => (resyncs = collectMessages(socket, 'resync')) });
      return resyncs.length;
    };

    it('tells a page’s first connection to resync only when a message went to its rooms after the page was served', async () => {
      const driver = await t.signIn('driver');
      await t.settled();
      const served = await since();
      expect(await resyncsOfPage(served)).toBe(0);
      expect(await resyncsOfPage(served, driver)).toBe(0);
      await send('flag:isSteward');
      expect(await resyncsOfPage(served, driver)).toBe(0);
      await send('everyone');
      expect(await resyncsOfPage(served)).toBe(1);
      expect(await resyncsOfPage(served, driver)).toBe(1);
      expect(await resyncsOfPage(await since(), driver)).toBe(0);
    });

    it('answers a join with whether its room had a message since the page was served, and a join without a cursor as before', async () => {
      const driver = await open(t.baseUrl, { as: await t.signIn('driver') });
      const served = await since();
      expect(await subscribe(driver, 'signedIn', served)).toEqual({ ok: true, missed: false });
      await send('everyone');
      expect(await subscribe(driver, 'signedIn', served)).toEqual({ ok: true, missed: false });
      await send('signedIn');
      expect(await subscribe(driver, 'signedIn', served)).toEqual({ ok: true, missed: true });
      expect(await subscribe(driver, 'signedIn', await since())).toEqual({ ok: true, missed: false });
      expect(await subscribe(driver, 'signedIn')).toEqual({ ok: true });
    });

    it('counts a cursor it cannot trust as missed: malformed, older than the rooms’ marks, or counted before Redis lost the count', async () => {
      const visitor = await open(t.baseUrl);
      const served = await since();
      for (const untrusted of [{ cursor: 'nonsense', ageMs: 40 }, { cursor: served.cursor }, { ...served, ageMs: 2 * 86_400_000 }, 'a1b2.3']) {
        expect(await visitor.timeout(5000).emitWithAck('subscribe', { room: 'everyone', since: untrusted })).toEqual({ ok: true, missed: true });
      }
      const redis = new Redis(t.config.redisUrl);
      try {
        await redis.del(pushLogKeys(t.config.redisPrefix).counter);
      } finally {
        redis.disconnect();
      }
      expect(await subscribe(visitor, 'everyone', served)).toEqual({ ok: true, missed: true });
      expect(await subscribe(visitor, 'everyone', await since())).toEqual({ ok: true, missed: false });
    });
  });
});
