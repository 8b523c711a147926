import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import { ReadCacheInterceptor } from '../../backend/src/infra/read-cache/cached-read.js';
import { ReadCache } from '../../backend/src/infra/read-cache/read-cache.js';
import { REDIS } from '../../backend/src/infra/redis/redis.module.js';
import { CURRENT_USER_READS } from '../../backend/src/modules/users/users.reads.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Whether the answer is JSON: data, never a page, sent the headers of data (see `securityHeaders`). */
const isJson = (response: Response) => !!response.headers.get('content-type')?.startsWith('application/json');

function expectSecurityHeaders(response: Response, what: string): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  if (isJson(response)) {
    // Loads and runs nothing and is framed nowhere, opened as a page or not; the page-only headers are left out.
    expect({ what, csp }).toEqual({ what, csp: "default-src 'none'; frame-ancestors 'none'" });
    expect({ what, coop: response.headers.get('cross-origin-opener-policy') }).toEqual({ what, coop: null });
  } else {
    expect({ what, csp }).toEqual({ what, csp: expect.stringContaining("script-src 'self'") });
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  }
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect({ what, poweredBy: response.headers.get('x-powered-by') }).toEqual({ what, poweredBy: null });
}

describe('security headers', () => {
  let t: TestApp;
  let admin: CookieJar;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  it("sends CSP, Referrer-Policy and nosniff, and no X-Powered-By, on API answers, errors, docs, the stand-in and Bull Board: a JSON answer data's policy, the rest the page's", async () => {
    const responses: [string, Response][] = [
      ['config', await t.request('/api/config')],
      ['404', await t.request('/api/nope')],
      ['401', await t.request('/api/users/me')],
      ['swagger ui', await t.request('/api/docs/')],
      ['swagger init script', await t.request('/api/docs/swagger-ui-init.js')],
      ['stand-in', await t.request('/api/discord-stand-in/oauth2/authorize?client_id=x')],
      ['bull board page', await t.request('/api/admin/queues', { as: admin })],
      ['bull board api', await t.request('/api/admin/queues/api/queues', { as: admin })],
      ['bull board static', await t.request('/api/admin/queues/paddock-csrf.js', { as: admin })],
    ];
    for (const [what, response] of responses) {
      expect({ what, status: response.status < 500 }).toEqual({ what, status: true });
      expectSecurityHeaders(response, what);
    }
    expect(responses.filter(([, response]) => isJson(response)).map(([what]) => what)).toEqual(['config', '404', '401', 'bull board api']);
  });

  it('keeps Swagger UI and the stand-in working under the CSP: no inline scripts, only inline styles', async () => {
    for (const path of ['/api/docs/', '/api/discord-stand-in/oauth2/authorize?client_id=x']) {
      const html = await (await t.request(path)).text();
      const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].filter(([tag]) => !/type="application\/json"/.test(tag));
      expect({ path, inlineScripts }).toEqual({ path, inlineScripts: [] });
    }
    const csp = (await t.request('/api/docs/')).headers.get('content-security-policy')!;
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/img-src [^;]*data:/);
  });

  it('sends no HSTS over plain http', async () => {
    expect((await t.request('/api/config')).headers.get('strict-transport-security')).toBeNull();
    expect((await t.request('/api/config', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });

  describe('behind a TLS proxy (TRUST_PROXY)', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    });
    afterAll(() => proxied.close());

    it('sends HSTS for requests that came over https, not for plain http ones', async () => {
      const secure = await proxied.request('/api/config', { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
      expect((await proxied.request('/api/config')).headers.get('strict-transport-security')).toBeNull();
    });

    it('renews a session cookie Secure as its session started (over https or not), from the cache as through the session middleware', async () => {
      const throughNest = jest.spyOn(ReadCacheInterceptor.prototype, 'intercept');
      const redis = proxied.app.get<Redis>(REDIS);
      const jar = await proxied.signIn('driver');
      const key = `${proxied.config.redisPrefix}:session:${decodeURIComponent(jar.get(proxied.config.session.cookieName)!).slice(2).split('.')[0]}`;
      /** The renewed session cookie (its expiry left out) of a `/users/me` through the session middleware, then of one from the cache. */
      const renewed = async (https: boolean) => {
        await proxied.app.get(ReadCache).invalidate([CURRENT_USER_READS.name]);
        const cookies = [];
        for (const path of ['nest', 'cache']) {
          throughNest.mockClear();
          const response = await proxied.request('/api/users/me', { as: jar, headers: https ? { 'x-forwarded-proto': 'https' } : {} });
          expect([path, response.status, throughNest.mock.calls.length]).toEqual([path, 200, path === 'nest' ? 1 : 0]);
          cookies.push(
            response.headers
              .getSetCookie()
              .find((line) => line.startsWith(`${proxied.config.session.cookieName}=`))
              ?.replace(/Expires=[^;]+/i, 'Expires=…'),
          );
        }
        expect(cookies[1]).toBe(cookies[0]);
        return cookies[0];
      };
      try {
        // Signed in over plain http: never Secure (express-session's `secure: 'auto'` decides when a session starts).
        expect(await renewed(true)).toMatch(/; HttpOnly; SameSite=Lax$/);
        expect(await renewed(false)).toMatch(/; HttpOnly; SameSite=Lax$/);
        // The session as one started over https is stored: Secure over https, and not sent at all over plain http.
        const stored = JSON.parse((await redis.get(key))!) as { cookie: { secure: boolean } };
        await redis.set(key, JSON.stringify({ ...stored, cookie: { ...stored.cookie, secure: true } }), 'KEEPTTL');
        expect(await renewed(true)).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
        expect(await renewed(false)).toBeUndefined();
      } finally {
        throughNest.mockRestore();
      }
    });
  });
});

