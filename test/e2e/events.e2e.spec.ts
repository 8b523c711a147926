import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { Game, Track } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { newCar, newGame, newTrack } from '../factories/catalogue.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { newDriver } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { DESKTOP, MOBILE, pageHeading, seriousAxeViolations, requestsAnswered, signedInAs, site, useTabs, visit } from './support/browser.js';

jest.setTimeout(90_000);

let organizerJar: CookieJar | undefined;
/** The organizer acting through the API, for setup and clean-up only. */
async function asOrganizer(method: string, path: string, body?: unknown): Promise<Response> {
  organizerJar ??= await site().signIn('organizer');
  return site().api(path, { method, as: organizerJar, json: body });
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
  // Each field says in words what it needs, beside the field.
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.getByText('Name is required').waitFor();
  await page.getByText('Start is required').waitFor();
  await page.getByText('Game is required').waitFor();
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

/** How long a pushed change may take to show in another browser here: these assert it arrives without a reload; bench:realtime measures how fast. */
const LIVE_MS = 15_000;

describe('events in the browser', () => {
  const open = useTabs();
  let liveEventId: number | null = null;
  let game: Game;
  let track: Track;
  let planned: LeagueEvent;

  beforeAll(async () => {
    const em = site().em();
    // The catalogue the organizer picks from, and an event with a driver in it and one with a video.
    game = await newGame(em, { name: 'Forza Motorsport', platforms: ['PC', 'XBOX'] });
    ({ track } = await newTrack(em, game, { name: 'Silverstone', variants: [{ name: 'Grand Prix', lengthMeters: 5891 }] }));
    await newCar(em, game);
    planned = await newEvent(em, { game });
    await newAttendance(em, planned, (await newDriver(em)).profile);
    await newEvent(em, { game, startsAt: new Date(Date.now() - 7 * 86_400_000), youtubeVideoId: 'dQw4w9WgXcQ' });
  });

  afterEach(async () => {
    if (liveEventId !== null) await asOrganizer('DELETE', `/events/${liveEventId}/live`);
    liveEventId = null;
  });

  it('an organizer creates and publishes an event, a driver joins, and another browser sees the seats change live', async () => {
    const organizer = await open();
    await signedInAs(organizer, 'organizer');
    const name = `E2E Cup ${Date.now().toString(36)}`;
    const id = await createAndPublishInBrowser(organizer, name, 5);

    const watcher = await open();
    await visit(watcher, `/events/${id}`);
    await watcher.getByRole('heading', { level: 1, name }).waitFor();
    await expect(seats(watcher).innerText()).resolves.toBe('5 of 5 seats available');
    await watcher.getByText('Nobody has joined yet').waitFor();

    const driver = await open(MOBILE);
    await signedInAs(driver, 'driver', `/events/${id}`);
    await driver.getByRole('button', { name: 'Join event' }).click();
    await driver.getByRole('button', { name: 'Leave event' }).waitFor();

    // Without a reload: the count and who is in follow the driver.
    await watcher.getByText('4 of 5 seats available').waitFor({ timeout: LIVE_MS });
    await watcher.getByRole('list', { name: 'Drivers in this event' }).getByRole('link').first().waitFor({ timeout: LIVE_MS });

    await driver.getByRole('button', { name: 'Leave event' }).click();
    await driver.getByRole('button', { name: 'Join event' }).waitFor();
    await watcher.getByText('5 of 5 seats available').waitFor({ timeout: LIVE_MS });
  });

  it("an organizer goes live from the event screen and a visitor's live-race button turns on and off without a reload", async () => {
    const organizer = await open();
    await signedInAs(organizer, 'organizer');
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
    await liveLink.waitFor({ timeout: LIVE_MS });
    await expect(liveLink.getAttribute('href')).resolves.toBe('/live');

    await organizer.getByRole('button', { name: 'End live' }).click();
    await organizer.getByRole('button', { name: 'Go live' }).waitFor();
    liveEventId = null;
    await visitor.getByRole('button', { name: 'Live race' }).waitFor({ timeout: LIVE_MS });
    await expect(visitor.getByRole('button', { name: 'Live race' }).isDisabled()).resolves.toBe(true);
  });

  it('shows the not-found page for a missing event, without an Error dialog (the Hardening issue: a bad id in a URL is not an error to report)', async () => {
    const page = await open();
    await visit(page, '/events/987654');
    expect(await pageHeading(page)).toBe('Event not found');
    await expect(page.getByRole('dialog', { name: 'Error' }).count()).resolves.toBe(0);
  });

  const expectAccessible = async (page: Page, label: string) => {
    await pageHeading(page);
    await requestsAnswered(page);
    expect({ page: label, violations: await seriousAxeViolations(page) }).toEqual({ page: label, violations: [] });
  };

  // A few pages per test, so each stays well inside the timeout on a busy machine. Paths are read when
  // the test runs: the event, game and track are made in beforeAll.
  const pageGroups: { name: string; role: 'driver' | 'admin'; paths: () => string[] }[] = [
    { name: 'the event and live pages', role: 'driver', paths: () => ['/', '/events', `/events/${planned.id}`, '/live'] },
    { name: 'the assessment and media pages', role: 'driver', paths: () => ['/events/assessment', '/media'] },
    { name: 'the organizer screens', role: 'admin', paths: () => ['/organizer/events', '/organizer/events/new', '/organizer/assessments'] },
    { name: 'the game screens', role: 'admin', paths: () => ['/admin/games', `/admin/games/${game.id}`, '/admin/cars'] },
    { name: 'the track screens', role: 'admin', paths: () => ['/admin/tracks', `/admin/tracks/${track.id}`, `/admin/tracks/${track.id}/variants`] },
  ];

  for (const [viewportName, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const) {
    for (const group of pageGroups) {
      it(`has no serious or critical axe findings on ${group.name} (${viewportName})`, async () => {
        const page = await open(viewport);
        const paths = group.paths();
        await signedInAs(page, group.role, paths[0]);
        for (const [index, path] of paths.entries()) {
          if (index > 0) await visit(page, path);
          await expectAccessible(page, `${path} (${viewportName})`);
        }
      });
    }
  }
});
