import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventually } from '../support/eventually.js';
import type { CookieJar } from '../support/sign-in.js';
import { signedInAs, site, useTabs, visit } from './support/browser.js';

/** An admin acting through the API (as another browser would), to change what open pages show. */
async function asAdmin(method: string, path: string, body?: unknown): Promise<Response> {
  admin ??= await site().signIn('admin');
  return site().api(path, { method, as: admin, json: body });
}
let admin: CookieJar | undefined;

/**
 * Holds the page's live connection back (its chunk is not served) until `open()`; `frames` are the
 * Socket.IO frames it receives, `sentAgain` the API calls the page made before the connection opened
 * and sends again after (a part shown later, Home's Rivals section, may still make its first).
 */
async function liveConnectionHeld(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/liveUpdates-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
  const before = new Set<string>();
  const sentAgain: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    if (frames.length === 0) before.add(request.url());
    else if (before.has(request.url())) sentAgain.push(request.url());
  });
  return {
    frames,
    sentAgain,
    /** Lets the connection open, and waits until the server has accepted it. */
    open: async () => {
      release();
      await eventually(() => expect(frames.some((frame) => frame.startsWith('40'))).toBe(true), 10_000);
    },
  };
}

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

  it('opens a page’s live connection without fetching its reads again when nothing went out since the page was served, and refetches when something did', async () => {
    const headlines = (page: Page) => page.getByRole('region', { name: 'Headlines' });
    const quiet = await open();
    const quietLive = await liveConnectionHeld(quiet);
    await visit(quiet, '/');
    await headlines(quiet).waitFor();
    await quietLive.open();
    // A message after the connection opened: a resync the server sent as it connected came before it.
    const first = `Pit lane opens at 19:45 ${Date.now()}`;
    expect((await asAdmin('POST', '/headlines', { text: first })).status).toBe(201);
    await headlines(quiet).getByText(first).first().waitFor({ timeout: 5000 });
    expect(quietLive.frames.filter((frame) => frame.includes('"resync"'))).toEqual([]);
    expect(quietLive.sentAgain).toEqual([]);

    const late = await open();
    const lateLive = await liveConnectionHeld(late);
    await visit(late, '/');
    await headlines(late).waitFor();
    const missed = `Stewards' briefing moved to 19:30 ${Date.now()}`;
    expect((await asAdmin('POST', '/headlines', { text: missed })).status).toBe(201);
    // Sent (the quiet page has it) while the late page had no connection to hear it.
    await headlines(quiet).getByText(missed).first().waitFor({ timeout: 5000 });
    expect(await headlines(late).getByText(missed).count()).toBe(0);
    await lateLive.open();
    await headlines(late).getByText(missed).first().waitFor({ timeout: 5000 });
    expect(lateLive.frames.filter((frame) => frame.includes('"resync"'))).toHaveLength(1);
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
