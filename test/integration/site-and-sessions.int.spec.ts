import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { REDIS } from '../../backend/src/infra/redis/redis.module.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { newMember } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The Redis key of the session a jar carries (the cookie is `s:<sid>.<signature>`, URL-encoded). */
function sessionKey(t: TestApp, jar: CookieJar): string {
  const cookie = decodeURIComponent(jar.get(t.config.session.cookieName)!);
  return `${t.config.redisPrefix}:session:${cookie.slice(2, cookie.lastIndexOf('.'))}`;
}

describe('site config and health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { LEAGUE_NAME: 'Test League', DISCORD_JOIN_URL: 'https://discord.gg/test-league' } });
  });
  afterAll(() => t.close());

  it('GET /api/config gives visitors where Login and Join go and the avatar CDN', async () => {
    const response = await t.request('/api/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      leagueName: 'Test League',
      discord: { authUrl: '/api/auth/discord', joinUrl: 'https://discord.gg/test-league', avatarUrl: 'https://cdn.discordapp.com' },
      social: {
        group: expect.stringMatching(/^https:\/\//),
        shortVideo: expect.stringMatching(/^https:\/\//),
        video: expect.stringMatching(/^https:\/\//),
        liveStream: expect.stringMatching(/^https:\/\//),
      },
    });
  });

  it('the authUrl of the config starts the sign-in', async () => {
    const { discord } = await (await t.request('/api/config')).json();
    const response = await t.request(discord.authUrl);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('/oauth2/authorize?');
  });

  it('POST /api/config records when a signed-in user was last seen', async () => {
    const jar = await t.signIn('steward');
    const past = new Date('2026-01-01T00:00:00Z');
    await t.em().nativeUpdate(User, { username: 'steward' }, { lastSeenAt: past });
    const before = Date.now();
    const response = await t.request('/api/config', { method: 'POST', as: jar });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const { lastSeenAt } = await t.em().findOneOrFail(User, { username: 'steward' });
    expect(lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('POST /api/config answers a visitor 204 and writes nothing', async () => {
    const seen = async () => (await t.em().find(User, {}, { orderBy: { id: 'asc' } })).map((user) => user.lastSeenAt?.getTime() ?? null);
    const before = await seen();
    const response = await t.request('/api/config', { method: 'POST' });
    expect(response.status).toBe(204);
    expect(await seen()).toEqual(before);
  });

  it('POST /api/config answers a visitor with a wrong API key 204 (it never fails the client)', async () => {
    expect((await t.request('/api/config', { method: 'POST', headers: { authorization: 'Bearer pdk_wrong' } })).status).toBe(204);
  });

  it('GET /api/health is 200 with the database and Redis up', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
  });
});

describe('sessions', () => {
  let t: TestApp;
  let redis: Redis;
  let driverUser: User;
  beforeAll(async () => {
    t = await startTestApp({ env: { SESSION_IDLE_MINUTES: '60', SESSION_ABSOLUTE_HOURS: '2' } });
    redis = t.app.get<Redis>(REDIS);
    driverUser = (await newMember(t.em(), 'driver')).user;
  });
  afterAll(() => t.close());

  it('keeps the session in Redis with the sign-in time', async () => {
    const before = Date.now();
    const jar = await t.signIn('driver');
    const stored = JSON.parse((await redis.get(sessionKey(t, jar)))!);
    expect(stored.passport).toEqual({ user: driverUser.id });
    expect(stored.signedInAt).toBeGreaterThanOrEqual(before);
    expect(stored.signedInAt).toBeLessThanOrEqual(Date.now());
  });

  it('expires an idle session: Redis keeps it for the idle timeout, and each request renews it', async () => {
    const jar = await t.signIn('driver');
    const key = sessionKey(t, jar);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(59 * 60);
    expect(ttl).toBeLessThanOrEqual(60 * 60);
    await redis.expire(key, 100);
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(200);
    expect(await redis.ttl(key)).toBeGreaterThan(59 * 60);
    const cookie = (await t.request('/api/users/me', { as: jar })).headers.getSetCookie().find((line) => line.startsWith(`${t.config.session.cookieName}=`));
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie!)![1]);
    expect(Math.abs(expires - (Date.now() + 3_600_000))).toBeLessThan(5_000);
  });

  it('treats a session that idled out as signed out (401)', async () => {
    const jar = await t.signIn('driver');
    await redis.pexpire(sessionKey(t, jar), 1);
    await eventually(async () => expect(await redis.exists(sessionKey(t, jar))).toBe(0));
    const response = await t.request('/api/users/me', { as: jar });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, path: '/api/users/me' });
  });

  it('ends a session the absolute timeout after sign-in, however recently it was used', async () => {
    const jar = await t.signIn('driver');
    const key = sessionKey(t, jar);
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(200);
    const stored = JSON.parse((await redis.get(key))!);
    stored.signedInAt = Date.now() - 2 * 3_600_000 - 1000;
    await redis.set(key, JSON.stringify(stored), 'KEEPTTL');
    const response = await t.request('/api/users/me', { as: jar });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, path: '/api/users/me' });
    // And it stays ended: the old session is gone from Redis, not just skipped once.
    expect(await redis.exists(key)).toBe(0);
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(401);
  });

  it('keeps a session younger than the absolute timeout', async () => {
    const jar = await t.signIn('driver');
    const key = sessionKey(t, jar);
    const stored = JSON.parse((await redis.get(key))!);
    stored.signedInAt = Date.now() - 2 * 3_600_000 + 60_000;
    await redis.set(key, JSON.stringify(stored), 'KEEPTTL');
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(200);
  });

  it('an expired session cannot make changes either, even with the CSRF header', async () => {
    const jar = await t.signIn('admin');
    const key = sessionKey(t, jar);
    const stored = JSON.parse((await redis.get(key))!);
    stored.signedInAt = 1;
    await redis.set(key, JSON.stringify(stored), 'KEEPTTL');
    expect((await t.request(`/api/users/${driverUser.id}/roles/ADMIN`, { method: 'PUT', as: jar })).status).toBe(401);
    expect((await t.em().findOneOrFail(User, driverUser.id)).roles).toEqual([]);
  });

  it('ends a signed-in session that carries no sign-in time, since its age cannot be known', async () => {
    for (const signedInAt of [undefined, 0, 'yesterday', null]) {
      const jar = await t.signIn('driver');
      const key = sessionKey(t, jar);
      const stored = JSON.parse((await redis.get(key))!);
      stored.signedInAt = signedInAt;
      await redis.set(key, JSON.stringify(stored), 'KEEPTTL');
      expect([signedInAt, (await t.request('/api/users/me', { as: jar })).status]).toEqual([signedInAt, 401]);
    }
  });

  it('still signs in: the new session gets its sign-in time within the sign-in request', async () => {
    const jar = await t.signIn('driver');
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(200);
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(200);
  });

  it('gives a new sign-in a new session id and ends the old one on logout only', async () => {
    const first = await t.signIn('driver');
    const second = await t.signIn('driver');
    expect(sessionKey(t, first)).not.toBe(sessionKey(t, second));
    expect((await t.request('/api/logout', { method: 'POST', as: first })).status).toBe(204);
    expect(await redis.exists(sessionKey(t, first))).toBe(0);
    expect((await t.request('/api/users/me', { as: second })).status).toBe(200);
  });

  it('answers logout without a session with 204', async () => {
    expect((await t.request('/api/logout', { method: 'POST' })).status).toBe(204);
  });
});
