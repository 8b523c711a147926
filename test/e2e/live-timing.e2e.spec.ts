import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { Race } from '../../backend/src/modules/events/event.entities.js';
import { startSimulation, type Simulation } from '../../backend/src/modules/timing/index.js';
import { newEvent } from '../factories/events.js';
import { freePort } from '../support/free-port.js';
import { seriousAxeViolations, signedInAs, site, useTabs } from './support/browser.js';

/** The simulator's race lasts about 80 s at this speed: laps tick every ~15 s, long enough for every check here. */
const SIMULATOR_SPEED = 6;
const LIVE_MS = 30_000;

/** The laps of every car on the page's tower, as shown. */
const towerLaps = (page: Page): Promise<number[]> =>
  page.locator('.pd-tower__table tbody tr').evaluateAll((rows) => rows.map((row) => Number(row.querySelectorAll('td.pd-tower__num')[2]?.textContent ?? Number.NaN)));

/** Waits until the tower shows a car with more laps than `laps` (the page updates without a reload). */
const waitForLapsAbove = (page: Page, laps: number): Promise<unknown> =>
  page.waitForFunction(
    (seen) =>
      Array.from(document.querySelectorAll('.pd-tower__table tbody tr')).some((row) => Number(row.querySelectorAll('td.pd-tower__num')[2]?.textContent ?? Number.NaN) > seen),
    laps,
    { timeout: LIVE_MS },
  );

describe('live timing in the browser: a simulated Assetto Corsa server through the worker to the tower', () => {
  const open = useTabs();
  let simulation: Simulation | undefined;
  let raceId: number;

  beforeAll(async () => {
    const event = await newEvent(site().em(), { startsAt: new Date() });
    raceId = (
      await site()
        .em()
        .findOneOrFail(Race, { raceEvent: { event: event.id } })
    ).id;
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

  it("moves both visitors' towers on /live as the race goes on, without a reload", async () => {
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
    await Promise.all([waitForLapsAbove(driver, seen), waitForLapsAbove(steward, seen)]);
  }, 90_000);

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
});
