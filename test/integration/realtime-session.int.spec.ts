import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import type { ClientEventName, Room } from '../../backend/src/contracts/client-events.js';
import { ClientPush } from '../../backend/src/infra/realtime/client-push.js';
import { RealtimeGateway } from '../../backend/src/infra/realtime/realtime.gateway.js';
import { newEvent } from '../factories/events.js';
import type { CookieJar } from '../support/sign-in.js';
import { eventually } from '../support/eventually.js';
import { collectMessages, nextMessage, socketsClosedAfterEach, subscribe } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** "Within a second" of the change that ends or alters the session. */
const WITHIN_MS = 1000;

describe('sockets follow the session', () => {
  let t: TestApp;
  let redis: Redis;
  const open = socketsClosedAfterEach();

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    redis = new Redis(t.config.redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  const userIdOf = async (jar: CookieJar): Promise<number> => (await (await t.request('/api/users/me', { as: jar })).json()).id;

  let probes = 0;
  /**
   * Whether a message sent to `room` reaches the socket: it is sent there, then a sentinel to
   * `everyone`; messages of one publisher arrive in order, so the sentinel proves the first was not sent to it.
   * Each call marks its messages with its own id: another socket's probe or sentinel may still be on its way.
   */
  const reaches = async (socket: Socket, room: Room): Promise<boolean> => {
    const push = t.app.get(ClientPush);
    const marker = -++probes;
    const probe: ClientEventName = 'drivers.changed';
    const received = collectMessages(socket, probe);
    const sentinel = nextMessage(socket, 'live.changed', ({ eventId }) => eventId === marker);
    await push.send(room, probe, { profileId: marker });
    await push.send('everyone', 'live.changed', { live: false, eventId: marker });
    await sentinel;
    socket.off(probe);
    return received.some(({ profileId }) => profileId === marker);
  };

  /** The session id inside a signed session cookie (`s:<id>.<signature>`). */
  const sessionIdOf = (jar: CookieJar): string => {
    const value = decodeURIComponent(jar.get(t.config.session.cookieName) ?? '');
    return value.slice(2, value.lastIndexOf('.'));
  };
  const sessionKey = (jar: CookieJar) => `${t.config.redisPrefix}:session:${sessionIdOf(jar)}`;

  describe('logout', () => {
    it("takes the session's sockets out of the user's rooms within a second", async () => {
      const steward = await t.signIn('steward');
      const userId = await userIdOf(steward);
      const socket = await open(t.baseUrl, { as: steward });
      expect(await subscribe(socket, 'flag:isSteward')).toEqual({ ok: true });
      expect(await subscribe(socket, 'signedIn')).toEqual({ ok: true });
      expect(await reaches(socket, `user:${userId}`)).toBe(true);

      const changed = nextMessage(socket, 'session.changed', () => true, WITHIN_MS);
      expect((await t.request('/api/logout', { method: 'POST', as: steward })).status).toBe(204);
      expect(await changed).toEqual({ signedIn: false });
      expect(await reaches(socket, `user:${userId}`)).toBe(false);
      expect(await reaches(socket, 'flag:isSteward')).toBe(false);
      expect(await reaches(socket, 'signedIn')).toBe(false);
      expect(await reaches(socket, 'everyone')).toBe(true);
      expect(await subscribe(socket, 'flag:isSteward')).toMatchObject({ ok: false });
    });

    it("leaves the same user's other sessions alone", async () => {
      const first = await t.signIn('driver');
      const second = await t.signIn('driver');
      const userId = await userIdOf(first);
      const staying = await open(t.baseUrl, { as: second });
      const leaving = await open(t.baseUrl, { as: first });
      const changed = nextMessage(leaving, 'session.changed', () => true, WITHIN_MS);
      await t.request('/api/logout', { method: 'POST', as: first });
      await changed;
      expect(await reaches(leaving, `user:${userId}`)).toBe(false);
      expect(await reaches(staying, `user:${userId}`)).toBe(true);
    });
  });

  describe('role changes', () => {
    it('leaves the flag room of a revoked role within a second, and joins it again when the role comes back', async () => {
      const admin = await t.signIn('admin');
      const steward = await t.signIn('steward');
      const userId = await userIdOf(steward);
      const socket = await open(t.baseUrl, { as: steward });
      expect(await subscribe(socket, 'flag:isSteward')).toEqual({ ok: true });

      const revoked = nextMessage(socket, 'session.changed', () => true, WITHIN_MS);
      expect((await t.request(`/api/users/${userId}/roles/STEWARD`, { method: 'DELETE', as: admin })).status).toBeLessThan(300);
      expect(await revoked).toEqual({ signedIn: true });
      expect(await reaches(socket, 'flag:isSteward')).toBe(false);
      expect(await reaches(socket, `user:${userId}`)).toBe(true);

      const granted = nextMessage(socket, 'session.changed', () => true, WITHIN_MS);
      expect((await t.request(`/api/users/${userId}/roles/STEWARD`, { method: 'PUT', as: admin })).status).toBeLessThan(300);
      await granted;
      expect(await reaches(socket, 'flag:isSteward')).toBe(true);
    });

    it('joins a flag room the client asked for once a granted role opens it', async () => {
      const admin = await t.signIn('admin');
      const driver = await t.signIn('driver');
      const userId = await userIdOf(driver);
      const socket = await open(t.baseUrl, { as: driver });
      expect(await subscribe(socket, 'flag:isOrganizer')).toMatchObject({ ok: false });
      expect(await reaches(socket, 'flag:isOrganizer')).toBe(false);

      const granted = nextMessage(socket, 'session.changed', () => true, WITHIN_MS);
      await t.request(`/api/users/${userId}/roles/ORGANIZER`, { method: 'PUT', as: admin });
      await granted;
      expect(await reaches(socket, 'flag:isOrganizer')).toBe(true);
      await t.request(`/api/users/${userId}/roles/ORGANIZER`, { method: 'DELETE', as: admin });
    });
  });

  describe('session expiry', () => {
    it('takes a socket out of the user rooms when its session reaches its absolute lifetime', async () => {
      const driver = await t.signIn('driver');
      const userId = await userIdOf(driver);
      // Signed in so long ago that the absolute lifetime ends 700 ms from now.
      const stored = JSON.parse((await redis.get(sessionKey(driver)))!);
      stored.signedInAt = Date.now() - t.config.session.absoluteHours * 3_600_000 + 700;
      await redis.set(sessionKey(driver), JSON.stringify(stored), 'KEEPTTL');
      const socket = await open(t.baseUrl, { as: driver });
      expect(await reaches(socket, `user:${userId}`)).toBe(true);
      expect(await nextMessage(socket, 'session.changed', () => true, 700 + WITHIN_MS)).toEqual({ signedIn: false });
      expect(await reaches(socket, `user:${userId}`)).toBe(false);
    });

    it('takes a socket out when its session goes unused for the idle timeout, and not while it is in use', async () => {
      const idle = await t.signIn('driver');
      const used = await t.signIn('driver');
      const userId = await userIdOf(idle);
      const revalidations = jest.spyOn(t.app.get(RealtimeGateway), 'revalidate');
      await redis.pexpire(sessionKey(idle), 700);
      await redis.pexpire(sessionKey(used), 700);
      const idleSocket = await open(t.baseUrl, { as: idle });
      const usedSocket = await open(t.baseUrl, { as: used });
      const usedChanges = collectMessages(usedSocket, 'session.changed');
      // A request renews the used session's idle timeout (to the configured minutes) before its first expiry.
      expect((await t.request('/api/users/me', { as: used })).status).toBe(200);
      expect(await nextMessage(idleSocket, 'session.changed', () => true, 700 + WITHIN_MS)).toEqual({ signedIn: false });
      expect(await reaches(idleSocket, `user:${userId}`)).toBe(false);
      // The used socket's timer fired too (at the old expiry), re-read the session and stayed.
      let usedRevalidated: Promise<void> | undefined;
      await eventually(() => {
        const call = revalidations.mock.calls.findIndex(([socket]) => socket.id === usedSocket.id);
        expect(call).toBeGreaterThanOrEqual(0);
        usedRevalidated = revalidations.mock.results[call]!.value as Promise<void>;
      }, WITHIN_MS);
      await usedRevalidated;
      revalidations.mockRestore();
      expect(usedChanges).toEqual([]);
      expect(await reaches(usedSocket, `user:${userId}`)).toBe(true);
    });
  });

  describe('event rooms', () => {
    it("opens an unpublished event's room to organizers only", async () => {
      const unpublished = await newEvent(t.em(), { published: false });
      const published = await newEvent(t.em());
      const visitor = await open(t.baseUrl);
      const driver = await open(t.baseUrl, { as: await t.signIn('driver') });
      const organizer = await open(t.baseUrl, { as: await t.signIn('organizer') });
      expect(await subscribe(visitor, `event:${unpublished.id}`)).toMatchObject({ ok: false });
      expect(await subscribe(driver, `event:${unpublished.id}`)).toMatchObject({ ok: false });
      expect(await reaches(driver, `event:${unpublished.id}`)).toBe(false);
      expect(await subscribe(organizer, `event:${unpublished.id}`)).toEqual({ ok: true });
      expect(await subscribe(visitor, `event:${published.id}`)).toEqual({ ok: true });
      expect(await subscribe(driver, `event:${published.id}`)).toEqual({ ok: true });
      expect(await subscribe(visitor, 'event:999999999')).toMatchObject({ ok: false });
    });

    it("closes an event's room to those who may no longer see it when it is unpublished", async () => {
      const event = await newEvent(t.em());
      const organizerJar = await t.signIn('organizer');
      const driver = await open(t.baseUrl, { as: await t.signIn('driver') });
      const organizer = await open(t.baseUrl, { as: organizerJar });
      expect(await subscribe(driver, `event:${event.id}`)).toEqual({ ok: true });
      expect(await subscribe(organizer, `event:${event.id}`)).toEqual({ ok: true });
      const unpublished = nextMessage(driver, 'events.changed', ({ eventId }) => eventId === event.id);
      expect((await t.request(`/api/events/${event.id}/publish?publish=false`, { as: organizerJar })).status).toBe(200);
      await unpublished;
      // Each instance re-checks its sockets in the room when the re-check reaches it (within a second).
      await eventually(async () => expect(await reaches(driver, `event:${event.id}`)).toBe(false), 2000);
      expect(await reaches(organizer, `event:${event.id}`)).toBe(true);
    });
  });

  describe('handshake origin', () => {
    const connectFrom = (origin: string) => connectSocketWithOrigin(t.baseUrl, origin);

    it("refuses a page of another origin and accepts PUBLIC_URL's (and clients that send none)", async () => {
      await expect(connectFrom('https://evil.example')).rejects.toThrow();
      // Same host, another port: another origin.
      await expect(connectFrom('http://127.0.0.1:1')).rejects.toThrow();
      await expect(connectFrom('null')).rejects.toThrow();
      const own = await connectFrom(new URL(t.config.publicUrl).origin);
      try {
        expect(await subscribe(own, 'everyone')).toEqual({ ok: true });
      } finally {
        own.disconnect();
      }
      await open(t.baseUrl); // no Origin at all (API-key tools, tests): allowed
    });
  });
});

async function connectSocketWithOrigin(baseUrl: string, origin: string): Promise<Socket> {
  const socket = io(baseUrl, { transports: ['websocket'], extraHeaders: { origin }, reconnection: false, forceNew: true });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  } catch (error) {
    socket.disconnect();
    throw error;
  }
  return socket;
}
