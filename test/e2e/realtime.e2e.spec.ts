import { describe, expect, it } from '@jest/globals';
import type { CookieJar } from '../support/sign-in.js';
import { signedInAs, site, useTabs, visit } from './support/browser.js';

/** An admin acting through the API (as another browser would), to change what open pages show. */
async function asAdmin(method: string, path: string, body?: unknown): Promise<Response> {
  admin ??= await site().signIn('admin');
  return site().api(path, { method, as: admin, json: body });
}
let admin: CookieJar | undefined;

describe('live updates in open browsers', () => {
  const open = useTabs();

  it('shows a new headline in two browsers without a reload', async () => {
    const visitor = await open();
    const driver = await open();
    await visit(visitor, '/');
    await signedInAs(driver, 'driver');
    const text = `Rivals launch ${Date.now()}`;
    expect((await asAdmin('POST', '/headlines', { text })).status).toBe(201);
    for (const page of [visitor, driver]) {
      await page.getByRole('region', { name: 'Headlines' }).getByText(text).first().waitFor({ timeout: 5000 });
    }
    const { id } = await (await asAdmin('GET', '/headlines')).json().then((list: { id: number; text: string }[]) => list.find((h) => h.text === text)!);
    const edited = `${text} (moved to Saturday)`;
    await asAdmin('PUT', `/headlines/${id}`, { text: edited });
    await visitor.getByRole('region', { name: 'Headlines' }).getByText(edited).first().waitFor({ timeout: 5000 });
  });

  it('switches an open page to maintenance and back, while staff keep the site', async () => {
    const visitor = await open();
    const steward = await open();
    // The steward's live connections (a new one once the page knows who is signed in) and the frames each
    // received: the newest open before the switch, then hearing it. After that, what its page shows is its answer.
    const stewardSockets: string[][] = [];
    const frameArrived = new Set<() => void>();
    steward.on('websocket', (socket) => {
      const frames: string[] = [];
      stewardSockets.push(frames);
      socket.on('framereceived', ({ payload }) => {
        frames.push(String(payload));
        for (const check of frameArrived) check();
      });
    });
    const stewardSaw = (condition: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => condition() && resolve();
        frameArrived.add(check);
        check();
      });
    const stewardHeardIt = stewardSaw(() => stewardSockets.flat().some((frame) => frame.includes('"maintenance.changed",{"enabled":true}')));
    await visit(visitor, '/grid');
    await signedInAs(steward, 'steward');
    await stewardSaw(() => stewardSockets.at(-1)?.some((frame) => frame.startsWith('40')) ?? false);
    try {
      expect((await asAdmin('PUT', '/maintenance', { enabled: true })).status).toBe(200);
      await visitor.getByRole('heading', { name: 'Website under maintenance' }).waitFor({ timeout: 5000 });
      await stewardHeardIt;
      // Rendered what the message changed: a frame and a task after it.
      await steward.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      expect(await steward.getByRole('heading', { name: 'Website under maintenance' }).count()).toBe(0);
      expect(await steward.locator('header').count()).toBe(1);
    } finally {
      await asAdmin('PUT', '/maintenance', { enabled: false });
    }
    await visitor.locator('header').waitFor({ timeout: 5000 });
    expect(await visitor.getByRole('heading', { name: 'Website under maintenance' }).count()).toBe(0);
  });
});
