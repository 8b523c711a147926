import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { accountMenuButton, type DemoAccount, pageHeading, signedInAs, signInAs, useTabs, visit } from './support/browser.js';

// What each demo account's Admin menu holds (SPEC §6), section by section.
const MANAGEMENT = [
  'Affiliates',
  'Games',
  'Tracks',
  'Cars',
  'Users',
  'Roles',
  'Competition groups',
  'Teams',
  'Bidding config',
  'Headlines',
  'Maintenance',
  'Audit log',
  'Rivals servers',
  'Discord roles',
];
const ORGANIZE = ['Competitions', 'Quick events', 'Assessments'];
const STEWARD = ['Tickets', 'Provisional times'];
const STAFF_MENU: Record<Exclude<DemoAccount, 'rookie' | 'notmember'>, string[] | null> = {
  admin: [...MANAGEMENT, ...ORGANIZE, ...STEWARD],
  organizer: [...ORGANIZE, ...STEWARD],
  steward: STEWARD,
  captain: null,
  driver: null,
};

const MAIN_DROPDOWNS: Record<string, string[]> = {
  Events: ['Series', 'All Events', 'Assessment', 'Series leaderboard'],
  Grid: ['Drivers', 'Teams', 'Crew'],
};
const MAIN_LINKS = ['Home', 'Rivals', 'Media', 'Merchandise', 'Downloads'];

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openDropdown(page: Page, label: string): Promise<string[]> {
  await nav(page).getByRole('button', { name: label, exact: true }).click();
  return openMenuItems(page);
}

/** The entries of the menu being opened, once it is shown (the account menu's list is downloaded on first use). */
async function openMenuItems(page: Page): Promise<string[]> {
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

/** Clicks a link and checks it lands on its own path with a titled page, never a blank or 404. */
async function followLink(page: Page, link: Locator): Promise<void> {
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\//);
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
  const heading = await pageHeading(page);
  expect(heading.length).toBeGreaterThan(0);
  expect(heading).not.toBe('Page not found');
}

/** Clicks every entry of the menu bar and checks each lands on a titled page, never a blank or 404. */
async function walkMainMenu(page: Page): Promise<void> {
  for (const label of MAIN_LINKS) {
    await followLink(page, nav(page).getByRole('link', { name: label, exact: true }));
  }
  for (const [dropdown, items] of Object.entries(MAIN_DROPDOWNS)) {
    for (const item of items) {
      await openDropdown(page, dropdown);
      await followLink(page, page.getByRole('menuitem', { name: item, exact: true }));
    }
  }
}

describe('navigation per account', () => {
  const open = useTabs();

  it('gives a visitor the main menus, no Admin menu, and lets them walk every public entry', async () => {
    const page = await open();
    await visit(page, '/');
    for (const [dropdown, items] of Object.entries(MAIN_DROPDOWNS)) {
      expect(await openDropdown(page, dropdown)).toEqual(items);
      await closeMenu(page);
    }
    expect(await nav(page).getByRole('button', { name: 'Admin' }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'My Teams' }).count()).toBe(0);
    await walkMainMenu(page);
  });

  for (const [account, staffItems] of Object.entries(STAFF_MENU)) {
    it(`signs in as ${account} and shows the menus of its roles`, async () => {
      const page = await open();
      await signInAs(page, account as DemoAccount);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await pageHeading(page)).toMatch(/^Welcome /);

      const adminButton = nav(page).getByRole('button', { name: 'Admin', exact: true });
      if (staffItems) {
        expect(await openDropdown(page, 'Admin')).toEqual(staffItems);
        // Walk the staff menu: every entry opens its titled page.
        await closeMenu(page);
        for (const item of staffItems) {
          await openDropdown(page, 'Admin');
          // followLink checks the path and the page's h1; some staff screens are built, others still say Coming soon.
          await followLink(page, page.getByRole('menuitem', { name: item, exact: true }));
        }
      } else {
        expect(await adminButton.count()).toBe(0);
      }

      const myTeams = nav(page).getByRole('link', { name: 'My Teams', exact: true });
      expect(await myTeams.count()).toBe(account === 'captain' ? 1 : 0);

      await accountMenuButton(page).click();
      expect(await openMenuItems(page)).toEqual(['Edit profile', 'View profile', 'Rivals', ...(account === 'captain' ? ['My Teams'] : []), 'Logout']);
      await closeMenu(page);

      await walkMainMenu(page);
    });
  }

  it('goes Home on Logout and shows the visitor view again', async () => {
    const page = await open();
    await signedInAs(page, 'driver');
    await nav(page).getByRole('link', { name: 'Downloads', exact: true }).click();
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login / Join' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The session really ended: a reload stays signed out.
    await page.reload();
    await page.getByRole('button', { name: 'Login / Join' }).waitFor();
  });

  it('opens the My Teams page from the captain menu', async () => {
    const page = await open();
    await signedInAs(page, 'captain');
    await nav(page).getByRole('link', { name: 'My Teams', exact: true }).click();
    expect(await pageHeading(page)).toBe('My teams');
    expect(new URL(page.url()).pathname).toBe('/myteams');
  });
});
