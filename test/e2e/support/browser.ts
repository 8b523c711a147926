/**
 * Browser-test helpers: the system Chromium through playwright-core, a fresh context per test,
 * sign-in through the Discord stand-in, and an axe check.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export type DemoAccount = 'admin' | 'organizer' | 'steward' | 'captain' | 'driver' | 'rookie' | 'notmember';

export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 390, height: 844 };

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the e2e global setup starts the server and sets it');
  return url;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
}

/** A fresh context (own cookies) and page, at the site's origin. */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<TestPage> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * For a describe block: one Chromium for the block, and `open()` for a fresh context (own cookies)
 * and page, closed after each test.
 */
export function useTabs(): (viewport?: typeof DESKTOP) => Promise<Page> {
  let browser: Browser;
  const tabs: TestPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const tab of tabs.splice(0)) await tab.context.close();
  });
  afterAll(async () => {
    await browser.close();
  });
  return async (viewport = DESKTOP) => {
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

/** Login / Join → Login → the stand-in's account button → back on the site, as that account. */
export async function signInAs(page: Page, account: DemoAccount): Promise<void> {
  await visit(page, '/');
  await page.getByRole('button', { name: 'Login / Join' }).click();
  await page.getByRole('dialog', { name: 'Login / Join' }).getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: account, exact: true }).click();
  await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin && !url.pathname.startsWith('/api/'));
  await page.locator('header').waitFor();
  if (account !== 'notmember') await accountMenuButton(page).waitFor();
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

/** axe-core's serious and critical findings on the page once it has settled. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
