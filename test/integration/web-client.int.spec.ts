import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The built web client as the server sends it: precompressed copies, caching, SPA fallback. */
describe('serving the web client', () => {
  let t: TestApp;
  let dist: string;
  const script = `export const lap = ${JSON.stringify('x'.repeat(4000))};`;
  const page = '<!doctype html><title>Paddock</title><div id="root"></div>';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'paddock-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const asset = path.join(dist, 'assets', 'index-abc123.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    // A file where an API route is: the API still answers, as no API path is looked up among the files.
    mkdirSync(path.join(dist, 'api'));
    writeFileSync(path.join(dist, 'api', 'config'), 'not the API');
    t = await startTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (urlPath: string, acceptEncoding: string) => fetch(`${t.baseUrl}${urlPath}`, { headers: { 'accept-encoding': acceptEncoding } });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('sends a hashed asset precompressed (Accept-Encoding: %s → %s), cached for a year', async (accepted, encoding) => {
    const response = await get('/assets/index-abc123.js', accepted);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(script);
  });

  it('sends the plain file to a browser that takes no compression', async () => {
    const response = await get('/assets/index-abc123.js', 'identity');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(script);
  });

  it('answers every app route with index.html, revalidated on each visit', async () => {
    const response = await get('/events/12', 'br');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(page);
  });

  it("preloads start-up's config and user lookup, in that order, for a browser with a session cookie only (a visitor's lookup answers 401 anyway)", async () => {
    const signedIn = await fetch(`${t.baseUrl}/profile`, { headers: { cookie: `theme=dark; ${t.config.session.cookieName}=s%3Aabc.def` } });
    expect(signedIn.headers.get('link')).toBe(
      '</api/config>; rel=preload; as=fetch; crossorigin=use-credentials, </api/users/me>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    expect(signedIn.headers.get('vary')).toMatch(/Cookie/i);
    expect(await signedIn.text()).toBe(page);

    const visitor = await fetch(`${t.baseUrl}/profile`, { headers: { cookie: 'theme=dark' } });
    expect(visitor.headers.get('link')).toBeNull();
    expect(await visitor.text()).toBe(page);
  });

  it('refuses asset paths outside the assets folder and missing assets with 404 in the error shape', async () => {
    for (const urlPath of ['/assets/..%2findex.html', '/assets/%E0%A4%A', '/assets/missing-123.js']) {
      const response = await get(urlPath, 'br');
      expect(response.status).toBe(404);
      expect(Object.keys(await response.json()).sort()).toEqual(['message', 'path', 'status', 'timestamp']);
    }
  });

  it('leaves API paths to the API, even where the build has a file of that name', async () => {
    const response = await get('/api/no-such-route', 'br');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
    const config = await get('/api/config', 'br');
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ leagueName: expect.any(String) });
  });

  it("sends the build's other files from its root, cached for an hour", async () => {
    const response = await get('/robots.txt', 'br');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await response.text()).toBe('User-agent: *');
  });
});
