import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { accountMenuButton, DESKTOP, launchBrowser, MOBILE, openPage, pageHeading, seriousAxeViolations, signInAs, visit, type TestPage } from './support/browser.js';

const expectAccessible = async (page: Page, label: string) => {
  expect({ page: label, violations: await seriousAxeViolations(page) }).toEqual({ page: label, violations: [] });
};

describe('accessibility (axe: no serious or critical violations)', () => {
  let browser: Browser;
  let tab: TestPage | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  afterEach(async () => {
    await tab?.context.close();
    tab = undefined;
  });

  for (const [viewportName, viewport] of [['desktop', DESKTOP], ['phone', MOBILE]] as const) {
    it(`passes on the visitor pages (${viewportName})`, async () => {
      tab = await openPage(browser, viewport);
      const { page } = tab;
      for (const path of ['/', '/?authFailed=true', '/no/such/page', '/events', '/grid/crew']) {
        await visit(page, path);
        await pageHeading(page);
        await expectAccessible(page, `${path} (${viewportName})`);
      }
      await visit(page, '/');
      await page.getByRole('button', { name: 'Login / Join' }).click();
      await page.getByRole('dialog', { name: 'Login / Join' }).waitFor();
      await expectAccessible(page, `login dialog (${viewportName})`);
    });
  }

  it('passes for a signed-in admin: Home, menus, a staff page', async () => {
    tab = await openPage(browser);
    const { page } = tab;
    await signInAs(page, 'admin');
    await expectAccessible(page, 'admin home');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'admin menu open');
    await page.keyboard.press('Escape');
    await accountMenuButton(page).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'user menu open');
    await page.keyboard.press('Escape');
    await visit(page, '/admin/users');
    expect(await pageHeading(page)).toBe('Users');
    await expectAccessible(page, '/admin/users');
  });

  it('passes with the mobile drawer open for a signed-in admin', async () => {
    tab = await openPage(browser, MOBILE);
    const { page } = tab;
    await signInAs(page, 'admin');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await expectAccessible(page, 'drawer open');
  });

  it('passes for the rookie on the Profile page', async () => {
    tab = await openPage(browser);
    const { page } = tab;
    await signInAs(page, 'rookie');
    await page.waitForURL((url) => url.pathname === '/profile');
    await pageHeading(page);
    await expectAccessible(page, 'rookie profile');
  });
});
