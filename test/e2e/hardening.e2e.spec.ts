import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { newCar, newGame, newTrack } from '../factories/catalogue.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { pngImage } from '../factories/uploads.js';
import { newDriver } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import { DESKTOP, pageHeading, seriousAxeViolations, signedInAs, site, useTabs, visit } from './support/browser.js';

const DAY = 24 * 3600 * 1000;
const GAME = 'Hardening Racer';

const errorDialog = (page: Page) => page.getByRole('dialog', { name: 'Error' });

describe('what a new user meets', () => {
  const open = useTabs();

  beforeAll(async () => {
    const em = site().em();
    const game = await newGame(em, { name: GAME });
    const { variants } = await newTrack(em, game, { name: 'Hardening Ring' });
    await newCar(em, game, { name: 'Hardening GT' });
    await newEvent(em, { name: 'Hardening Cup', game, track: variants[0], startsAt: new Date(Date.now() + 3 * DAY) });
    const past = await newEvent(em, { name: 'Hardening Classic', game, track: variants[0], startsAt: new Date(Date.now() - 3 * DAY), seats: 16 });
    for (let i = 0; i < 2; i++) await newAttendance(em, past, (await newDriver(em)).profile);
  });

  it.each([
    ['driver', '/organizer/events', 'You need the organizer role'],
    ['driver', '/admin/games', 'You need the admin role'],
    ['organizer', '/admin/users', 'You need the admin role'],
    ['captain', '/steward/tickets', 'You need the steward role'],
  ] as const)('%s opening %s is told: %s', async (account, path, heading) => {
    const page = await open();
    await signedInAs(page, account, path);
    expect(await pageHeading(page)).toBe(heading);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.getByRole('button', { name: /^New / }).count()).resolves.toBe(0);
    await expect(page.getByRole('table').count()).resolves.toBe(0);
  });

  it('keeps the role page axe-clean', async () => {
    const page = await open();
    await signedInAs(page, 'driver', '/admin/roles');
    expect(await pageHeading(page)).toBe('You need the admin role');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('says an event that does not exist is not found, without an Error dialog', async () => {
    const page = await open();
    await visit(page, '/events/999999');
    expect(await pageHeading(page)).toBe('Event not found');
    await expect(errorDialog(page).count()).resolves.toBe(0);
  });

  it('lets the organizer onto the organizer screens', async () => {
    const page = await open();
    await signedInAs(page, 'organizer', '/organizer/events');
    expect(await pageHeading(page)).toBe('Quick events');
  });

  it.each(['/admin/tracks/abc', '/admin/games/0', '/admin/tracks/999999', '/organizer/events/1.5'])(
    'shows the not-found page for %s, without an Error dialog',
    async (path) => {
      const page = await open();
      await signedInAs(page, 'admin', path);
      expect(await pageHeading(page)).toBe('Page not found');
      await expect(errorDialog(page).count()).resolves.toBe(0);
    },
  );

  it('fits the cars screen into 1366 px', async () => {
    const page = await open(DESKTOP);
    await signedInAs(page, 'admin', '/admin/cars');
    await page.getByRole('table', { name: 'Cars' }).getByRole('row').nth(1).waitFor();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });

  it('shows the next race in the drawer at 360 px', async () => {
    const page = await open({ width: 360, height: 740 });
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    const nextRace = drawer.getByRole('link', { name: /^Next race: / });
    await nextRace.waitFor();
    await nextRace.click();
    await page.waitForURL((url) => url.pathname.startsWith('/events/'));
  });

  it('takes a visitor heading for the live race to sign in, saying it needs it', async () => {
    const page = await open();
    await visit(page, '/live');
    const dialog = page.getByRole('dialog', { name: 'Login / Join' });
    await dialog.getByText('The live race is for signed-in drivers: log in to watch it.').waitFor();
    await dialog.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('');
  });

  it('shows an uploaded game icon in the games list and on the event cards', async () => {
    const page = await open();
    await signedInAs(page, 'admin', '/admin/games');
    await page.getByRole('link', { name: GAME }).click();
    await page.getByRole('heading', { level: 1, name: GAME }).waitFor();
    await page.getByLabel('Game icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await pngImage(64, 64) });
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/games' && response.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save game' }).click();
    expect((await saved).status()).toBe(200);
    await visit(page, '/admin/games');
    const row = page.getByRole('row').filter({ hasText: GAME });
    await row.locator('img[src$=".webp"]').waitFor();

    // The public event lists are cached for up to 10 s: ask the API (the only planned event is this one)
    // until its cached answer has the icon, then the card must show it.
    await eventually(async () => expect(JSON.stringify(await (await site().api('/events/planned')).json())).toContain('.webp'), 20_000, 250);
    await visit(page, '/events');
    await page.getByRole('article', { name: 'Hardening Cup' }).locator('img[src$=".webp"]').waitFor({ timeout: 5000 });
  });

  it('says who raced on past events, not the seats left', async () => {
    const page = await open();
    await visit(page, '/events');
    await page.getByRole('tab', { name: 'Past' }).click();
    const card = page.getByRole('list', { name: 'Past events' }).getByRole('article', { name: 'Hardening Classic' });
    await expect(card.getByTestId('seats-available').innerText()).resolves.toBe('2 drivers raced');
    await card.getByRole('link', { name: 'Details of Hardening Classic' }).click();
    await page.getByRole('heading', { level: 2, name: 'Who raced (2)' }).waitFor();
    await expect(page.getByTestId('seats-available').innerText()).resolves.toBe('2 drivers raced');
  });

  it('keeps the Publishing panel axe-clean with Unpublish showing', async () => {
    const page = await open();
    await signedInAs(page, 'organizer', '/organizer/events');
    await page.getByRole('link', { name: 'Hardening Cup' }).click();
    await page.getByRole('region', { name: 'Publishing' }).waitFor();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
