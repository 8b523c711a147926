import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { accountMenuButton, MOBILE, pageHeading, signedInAs, useTabs, visit } from './support/browser.js';

describe('the shell', () => {
  const open = useTabs();
  let page: Page;

  describe('on a desktop', () => {
    beforeEach(async () => {
      page = await open();
    });

    it('opens the login dialog with a description, Login to the sign-in and Join to the invite', async () => {
      await visit(page, '/');
      await page.getByRole('button', { name: 'Login / Join' }).click();
      const dialog = page.getByRole('dialog', { name: 'Login / Join' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toMatch(/sim-racing league/);
      const links = dialog.getByRole('link');
      expect((await links.allInnerTexts()).map((text) => text.trim().toLowerCase())).toEqual(['login', 'join']);
      expect(await dialog.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/api/auth/discord');
      const join = dialog.getByRole('link', { name: 'Join', exact: true });
      expect(await join.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(await join.getAttribute('target')).toBe('_blank');
      // MUI puts role=dialog on the dialog's paper, so its box is the dialog's width.
      const box = await dialog.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(600);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('shows the not-found page for an unknown path', async () => {
      await visit(page, '/no/such/corner');
      expect(await pageHeading(page)).toBe('Page not found');
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });

    it('has a footer with the year, the league, the rights line and four channels', async () => {
      await visit(page, '/');
      const footer = page.locator('footer');
      const text = await footer.innerText();
      expect(text).toContain(String(new Date().getFullYear()));
      expect(text).toContain('All rights reserved on league communications and format');
      const config = await page.evaluate(async () => (await (await fetch('/api/config')).json()) as { leagueName: string; social: Record<string, string> });
      expect(text).toContain(config.leagueName);
      const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs.sort()).toEqual(Object.values(config.social).filter(Boolean).sort());
      expect(hrefs).toHaveLength(4);
    });

    it('opens the Error dialog for a failing call, with Details and Ok', async () => {
      await signedInAs(page, 'driver');
      await page.route('**/api/logout', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ timestamp: '2025-05-01T18:30:00.000Z', status: 500, message: 'The pit wall is offline', path: '/api/logout' }),
        }),
      );
      await accountMenuButton(page).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      const dialog = page.getByRole('dialog', { name: 'Error' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('The pit wall is offline');
      const details = dialog.getByRole('button', { name: 'Details' });
      expect(await details.getAttribute('aria-expanded')).toBe('false');
      await details.click();
      expect(await details.getAttribute('aria-expanded')).toBe('true');
      await dialog.getByText(/^URL: .*\/api\/logout$/).waitFor();
      await dialog.getByText(/^Time: /).waitFor();
      await dialog.getByRole('button', { name: 'Ok' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The failed logout left the user signed in.
      await accountMenuButton(page).waitFor();
    });

    it('works a dropdown from the keyboard', async () => {
      await visit(page, '/');
      const events = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Events' });
      await events.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/events');
      expect(await pageHeading(page)).toBe('All events');
    });

    it('shows a titled Under construction page for the screens the spec announces as such', async () => {
      await visit(page, '/events/competitions/schedule');
      expect(await pageHeading(page)).toBe('Series schedule');
      await page.getByText('Under construction').waitFor();
    });
  });

  describe('on a 390 px phone', () => {
    beforeEach(async () => {
      page = await open(MOBILE);
    });

    it('opens the navigation drawer from the menu button and navigates from it', async () => {
      await visit(page, '/');
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('navigation', { name: 'Main navigation' });
      await drawer.waitFor();
      for (const label of ['Home', 'Series', 'All Events', 'Assessment', 'Rivals', 'Series leaderboard', 'Drivers', 'Teams', 'Crew', 'Media', 'Merchandise', 'Downloads']) {
        expect(await drawer.getByRole('link', { name: label, exact: true }).count()).toBe(1);
      }
      await drawer.getByRole('link', { name: 'Crew', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/grid/crew');
      await drawer.waitFor({ state: 'detached' });
      expect(await pageHeading(page)).toBe('Crew');
    });

    it('shows staff sections in the drawer of a signed-in admin', async () => {
      await signedInAs(page, 'admin');
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('navigation', { name: 'Main navigation' });
      await drawer.waitFor();
      for (const label of ['Management', 'Organize', 'Steward']) await drawer.getByText(label, { exact: true }).waitFor();
      await drawer.getByRole('link', { name: 'Bidding config' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/biddingconfig');
    });

    it('stacks the login dialog buttons with Join first', async () => {
      await visit(page, '/');
      await page.getByRole('button', { name: 'Login / Join' }).click();
      const dialog = page.getByRole('dialog', { name: 'Login / Join' });
      const join = await dialog.getByRole('link', { name: 'Join', exact: true }).boundingBox();
      const login = await dialog.getByRole('link', { name: 'Login', exact: true }).boundingBox();
      expect(join && login).toBeTruthy();
      expect(join!.y).toBeLessThan(login!.y);
      expect(Math.abs(join!.x - login!.x)).toBeLessThan(2);
    });

    it('fits a 360 px screen without sideways scrolling', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of ['/', '/?authFailed=true', '/no/such/page', '/grid']) {
        await visit(page, path);
        await pageHeading(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ path, overflow }).toEqual({ path, overflow: 0 });
      }
    });
  });
});
