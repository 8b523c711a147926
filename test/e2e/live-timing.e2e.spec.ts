import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Competition, Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { Race } from '../../backend/src/modules/events/event.entities.js';
import { startSimulation, type Simulation } from '../../backend/src/modules/timing/index.js';
import { newGame, newTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { newDriver, newMember } from '../factories/users.js';
import { freePort } from '../support/free-port.js';
import { seriousAxeViolations, signedInAs, site, useTabs, visit } from './support/browser.js';

/** The simulator's race lasts about 80 s at this speed: laps tick every ~15 s, long enough for every check here. */
const SIMULATOR_SPEED = 6;
const LIVE_MS = 30_000;
/** The drivers of the result file the simulator plays (ac-race.json), by their Steam ids: league drivers entered in the race. */
const RACERS = [
  { name: 'Marco Rossi', steamId: '76561198100000001' },
  { name: 'Émilie Laurent', steamId: '76561198100000002' },
  { name: 'Kenji Watanabe', steamId: '76561198100000003' },
  { name: 'Lukas Novák', steamId: '76561198100000004' },
];
/** The steward raced too (the file's Oliver Grant, who never started): only drivers of a race may file a ticket about it. */
const STEWARD_RACER = { name: 'Oliver Grant', steamId: '76561198100000005' };

/** The rows of the standings "if the race ended now" on the page, as shown. */
const projectedRows = (page: Page): Promise<string[]> =>
  page
    .getByRole('region', { name: 'Projected standings' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));

/** The laps of every car on the page's tower, as shown. */
const towerLaps = (page: Page): Promise<number[]> =>
  page
    .getByRole('region', { name: 'Timing tower' })
    .locator('.pd-tower__table tbody tr')
    .evaluateAll((rows) => rows.map((row) => Number(row.querySelectorAll('td.pd-tower__num')[2]?.textContent ?? Number.NaN)));

/** Waits until the tower shows a car with more laps than `laps` (the page updates without a reload). */
const waitForLapsAbove = (page: Page, laps: number): Promise<unknown> =>
  page.waitForFunction(
    (seen) =>
      Array.from(document.querySelectorAll('[aria-label="Timing tower"] .pd-tower__table tbody tr')).some(
        (row) => Number(row.querySelectorAll('td.pd-tower__num')[2]?.textContent ?? Number.NaN) > seen,
      ),
    laps,
    { timeout: LIVE_MS },
  );

/**
 * Waits until the page has shown two different standings "if the race ended now" (the simulator starts the
 * first two swapped, so the order, and the projection with it, changes before the flag).
 */
const waitForProjectionToMove = (page: Page): Promise<unknown> =>
  page.waitForFunction(
    () => {
      const shown = Array.from(document.querySelectorAll('[aria-label="Projected standings"] tbody tr')).map((row) => row.textContent ?? '');
      const seen: Set<string> = ((window as unknown as { projections?: Set<string> }).projections ??= new Set());
      if (shown.length > 0) seen.add(shown.join('|'));
      return seen.size >= 2;
    },
    undefined,
    { timeout: 2 * LIVE_MS, polling: 100 },
  );

describe('live timing in the browser: a simulated Assetto Corsa server through the worker to the tower', () => {
  const open = useTabs();
  let simulation: Simulation | undefined;
  let raceId: number;
  let eventId: number;
  let competition: Competition;
  let season: Season;

  beforeAll(async () => {
    const em = site().em();
    // A round of a season on the file's game and track, started two hours ago: past the tickets' cool-down (1 h by default).
    const game = await newGame(em, { name: 'Assetto Corsa', platforms: ['PC'] });
    const track = (await newTrack(em, game, { name: 'Red Bull Ring', country: 'AT' })).variants[0];
    const event = await newEvent(em, { name: 'Round 1 at the Red Bull Ring', game, track, startsAt: new Date(Date.now() - 2 * 3600_000) });
    eventId = event.id;
    competition = await newCompetition(em, { name: 'Live Cup', game, leaderboardsEnabled: true });
    season = await newSeason(em, competition, { name: 'Season 1', events: [event] });
    raceId = (await em.findOneOrFail(Race, { raceEvent: { event: event.id } })).id;
    await newMember(em, 'organizer');
    const steward = await newMember(em, 'steward', { profile: STEWARD_RACER });
    await newAttendance(em, event, steward.profile);
    for (const racer of RACERS) await newAttendance(em, event, (await newDriver(em, { profile: racer })).profile);
    const organizer = await site().signIn('organizer');
    expect((await site().api(`/events/${event.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.twitch.tv/paddockleague' } })).status).toBe(200);
    const pluginPort = await freePort();
    simulation = await startSimulation({
      game: 'ac',
      source: { resultFile: readFileSync(path.resolve(import.meta.dirname, '../fixtures/results/ac-race.json')), fileName: 'ac-race.json' },
      port: pluginPort,
      host: '127.0.0.1',
      password: '',
      speed: SIMULATOR_SPEED,
    });
    const saved = await site().api(`/races/${raceId}/timing-source`, {
      method: 'PUT',
      as: organizer,
      json: { game: 'AC', host: '127.0.0.1', port: simulation.port, localPort: pluginPort },
    });
    expect(saved.status).toBe(200);
  }, 60_000);

  // The site (and its database, with the source and the live event) goes with the file's tabs.
  afterAll(() => simulation?.close());

  it("moves both visitors' towers on /live as the race goes on, and the standings if the race ended now under them, without a reload", async () => {
    const driver = await open();
    const steward = await open();
    await signedInAs(driver, 'driver', '/live');
    await signedInAs(steward, 'steward', '/live');
    for (const page of [driver, steward]) {
      await page
        .getByRole('region', { name: 'Timing tower' })
        .getByRole('rowheader', { name: /Marco Rossi/ })
        .waitFor({ timeout: LIVE_MS });
    }
    const seen = Math.max(...(await towerLaps(driver)), ...(await towerLaps(steward)));
    await Promise.all([waitForLapsAbove(driver, seen), waitForLapsAbove(steward, seen), waitForProjectionToMove(driver)]);
    // The league drivers of the race are listed, new to the season's standings (this is its first round).
    const projected = await projectedRows(driver);
    for (const racer of RACERS) expect(projected.filter((row) => row.includes(racer.name))).toEqual([expect.stringContaining('new')]);
  }, 120_000);

  it('passes the axe check with the tower on the page', async () => {
    const page = await open();
    await signedInAs(page, 'driver', '/live');
    await page.getByRole('region', { name: 'Timing tower' }).getByRole('rowheader').first().waitFor({ timeout: LIVE_MS });
    expect({ page: '/live with timing', violations: await seriousAxeViolations(page) }).toEqual({ page: '/live with timing', violations: [] });
  }, 60_000);

  it('renders the overlay for OBS on a transparent page with no site chrome', async () => {
    const page = await open();
    // No header or heading to wait for here (`visit` waits for one): the overlay's table is the page.
    await page.goto(`/live/overlay/${raceId}`);
    const overlay = page.getByTestId('live-overlay');
    await overlay.locator('tbody tr').first().waitFor({ timeout: LIVE_MS });
    expect(await page.evaluate(() => [document.documentElement, document.body].map((element) => getComputedStyle(element).backgroundColor))).toEqual([
      'rgba(0, 0, 0, 0)',
      'rgba(0, 0, 0, 0)',
    ]);
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
  }, 60_000);

  it('at the flag the organizer confirms the live draft, and an open standings page shows the results without a reload', async () => {
    const viewer = await open();
    await visit(viewer, `/events/competitions/standings/${competition.id}/${season.id}`);
    await viewer.getByText('No results yet').waitFor({ timeout: LIVE_MS });
    await simulation!.finished;

    const organizer = await open();
    await signedInAs(organizer, 'organizer', `/organizer/competitions/${competition.id}/seasons/${season.id}/event/${eventId}/results/${raceId}`);
    const draft = organizer.getByRole('region', { name: 'Live draft from the flag' });
    await draft.waitFor({ timeout: LIVE_MS });
    await draft.getByRole('button', { name: 'Confirm', exact: true }).click();
    await draft.getByText(/Confirmed the live draft as revision 1/).waitFor({ timeout: LIVE_MS });

    // The file's order at the flag: Marco Rossi won, Émilie Laurent second.
    const drivers = viewer.getByRole('table', { name: "Drivers' standings" });
    await drivers
      .getByRole('row')
      .nth(1)
      .getByRole('link', { name: /Marco Rossi/ })
      .waitFor({ timeout: LIVE_MS });
    await drivers
      .getByRole('row')
      .nth(2)
      .getByRole('link', { name: /Émilie Laurent/ })
      .waitFor({ timeout: LIVE_MS });
  }, 120_000);

  it('files a ticket from a collision the live timing listed on the steward queue, pre-filled with the drivers, lap and time', async () => {
    const page = await open();
    await signedInAs(page, 'steward', '/steward/tickets');
    await page.getByRole('combobox', { name: 'Season', exact: true }).selectOption({ label: 'Live Cup · Season 1' });
    // The season's races arrive after it is chosen; the race's option is picked by its value once there.
    const race = page.getByRole('combobox', { name: 'Race', exact: true });
    await race.selectOption((await race.locator('option', { hasText: 'Round 1 at the Red Bull Ring' }).getAttribute('value')) ?? '');
    const incidents = page.getByRole('region', { name: 'Incidents' });
    // The simulator's collision: the car in third touches the one ahead, both league drivers.
    const row = incidents.getByRole('row', { name: /Contact between cars/ });
    await row.waitFor({ timeout: LIVE_MS });
    const lap = (await row.getByRole('cell').nth(0).textContent()) ?? '';
    const time = (await row.getByRole('cell').nth(1).textContent()) ?? '';
    const cars = (await row.getByRole('cell').nth(2).textContent()) ?? '';
    await row.getByRole('button', { name: /^Open a ticket on the incident at / }).click();

    const dialog = page.getByRole('dialog', { name: 'Report an incident' });
    const involved = RACERS.map((racer) => racer.name).filter((name) => cars.includes(name));
    expect(involved).toHaveLength(2);
    for (const name of involved) expect(await dialog.getByRole('checkbox', { name: new RegExp(name) }).isChecked()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Lap' }).inputValue()).toBe(lap);
    expect(await dialog.getByRole('textbox', { name: 'Time in race' }).inputValue()).toBe(time);
    expect(await dialog.getByRole('textbox', { name: 'What happened' }).inputValue()).toMatch(/^Contact between cars involving .*, reported by the live timing\.$/);
    await dialog.getByRole('button', { name: 'File ticket' }).click();

    const filed = page.getByRole('link', { name: /^Ticket #\d+$/ });
    await filed.waitFor({ timeout: LIVE_MS });
    // The new ticket is in the queue too, without a reload.
    await page
      .getByRole('table', { name: 'Ticket queue' })
      .getByText(/Lukas Novák|Kenji Watanabe/)
      .first()
      .waitFor({ timeout: LIVE_MS });
  }, 90_000);
});
