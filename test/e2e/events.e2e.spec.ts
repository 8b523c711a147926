import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { signIn, type CookieJar } from '../support/sign-in.js';
import { baseUrl, DESKTOP, MOBILE, pageHeading, seriousAxeViolations, signInAs, useTabs, visit } from './support/browser.js';

jest.setTimeout(90_000);

let organizerJar: CookieJar | undefined;
/** The organizer acting through the API, for setup and clean-up only. */
async function asOrganizer(method: string, path: string, body?: unknown): Promise<Response> {
  organizerJar ??= await signIn(baseUrl(), 'organizer');
  return fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { cookie: organizerJar.header(), 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A `datetime-local` value `days` from now, in the browser's (= this machine's) time zone. */
function localInputIn(days: number): string {
  const moment = new Date(Date.now() + days * 86_400_000);
  moment.setSeconds(0, 0);
  return new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

async function choose(page: Page, field: RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Creates and publishes an event through the organizer screens; returns its id. */
async function createAndPublishInBrowser(page: Page, name: string, seats: number): Promise<number> {
  await visit(page, '/organizer/events/new');
  await page.getByRole('heading', { level: 1, name: 'New event' }).waitFor();
  // The API's field errors show beside their fields.
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.getByText(/^name \w+ not be empty$/).waitFor();
  await page.getByText(/^date must be an ISO 8601 date-time/).waitFor();
  await expect(page.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).resolves.toBe('true');

  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByLabel(/^Start/).fill(localInputIn(20));
  await choose(page, /^Game/, 'Forza Motorsport');
  await page.getByRole('checkbox', { name: 'PC' }).check();
  await page.getByRole('textbox', { name: /^Seats/ }).fill(String(seats));
  await choose(page, /^Track/, 'Silverstone — Grand Prix');
  await page.getByRole('textbox', { name: 'Race 1 laps' }).fill('12');
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.waitForURL(/\/organizer\/events\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('heading', { level: 1, name }).waitFor();

  await page.getByRole('checkbox', { name: 'Send notification to Discord' }).uncheck();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('button', { name: 'Unpublish' }).waitFor();
  return id;
}

const seats = (page: Page) => page.getByTestId('seats-available');

describe('events in the browser', () => {
  const open = useTabs();
  let liveEventId: number | null = null;

  afterEach(async () => {
    if (liveEventId !== null) await asOrganizer('DELETE', `/events/${liveEventId}/live`);
    liveEventId = null;
  });

  it('an organizer creates and publishes an event, a driver joins, and another browser sees the seats change live', async () => {
    const organizer = await open();
    await signInAs(organizer, 'organizer');
    const name = `E2E Cup ${Date.now().toString(36)}`;
    const id = await createAndPublishInBrowser(organizer, name, 5);

    const watcher = await open();
    await visit(watcher, `/events/${id}`);
    await watcher.getByRole('heading', { level: 1, name }).waitFor();
    await expect(seats(watcher).innerText()).resolves.toBe('5 of 5 seats available');
    await watcher.getByText('Nobody has joined yet').waitFor();

    const driver = await open(MOBILE);
    await signInAs(driver, 'driver');
    await visit(driver, `/events/${id}`);
    await driver.getByRole('button', { name: 'Join event' }).click();
    await driver.getByRole('button', { name: 'Leave event' }).waitFor();

    // Without a reload: the count and who is in follow the driver.
    await watcher.getByText('4 of 5 seats available').waitFor({ timeout: 5000 });
    await watcher.getByRole('list', { name: 'Drivers in this event' }).getByRole('link').first().waitFor({ timeout: 5000 });

    await driver.getByRole('button', { name: 'Leave event' }).click();
    await driver.getByRole('button', { name: 'Join event' }).waitFor();
    await watcher.getByText('5 of 5 seats available').waitFor({ timeout: 5000 });
  });

  it("an organizer goes live from the event screen and a visitor's live-race button turns on and off without a reload", async () => {
    const organizer = await open();
    await signInAs(organizer, 'organizer');
    const id = await createAndPublishInBrowser(organizer, `E2E Live ${Date.now().toString(36)}`, 10);

    const visitor = await open();
    await visit(visitor, '/events');
    const liveButton = visitor.getByRole('button', { name: 'Live race' });
    await expect(liveButton.isDisabled()).resolves.toBe(true);

    await organizer.getByRole('textbox', { name: 'Stream URL' }).fill('https://www.twitch.tv/paddockleague');
    await organizer.getByRole('button', { name: 'Go live' }).click();
    liveEventId = id;
    await organizer.getByRole('button', { name: 'End live' }).waitFor();

    const liveLink = visitor.getByRole('link', { name: 'Live race' });
    await liveLink.waitFor({ timeout: 5000 });
    await expect(liveLink.getAttribute('href')).resolves.toBe('/live');

    await organizer.getByRole('button', { name: 'End live' }).click();
    await organizer.getByRole('button', { name: 'Go live' }).waitFor();
    liveEventId = null;
    await visitor.getByRole('button', { name: 'Live race' }).waitFor({ timeout: 5000 });
    await expect(visitor.getByRole('button', { name: 'Live race' }).isDisabled()).resolves.toBe(true);
  });

  it('shows the Error dialog with the API message for a missing event', async () => {
    const page = await open();
    await visit(page, '/events/987654');
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await dialog.waitFor();
    await dialog.getByText('Event 987654 not found').waitFor();
  });

  const expectAccessible = async (page: Page, label: string) => {
    await pageHeading(page);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    expect({ page: label, violations: await seriousAxeViolations(page) }).toEqual({ page: label, violations: [] });
  };

  for (const [viewportName, viewport] of [['desktop', DESKTOP], ['phone', MOBILE]] as const) {
    it(`has no serious or critical axe findings on the event, media and live pages (${viewportName})`, async () => {
      const planned = (await (await fetch(`${baseUrl()}/api/events/planned?pageNumber=0&pageSize=1`)).json()) as { content: { id: number }[] };
      const page = await open(viewport);
      await signInAs(page, 'driver');
      for (const path of ['/', '/events', `/events/${planned.content[0]!.id}`, '/events/assessment', '/media', '/live']) {
        await visit(page, path);
        await expectAccessible(page, `${path} (${viewportName})`);
      }
    });

    it(`has no serious or critical axe findings on the organizer and catalogue screens (${viewportName})`, async () => {
      const page = await open(viewport);
      await signInAs(page, 'admin');
      const paths = ['/organizer/events', '/organizer/events/new', '/organizer/assessments', '/admin/games', '/admin/games/1', '/admin/tracks', '/admin/tracks/1', '/admin/tracks/1/variants', '/admin/cars'];
      for (const path of paths) {
        await visit(page, path);
        await expectAccessible(page, `${path} (${viewportName})`);
      }
    });
  }
});
