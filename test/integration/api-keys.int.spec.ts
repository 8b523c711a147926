import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { createHash } from 'node:crypto';
import { demoAccount } from '../../backend/src/infra/discord/demo-accounts.js';
import type { User } from '../../backend/src/modules/users/user.entity.js';
import { ClientPush } from '../../backend/src/infra/realtime/client-push.js';
import { newMember } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, socketsClosedAfterEach } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('API keys', () => {
  let t: TestApp;
  let driver: CookieJar;
  let driverUser: User;
  const issue = async (jar: CookieJar) => {
    const response = await t.request('/api/users/me/apiKey', { method: 'POST', as: jar });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { key: string };
    expect(Object.keys(body)).toEqual(['key']);
    return body.key;
  };
  const asKey = (key: string, path = '/api/users/me', init: RequestInit = {}) =>
    t.request(path, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });
  const connect = socketsClosedAfterEach();
  /** Resolves once the server closed the socket (a disconnect the client did not ask for). */
  const closedByServer = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The socket is still open after 15 s')), 15_000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  const rows = () => t.em().getConnection().execute<Record<string, unknown>[]>('select * from api_keys order by id');

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    driverUser = (await newMember(t.em(), 'driver')).user;
    driver = await t.signIn('driver');
  });
  afterAll(() => t.close());

  it('answers 404 to GET before the user has a key', async () => {
    const response = await t.request('/api/users/me/apiKey', { as: driver });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, message: expect.any(String) });
  });

  it('returns a new key once, and only metadata afterwards', async () => {
    const key = await issue(driver);
    expect(key).toMatch(/^pdk_[\w-]{40,}$/);
    const response = await t.request('/api/users/me/apiKey', { as: driver });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(12));
    const info = JSON.parse(text);
    expect(info).toEqual({ prefix: key.slice(0, 12), createdAt: expect.any(String), lastUsedAt: null });
    expect(Date.now() - Date.parse(info.createdAt)).toBeLessThan(60_000);
  });

  it('acts as its user on /api/users/me and records when it was last used', async () => {
    const key = await issue(driver);
    const response = await asKey(key);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: driverUser.id, username: 'driver', discordId: demoAccount('driver').id });
    const info = await (await t.request('/api/users/me/apiKey', { as: driver })).json();
    expect(info.lastUsedAt).toEqual(expect.any(String));
    expect(Date.parse(info.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(info.createdAt));
  });

  it('revokes the previous key when a new one is created', async () => {
    const first = await issue(driver);
    expect((await asKey(first)).status).toBe(200);
    const second = await issue(driver);
    expect(second).not.toBe(first);
    const old = await asKey(first);
    expect(old.status).toBe(401);
    expect(await old.json()).toMatchObject({ status: 401, message: expect.any(String), path: '/api/users/me' });
    expect((await asKey(second)).status).toBe(200);
    expect((await rows()).filter((row) => row.user_id === driverUser.id)).toHaveLength(1);
  });

  it('lets a key replace itself (a request by key, exempt from the CSRF header)', async () => {
    const first = await issue(driver);
    const replaced = await asKey(first, '/api/users/me/apiKey', { method: 'POST' });
    expect(replaced.status).toBe(201);
    const { key } = await replaced.json();
    expect((await asKey(first)).status).toBe(401);
    expect((await asKey(key)).status).toBe(200);
  });

  it('answers a wrong, malformed or empty key with 401 in the error shape', async () => {
    const key = await issue(driver);
    const wrong = [`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, 'pdk_', 'pdk_nope', 'not-a-key', key.toUpperCase(), ' '];
    for (const candidate of wrong) {
      const response = await asKey(candidate);
      expect([candidate, response.status]).toEqual([candidate, 401]);
      expect(await response.json()).toMatchObject({ status: 401, path: '/api/users/me' });
    }
  });

  it('does not fall back to the session cookie when the key is wrong', async () => {
    const response = await t.request('/api/users/me', { as: driver, headers: { authorization: 'Bearer pdk_wrong' } });
    expect(response.status).toBe(401);
  });

  it("keeps each user's key to that user", async () => {
    const admin = await t.signIn('admin');
    const adminKey = await issue(admin);
    const driverKey = await issue(driver);
    expect((await (await asKey(adminKey)).json()).username).toBe('admin');
    expect((await (await asKey(driverKey)).json()).username).toBe('driver');
  });

  it('stores only a SHA-256 hash of the key, never the key', async () => {
    const key = await issue(driver);
    const stored = (await rows()).find((row) => row.user_id === driverUser.id)!;
    expect(stored.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(stored.prefix).toBe(key.slice(0, 12));
    const everything = JSON.stringify(await rows());
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(12));
  });

  it('needs a signed-in user to create, read or revoke a key', async () => {
    expect((await t.request('/api/users/me/apiKey', { method: 'POST' })).status).toBe(401);
    expect((await t.request('/api/users/me/apiKey')).status).toBe(401);
    expect((await t.request('/api/users/me/apiKey', { method: 'DELETE' })).status).toBe(401);
  });

  it('revokes the key on DELETE: it gets 401 from then on, and a second DELETE is 404', async () => {
    const key = await issue(driver);
    expect((await t.request('/api/users/me/apiKey', { method: 'DELETE', as: driver })).status).toBe(204);
    expect((await asKey(key)).status).toBe(401);
    expect((await t.request('/api/users/me/apiKey', { as: driver })).status).toBe(404);
    expect((await t.request('/api/users/me/apiKey', { method: 'DELETE', as: driver })).status).toBe(404);
  });

  it("disconnects the sockets opened with a key when it is replaced, keeps the user's session sockets, and refuses the old key's new sockets", async () => {
    const old = await issue(driver);
    const keySocket = await connect(t.baseUrl, { apiKey: old });
    const sessionSocket = await connect(t.baseUrl, { as: driver });
    const closed = closedByServer(keySocket);
    const fresh = await issue(driver);
    expect(await closed).toBe('io server disconnect');
    expect(sessionSocket.connected).toBe(true);
    await expect(connect(t.baseUrl, { apiKey: old })).rejects.toThrow('Unauthorized');
    const freshSocket = await connect(t.baseUrl, { apiKey: fresh });
    const delivered = nextMessage(freshSocket, 'me.changed', () => true, 5000);
    await t.app.get(ClientPush).send(`user:${driverUser.id}`, 'me.changed', { reason: 'roles' });
    await delivered;
  });

  it('disconnects the sockets opened with a key when it is revoked', async () => {
    const key = await issue(driver);
    const keySocket = await connect(t.baseUrl, { apiKey: key });
    const closed = closedByServer(keySocket);
    expect((await t.request('/api/users/me/apiKey', { method: 'DELETE', as: driver })).status).toBe(204);
    expect(await closed).toBe('io server disconnect');
    await expect(connect(t.baseUrl, { apiKey: key })).rejects.toThrow('Unauthorized');
  });
});
