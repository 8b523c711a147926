/**
 * Browser-test helpers: the system Chromium through playwright-core, the file's own site (see
 * site.ts: an empty league, arranged with test/factories through `site().em()`), a fresh context per
 * test, sign-in through the Discord stand-in, and an axe check.
 */
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, expect } from '@jest/globals';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { ensureMember } from '../../factories/users.js';
import { startSite, type Site, type SiteOptions } from './site.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../support/chromium.js';
import { eventually } from '../../support/eventually.js';

export type DemoAccount = 'admin' | 'organizer' | 'steward' | 'captain' | 'driver' | 'rookie' | 'notmember';

export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 390, height: 844 };

let current: Site | null = null;

/** The site of the running describe block (started by `useTabs()`). */
export function site(): Site {
  if (!current) throw new Error('No site is running: call useTabs() in the describe block (it starts the site in beforeAll)');
  return current;
}

export function baseUrl(): string {
  return site().baseUrl;
}

/**
 * The run's Chromium (started once by global-setup.js; its contexts are as separate as browsers), or a
 * Chromium of its own when no run started one. Closing the result closes only what it opened.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env.PADDOCK_BROWSER_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
}

/** The requests each page has sent and not yet seen answered (or failed), for `requestsAnswered`. */
const requestsInFlight = new WeakMap<Page, Set<Request>>();

/** A fresh context (own cookies) and page, at the site's origin. */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<TestPage> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  requestsInFlight.set(page, inFlight);
  return { context, page };
}

/**
 * Waits until every request the page has sent is answered and none is sent across a rendered frame:
 * what the page shows then rests on the data it asked for. The condition `networkidle` stands for,
 * without its fixed half second of quiet after the last answer (most of each page's time in the route
 * walk and the axe checks).
 */
export async function requestsAnswered(page: Page, ms = 10_000): Promise<void> {
  const inFlight = requestsInFlight.get(page);
  if (!inFlight) throw new Error('requestsAnswered needs a page opened by useTabs() or openPage()');
  await eventually(
    async () => {
      expect([...inFlight].map((request) => request.url())).toEqual([]);
      // Answers are rendered (and may ask for more) in the frames after they arrive.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      expect([...inFlight].map((request) => request.url())).toEqual([]);
    },
    ms,
    20,
  );
}

/**
 * For a describe block: its own site (an empty league unless `demoData`; see site.ts) and one Chromium
 * for the block, and `open()` for a fresh context (own cookies) and page, closed after each test.
 */
export function useTabs(options: SiteOptions = {}): (viewport?: typeof DESKTOP) => Promise<Page> {
  let browser: Browser | undefined;
  const tabs: TestPage[] = [];
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startSite(options), launchBrowser()]);
    if (started.status === 'fulfilled') current = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  }, 90_000);
  afterEach(async () => {
    for (const tab of tabs.splice(0)) await tab.context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await current?.close();
    current = null;
  });
  return async (viewport = DESKTOP) => {
    if (!browser) throw new Error('Chromium did not start');
    const tab = await openPage(browser, viewport);
    tabs.push(tab);
    return tab.page;
  };
}

/** Opens a path and waits until the app has started (the header or the fallback is shown). */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('header, h1').first().waitFor();
}

/**
 * Login / Join → Login → the stand-in's account button → back on the site, as that account. Its league
 * member is what the test arranged with `newMember(site().em(), account, …)`, or else the account's
 * persona (test/factories/users.ts), created now.
 */
export async function signInAs(page: Page, account: DemoAccount): Promise<void> {
  await ensureMember(site().em(), account);
  await visit(page, '/');
  await page.getByRole('button', { name: 'Login / Join' }).click();
  await page.getByRole('dialog', { name: 'Login / Join' }).getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: account, exact: true }).click();
  await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin && !url.pathname.startsWith('/api/'));
  await page.locator('header').waitFor();
  if (account !== 'notmember') await accountMenuButton(page).waitFor();
}

/**
 * Signs the page in as the account for a test whose subject is not the sign-in itself: the same OAuth
 * round trip through the stand-in as `signInAs` (login, the stand-in's approval, the callback that
 * opens the session), made over HTTP instead of with four page loads; the session cookie goes into
 * the page's context and the page opens `path` (Home unless the test starts elsewhere: one load, not a
 * load of Home and then of the page the test is about), signed in. The league member is arranged as
 * for `signInAs`.
 */
export async function signedInAs(page: Page, account: Exclude<DemoAccount, 'notmember'>, path = '/'): Promise<void> {
  const jar = await site().signIn(account);
  const cookies = jar
    .header()
    .split('; ')
    .map((pair) => pair.split('='))
    .map(([name, ...value]) => ({ name: name!, value: value.join('='), url: baseUrl(), httpOnly: true, sameSite: 'Lax' as const }));
  await page.context().addCookies(cookies);
  await visit(page, path);
  await accountMenuButton(page).waitFor();
}

export function accountMenuButton(page: Page) {
  return page.getByRole('button', { name: /^Account menu for / });
}

/**
 * The h1 of the routed page for the current URL, once that page is shown (navigations are React
 * transitions: the previous page and its heading stay on screen until the next one is ready).
 */
export async function pageHeading(page: Page): Promise<string> {
  const path = new URL(page.url()).pathname;
  const heading = page.locator(`[data-page-path="${path}"]`).getByRole('heading', { level: 1 }).first();
  await heading.waitFor();
  return (await heading.innerText()).trim();
}

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Waits until no CSS transition or animation is running (dialogs and menus fade in). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
}

/** axe-core as each frame of a checked page is given it: the whole library, its frames' messages kept to this origin. */
const AXE_IN_PAGE = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/** axe-core's serious and critical findings on the page once it has settled. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  await settled(page);
  // axe.run in the page itself, with axe given once to each frame, as @axe-core/playwright's legacy mode
  // does; its analyze() also gave the main frame the 1.5 MB library a second time first, about 0.4 s of
  // each 1.0-1.6 s check here (same findings, compared on the demo's pages). Its default mode gathers each
  // frame's partial results and finishes the run in a new blank page, built for cross-origin frames (the
  // site has none while tested: no network, and video players load when played). A frame that goes away
  // meanwhile is skipped, as there. Only violations are read: axe then keeps one node of each passing or
  // inapplicable rule (faster, same violations).
  for (const frame of page.frames()) {
    const given = frame.evaluate(AXE_IN_PAGE);
    await (frame === page.mainFrame() ? given : given.catch(() => undefined));
  }
  const violations = await page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options).then((results) => results.violations), {
    resultTypes: ['violations'],
  } satisfies axe.RunOptions);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
