import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { ReadCacheInterceptor } from '../../backend/src/infra/read-cache/cached-read.js';
import { ReadCache } from '../../backend/src/infra/read-cache/read-cache.js';
import { HEADLINE_READS } from '../../backend/src/modules/community/community.reads.js';
import { Headline } from '../../backend/src/modules/community/headline.entity.js';
import type { CookieJar } from '../support/sign-in.js';
import { connectSocket, nextMessage } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface HeadlineBody {
  id: number;
  text: string;
}

describe('headline order', () => {
  let t: TestApp;
  let admin: CookieJar;
  const sockets: Socket[] = [];

  const add = async (text: string): Promise<number> => ((await (await t.request('/api/headlines', { method: 'POST', as: admin, json: { text } })).json()) as HeadlineBody).id;
  const texts = async () => ((await (await t.request('/api/headlines')).json()) as HeadlineBody[]).map((headline) => headline.text);
  const reorder = (ids: unknown, as: CookieJar | undefined = admin) => t.request('/api/headlines/order', { method: 'PUT', as, json: { ids } });

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    admin = await t.signIn('admin');
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    // Deleted behind the API's back, so the cached list goes too.
    await t.em().nativeDelete(Headline, {});
    await t.app.get(ReadCache).invalidate([HEADLINE_READS.name]);
  });
  afterAll(() => t.close());

  it('runs a new headline first, then in the order an admin sets, pushed to every browser', async () => {
    const first = await add('One');
    const second = await add('Two');
    const third = await add('Three');
    expect(await texts()).toEqual(['Three', 'Two', 'One']);

    const visitor = await connectSocket(t.baseUrl);
    sockets.push(visitor);
    const pushed = nextMessage(visitor, 'headlines.changed', ({ headlines }) => headlines.map((h) => h.text).join() === 'One,Three,Two');
    const response = await reorder([first, third, second]);
    expect(response.status).toBe(200);
    expect(((await response.json()) as HeadlineBody[]).map((headline) => headline.text)).toEqual(['One', 'Three', 'Two']);
    expect(await texts()).toEqual(['One', 'Three', 'Two']);
    await expect(pushed).resolves.toBeDefined();

    await add('Four');
    expect(await texts()).toEqual(['Four', 'One', 'Three', 'Two']);
  });

  it('refuses an order that misses, repeats or invents a headline, and changes nothing', async () => {
    const a = await add('A');
    const b = await add('B');
    expect((await reorder([a])).status).toBe(409);
    expect((await reorder([a, b, 999_999])).status).toBe(409);
    const repeated = await reorder([a, a]);
    expect(repeated.status).toBe(400);
    expect(Object.keys((await repeated.json()).errors)).toEqual(['ids']);
    expect((await reorder('a,b')).status).toBe(400);
    expect((await reorder([a, -1])).status).toBe(400);
    expect(await texts()).toEqual(['B', 'A']);
  });

  it('lets only admins order headlines', async () => {
    const a = await add('Only');
    expect((await t.request('/api/headlines/order', { method: 'PUT', json: { ids: [a] } })).status).toBe(401);
    expect((await reorder([a], await t.signIn('driver'))).status).toBe(403);
  });

  it('answers the list from the read cache and shows an edit or a deletion to the next reader', async () => {
    const throughNest = jest.spyOn(ReadCacheInterceptor.prototype, 'intercept');
    try {
      /** The visitor's list, and whether Nest (the interceptor) answered it rather than the read cache's fast path. */
      const read = async () => {
        throughNest.mockClear();
        const list = await texts();
        return { list, byNest: throughNest.mock.calls.length > 0 };
      };
      const id = await add('Practice opens Thursday');
      expect(await read()).toEqual({ list: ['Practice opens Thursday'], byNest: true });
      expect(await read()).toEqual({ list: ['Practice opens Thursday'], byNest: false });

      expect((await t.request(`/api/headlines/${id}`, { method: 'PUT', as: admin, json: { text: 'Practice opens Friday' } })).status).toBe(200);
      expect((await read()).list).toEqual(['Practice opens Friday']);
      expect((await t.request(`/api/headlines/${id}`, { method: 'DELETE', as: admin })).status).toBe(204);
      expect((await read()).list).toEqual([]);
    } finally {
      throughNest.mockRestore();
    }
  });
});
