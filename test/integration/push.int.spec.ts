import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PushDevice, PushSettings } from '../../backend/src/contracts/push.js';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { PUSH_QUEUE, PushService } from '../../backend/src/modules/push/index.js';
import { eventually } from '../support/eventually.js';
import { LocalPushService, TestBrowser, verifyVapid } from '../support/push-service.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { NotificationsService } from '../../backend/src/modules/notifications/index.js';
import type { NotificationKind } from '../../backend/src/contracts/notifications.js';

const CHROME_ON_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('web push', () => {
  let t: TestApp;
  let pushService: LocalPushService;
  let driver: CookieJar;
  let steward: CookieJar;
  let driverId: number;
  let browsers = 0;

  const newBrowser = () => new TestBrowser(pushService.endpoint(`device-${(browsers += 1)}`));
  const subscribe = async (jar: CookieJar, browser: TestBrowser, userAgent = CHROME_ON_ANDROID) => {
    const response = await t.request('/api/push/devices', { method: 'POST', as: jar, json: browser.subscription(), headers: { 'user-agent': userAgent } });
    expect(response.status).toBe(201);
    return (await response.json()) as PushDevice;
  };
  const devices = async (jar: CookieJar) => (await (await t.request('/api/push/devices', { as: jar })).json()) as PushDevice[];
  const storedEndpoints = async () =>
    (await t.em().getConnection().execute<{ endpoint: string }[]>('select endpoint from push_subscriptions order by id')).map((row) => row.endpoint);
  const publicKey = async (app: TestApp, jar: CookieJar) => ((await (await app.request('/api/push/settings', { as: jar })).json()) as PushSettings).publicKey;
  /** The one request the push service got for the browser, decrypted, with its VAPID claims checked. */
  const openedBy = async (browser: TestBrowser, count = 1) => {
    await eventually(() => expect(pushService.to(browser.endpoint)).toHaveLength(count), 10_000);
    const received = pushService.to(browser.endpoint).at(-1)!;
    return { received, payload: JSON.parse(browser.decrypt(received.body)) as Record<string, unknown> };
  };

  /** Waits until the push queue has nothing left to send or retry. */
  const pushQueueIdle = async () => {
    const connection = new Redis(t.config.redisUrl, { maxRetriesPerRequest: 1 });
    const queue = new Queue(PUSH_QUEUE, { connection, prefix: t.config.redisPrefix });
    try {
      await eventually(
        async () => expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).toEqual({ waiting: 0, active: 0, delayed: 0, prioritized: 0 }),
        10_000,
      );
    } finally {
      await queue.close();
      connection.disconnect();
    }
  };

  beforeAll(async () => {
    pushService = new LocalPushService();
    await pushService.start();
    t = await startTestApp({ worker: true, env: { PUSH_ALLOW_LOCAL_ENDPOINTS: 'true', RATE_LIMIT_PUSH_TEST: '3/1m' } });
    driver = await t.signIn('driver');
    steward = await t.signIn('steward');
    driverId = ((await (await t.request('/api/users/me', { as: driver })).json()) as { id: number }).id;
  });
  afterAll(async () => {
    await t.close();
    await pushService.stop();
  });

  it('refuses visitors on every push route (401)', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/push/settings'],
      ['GET', '/api/push/devices'],
      ['POST', '/api/push/devices', newBrowser().subscription()],
      ['DELETE', '/api/push/devices/1'],
      ['POST', '/api/push/devices/1/test'],
    ];
    for (const [method, path, json] of routes) {
      const response = await t.request(path, { method, json, headers: { 'x-requested-with': 'XMLHttpRequest' } });
      expect([method, path, response.status]).toEqual([method, path, 401]);
      expect(await response.json()).toMatchObject({ status: 401, path });
    }
    expect(await storedEndpoints()).toEqual([]);
  });

  it('serves the VAPID public key, generated once and kept across a restart; local endpoints only where the setting allows them', async () => {
    const key = await publicKey(t, driver);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(65);
    const restarted = await startTestApp({ databaseUrl: t.databaseUrl, env: { REDIS_PREFIX: `${t.config.redisPrefix}-restart` } });
    try {
      const jar = await restarted.signIn('driver');
      expect(await publicKey(restarted, jar)).toBe(key);
      const local = await restarted.request('/api/push/devices', { method: 'POST', as: jar, json: newBrowser().subscription() });
      expect(local.status).toBe(400);
      expect(await local.json()).toMatchObject({ status: 400, message: 'Endpoint must be an https: URL' });
    } finally {
      await restarted.close();
    }
  });

  it('subscribes a device with its label, lists only the caller’s own, and subscribing it again keeps one record', async () => {
    const browser = newBrowser();
    const device = await subscribe(driver, browser);
    expect(device).toEqual({ id: expect.any(Number), label: 'Chrome on Android', endpoint: browser.endpoint, createdAt: expect.any(String), lastSentAt: null });
    const again = await subscribe(driver, browser, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0');
    expect(again).toMatchObject({ id: device.id, label: 'Firefox on Windows' });
    expect((await devices(driver)).filter((mine) => mine.endpoint === browser.endpoint)).toHaveLength(1);
    expect((await devices(steward)).map((theirs) => theirs.id)).not.toContain(device.id);
  });

  it('refuses bad subscriptions with a 400 naming what is wrong', async () => {
    const browser = newBrowser();
    const cases: [unknown, string | RegExp][] = [
      [{ ...browser.subscription(), endpoint: 'https://10.0.0.1/push' }, 'Endpoint must be a push service on a public host name'],
      [{ ...browser.subscription(), endpoint: 'ftp://push.example.com/x' }, 'Endpoint must be an https: URL'],
      [{ endpoint: browser.endpoint }, /Keys must be an object/],
      [{ ...browser.subscription(), keys: { p256dh: 'short', auth: browser.subscription().keys.auth } }, /^Keys.p256dh must be/],
      [{ ...browser.subscription(), keys: { p256dh: browser.subscription().keys.p256dh, auth: 'abc' } }, 'Keys.auth must be 16 bytes in base64url'],
      [{ ...browser.subscription(), endpoint: 42 }, /Endpoint must be a string/],
    ];
    for (const [json, message] of cases) {
      const response = await t.request('/api/push/devices', { method: 'POST', as: driver, json });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string };
      expect(body.message).toMatch(message);
    }
    expect(await storedEndpoints()).not.toContain(browser.endpoint);
  });

  it('sends a test notification, encrypted to the device (RFC 8291 aes128gcm) and signed with the VAPID key', async () => {
    const browser = newBrowser();
    const device = await subscribe(driver, browser);
    const response = await t.request(`/api/push/devices/${device.id}/test`, { method: 'POST', as: driver });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ queued: 1 });
    const { received, payload } = await openedBy(browser);
    expect(payload).toEqual({ title: 'Paddock: test notification', body: 'Notifications reach this device.', link: '/profile', tag: 'push-test' });
    expect(received.headers).toMatchObject({ 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', ttl: '300' });
    const { publicKey: signedWith, claims } = verifyVapid(received.headers.authorization);
    expect(signedWith).toBe(await publicKey(t, driver));
    expect(claims).toEqual({ aud: pushService.origin, sub: 'mailto:webmaster@127.0.0.1', exp: expect.any(Number) });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    // A body encrypted to another browser's keys does not open with this one's.
    expect(() => newBrowser().decrypt(received.body)).toThrow();
    await eventually(async () => expect((await devices(driver)).find((mine) => mine.id === device.id)?.lastSentAt).toEqual(expect.any(String)));
  });

  it('refuses a test for another user’s device or an unknown one (404), and over the limit (429)', async () => {
    const device = await subscribe(driver, newBrowser());
    for (const path of [`/api/push/devices/${device.id}/test`, '/api/push/devices/999999/test']) {
      const response = await t.request(path, { method: 'POST', as: steward });
      expect(response.status).toBe(404);
    }
    const stewardDevice = await subscribe(steward, newBrowser());
    const statuses: number[] = [];
    for (let i = 0; i < 2; i += 1) statuses.push((await t.request(`/api/push/devices/${stewardDevice.id}/test`, { method: 'POST', as: steward })).status);
    // The two 404s above counted too: 3 per minute.
    expect(statuses).toEqual([200, 429]);
  });

  it('sendToUser reaches every device of the user once, with its TTL; the same key queued again sends nothing more', async () => {
    const phone = newBrowser();
    const laptop = newBrowser();
    await subscribe(driver, phone);
    await subscribe(driver, laptop);
    const stewardBrowser = newBrowser();
    await subscribe(steward, stewardBrowser);
    const push = t.app.get(PushService);
    const payload = { title: 'Race results', body: 'Round 3 is in', link: '/events/3' };
    const queued = await push.sendToUser(driverId, payload, { key: 'notification-1', ttlSeconds: 3600 });
    expect(queued).toBe((await devices(driver)).length);
    for (const browser of [phone, laptop]) {
      const { received, payload: opened } = await openedBy(browser);
      expect(opened).toEqual(payload);
      expect(received.headers.ttl).toBe('3600');
    }
    await push.sendToUser(driverId, payload, { key: 'notification-1' });
    await push.sendToUser(driverId, { ...payload, title: 'Another' }, { key: 'notification-2' });
    await openedBy(phone, 2);
    await openedBy(laptop, 2);
    await pushQueueIdle();
    for (const browser of [phone, laptop]) {
      const titles = pushService.to(browser.endpoint).map((received) => (JSON.parse(browser.decrypt(received.body)) as { title: string }).title);
      expect(titles.sort()).toEqual(['Another', 'Race results']);
    }
    expect(pushService.to(stewardBrowser.endpoint)).toEqual([]);
  });

  it("pushes the centre's notifications to the devices of a user who wants that kind pushed, and not the kinds they do not", async () => {
    const browser = newBrowser();
    await subscribe(driver, browser);
    const notifications = t.app.get(NotificationsService);
    const notify = (kind: NotificationKind, title: string) =>
      t
        .em()
        .transactional((em) => notifications.notify(em, { userIds: [driverId], kind, title, body: 'See the centre', link: '/notifications', dedupeKey: `push-int-${kind}` }));
    // Results are not pushed by default; a steward's decision is.
    await notify('results-posted', 'Results are in');
    await notify('ticket-decided', 'Your ticket was decided');
    const { payload } = await openedBy(browser);
    expect(payload).toMatchObject({ title: 'Your ticket was decided', body: 'See the centre', link: '/notifications' });
    await pushQueueIdle();
    expect(pushService.to(browser.endpoint)).toHaveLength(1);
  });

  it('keeps links inside the site', async () => {
    const browser = newBrowser();
    const { id } = await subscribe(steward, browser);
    const stewardId = ((await (await t.request('/api/users/me', { as: steward })).json()) as { id: number }).id;
    await t.em().getConnection().execute('delete from push_subscriptions where user_id = ? and id <> ?', [stewardId, id]);
    await t.app.get(PushService).sendToUser(stewardId, { title: 'x', body: 'y', link: '//evil.example/phish' });
    expect((await openedBy(browser)).payload).toMatchObject({ link: '/' });
  });

  it('removes a subscription whose push service answers 410 or 404, and sends nothing to it again', async () => {
    const gone = newBrowser();
    const missing = newBrowser();
    await subscribe(steward, gone);
    await subscribe(steward, missing);
    pushService.answer(gone.endpoint, 410);
    pushService.answer(missing.endpoint, 404);
    const stewardId = ((await (await t.request('/api/users/me', { as: steward })).json()) as { id: number }).id;
    await t.app.get(PushService).sendToUser(stewardId, { title: 'Ticket decided', body: 'See the decision', link: '/stewarding' });
    await eventually(async () => {
      const endpoints = await storedEndpoints();
      expect(endpoints).not.toContain(gone.endpoint);
      expect(endpoints).not.toContain(missing.endpoint);
    }, 10_000);
    expect(pushService.to(gone.endpoint)).toHaveLength(1);
    await t.app.get(PushService).sendToUser(stewardId, { title: 'Again', body: 'Again', link: '/' });
    await pushQueueIdle();
    expect(pushService.to(gone.endpoint)).toHaveLength(1);
    expect(pushService.to(missing.endpoint)).toHaveLength(1);
  });

  it('retries a device whose push service fails, with backoff, without sending twice to the device that got it', async () => {
    const flaky = newBrowser();
    const healthy = newBrowser();
    await subscribe(driver, flaky);
    await subscribe(driver, healthy);
    pushService.answer(flaky.endpoint, 500, 503);
    const started = Date.now();
    await t.app.get(PushService).sendToUser(driverId, { title: 'Retry', body: 'Once it works', link: '/' }, { key: 'notification-retry' });
    const { payload } = await openedBy(flaky, 3);
    expect(payload).toEqual({ title: 'Retry', body: 'Once it works', link: '/' });
    // Exponential backoff: 1 s, then 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    const bodies = pushService.to(flaky.endpoint).map((received) => received.body.toString('base64'));
    expect(new Set(bodies).size).toBe(3);
    expect(pushService.to(healthy.endpoint)).toHaveLength(1);
    expect(await storedEndpoints()).toContain(flaky.endpoint);
  });

  it('turns a device off: DELETE removes the caller’s own, 404 for another user’s', async () => {
    const browser = newBrowser();
    const device = await subscribe(driver, browser);
    const foreign = await t.request(`/api/push/devices/${device.id}`, { method: 'DELETE', as: steward });
    expect(foreign.status).toBe(404);
    expect(await storedEndpoints()).toContain(browser.endpoint);
    const own = await t.request(`/api/push/devices/${device.id}`, { method: 'DELETE', as: driver });
    expect(own.status).toBe(204);
    expect(await storedEndpoints()).not.toContain(browser.endpoint);
    expect((await t.request(`/api/push/devices/${device.id}`, { method: 'DELETE', as: driver })).status).toBe(404);
  });
});