describe('Bull Board writes obey the CSRF rule', () => {
  let t: TestApp;
  let admin: CookieJar;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  const pause = '/api/admin/queues/api/queues/domain-events/pause';
  const resume = '/api/admin/queues/api/queues/domain-events/resume';

  it('refuses a cookie-authenticated pause, retry, clean or empty without X-Requested-With (403 in the error shape)', async () => {
    const writes: [string, string][] = [
      ['PUT', pause],
      ['PUT', '/api/admin/queues/api/queues/domain-events/retry/failed'],
      ['PUT', '/api/admin/queues/api/queues/domain-events/clean/completed'],
      ['PUT', '/api/admin/queues/api/queues/domain-events/empty'],
      ['POST', '/api/admin/queues/api/queues/domain-events/add'],
    ];
    for (const [method, path] of writes) {
      const response = await fetch(`${t.baseUrl}${path}`, { method, headers: { cookie: admin.header(), 'content-type': 'application/json' }, body: '{}' });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(await response.json()).toMatchObject({ status: 403, path, message: expect.stringContaining('X-Requested-With') });
    }
    const queues = (await (await t.request('/api/admin/queues/api/queues', { as: admin })).json()) as { queues: { name: string; isPaused: boolean }[] };
    expect(queues.queues.find((queue) => queue.name === 'domain-events')?.isPaused).toBe(false);
  });

  it('lets the same change through with the header, and reads without it', async () => {
    expect((await t.request(pause, { method: 'PUT', as: admin })).status).toBe(200);
    expect((await t.request(resume, { method: 'PUT', as: admin })).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/api/admin/queues/api/queues`, { headers: { cookie: admin.header() } })).status).toBe(200);
  });

  it("makes the dashboard's own requests send the header (a script, loaded before Bull Board's)", async () => {
    const html = await (await t.request('/api/admin/queues', { as: admin })).text();
    expect(html).toMatch(/^[\s\S]*<head><script src="\/api\/admin\/queues\/paddock-csrf\.js"><\/script>/);
    const script = await t.request('/api/admin/queues/paddock-csrf.js', { as: admin });
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("setRequestHeader('x-requested-with', 'XMLHttpRequest')");
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        RATE_LIMIT_ANONYMOUS_READS: '5/1m',
        RATE_LIMIT_SIGN_IN: '8/1m',
        RATE_LIMIT_WRITES: '4/1m',
        RATE_LIMIT_API_KEY: '2/1h',
        RATE_LIMIT_UPLOADS: '2/1m',
      },
    });
  });
  afterAll(() => t.close());

  it('answers anonymous reads over the limit with 429 in the error shape and Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) expect((await t.request('/api/config')).status).toBe(200);
    const limited = await t.request('/api/events/planned');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({ timestamp: expect.any(String), status: 429, message: expect.stringContaining('Too many requests'), path: '/api/events/planned' });
    // A visitor cannot escape the visitor limit with a made-up API key.
    expect((await t.request('/api/config', { headers: { authorization: 'Bearer nonsense' } })).status).toBe(429);
  });

  it('limits sign-in starts and callbacks per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await t.request('/api/auth/discord')).status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(302));
    expect(statuses[8]).toBe(429);
    expect((await t.request('/api/auth/discord/callback?code=x&state=y')).status).toBe(429);
  });

  it('counts signed-in users by user: writes, and API-key rotations, each with their own limit', async () => {
    // Sign-ins are over their limit for this address now: sign in on a fresh app sharing the database.
    const other = await startTestApp({
      databaseUrl: t.databaseUrl,
      env: { RATE_LIMIT_WRITES: '4/1m', RATE_LIMIT_API_KEY: '2/1h', REDIS_PREFIX: `${t.config.redisPrefix}-b` },
    });
    try {
      const driver = await other.signIn('driver');
      // Reads of a signed-in user are not visitor reads.
      for (let i = 0; i < 8; i += 1) expect((await other.request('/api/users/me', { as: driver })).status).toBe(200);
      const rotations = [];
      for (let i = 0; i < 3; i += 1) rotations.push((await other.request('/api/users/me/apiKey', { method: 'POST', as: driver })).status);
      expect(rotations).toEqual([201, 201, 429]);
      const writes = [];
      for (let i = 0; i < 5; i += 1) writes.push((await other.request('/api/config', { method: 'POST', as: driver })).status);
      expect(writes.slice(0, 4).every((status) => status < 400)).toBe(true);
      expect(writes[4]).toBe(429);
      // Another user has a count of their own.
      const organizer = await other.signIn('organizer');
      expect((await other.request('/api/config', { method: 'POST', as: organizer })).status).toBeLessThan(400);
    } finally {
      await other.close();
    }
  });

  it('limits uploads (multipart requests) on their own', async () => {
    const other = await startTestApp({ databaseUrl: t.databaseUrl, env: { RATE_LIMIT_UPLOADS: '2/1m', REDIS_PREFIX: `${t.config.redisPrefix}-c` } });
    try {
      const admin = await other.signIn('admin');
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const form = new FormData();
        form.set('game', JSON.stringify({ name: '' }));
        statuses.push((await other.request('/api/games', { method: 'PUT', as: admin, body: form })).status);
      }
      expect(statuses).toEqual([400, 400, 429]);
      expect((await other.request('/api/games', { method: 'PUT', as: admin, json: { game: { name: '' } } })).status).toBe(400);
    } finally {
      await other.close();
    }
  });
});

describe('sign-in start keeps nothing long-lived', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("keeps a visitor's state and PKCE verifier for minutes, not for a session's idle time", async () => {
    const redis = t.app.get<Redis>(REDIS);
    for (let i = 0; i < 5; i += 1) expect((await t.request('/api/auth/discord')).status).toBe(302);
    const keys = await redis.keys(`${t.config.redisPrefix}:session:*`);
    expect(keys).toHaveLength(5);
    for (const key of keys) {
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(10 * 60);
    }
  });

  it('gives the signed-in session the full idle time again', async () => {
    const jar = await t.signIn('driver');
    const sid = decodeURIComponent(jar.get(t.config.session.cookieName)!);
    const key = `${t.config.redisPrefix}:session:${sid.slice(2, sid.lastIndexOf('.'))}`;
    expect(await t.app.get<Redis>(REDIS).ttl(key)).toBeGreaterThan(t.config.session.idleMinutes * 60 - 60);
  });
});

describe('the session cookie name', () => {
  it('differs between two copies on one host by default, and SESSION_COOKIE_NAME sets it', async () => {
    const one = await startTestApp({ env: { SESSION_COOKIE_NAME: 'league-one.sid' } });
    try {
      const jar = await one.signIn('driver');
      expect(jar.get('league-one.sid')).toBeDefined();
      expect((await one.request('/api/users/me', { as: jar })).status).toBe(200);
    } finally {
      await one.close();
    }
  });
});
