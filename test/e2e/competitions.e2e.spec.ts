import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { Competition, Season } from '../../backend/src/modules/competitions/competition.entities.js';
import type { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newMember } from '../factories/users.js';
import { pageHeading, seriousAxeViolations, signedInAs, site, useTabs, visit } from './support/browser.js';

/** Adds the next finisher on the results grid: their number in "Add driver", then the highlighted match. */
async function addFinisher(page: Page, number: number, name: string): Promise<void> {
  const add = page.getByRole('combobox', { name: 'Add driver (number or name)' });
  await add.fill(String(number));
  await page.getByRole('option', { name }).waitFor();
  await add.press('Enter');
  await page.getByRole('rowheader', { name }).waitFor();
}

describe('series standings, live', () => {
  const open = useTabs();
  let competition: Competition;
  let season: Season;
  let round: LeagueEvent;

  beforeAll(async () => {
    const em = site().em();
    await newMember(em, 'organizer');
    await newMember(em, 'driver', { profile: { driverNumber: 44, steamUsername: 'DaniDrives' } });
    await newMember(em, 'captain', { profile: { driverNumber: 12, steamUsername: 'CaptainCara' } });
    competition = await newCompetition(em, { name: 'Thursday GT Cup', leaderboardsEnabled: true });
    round = await newEvent(em, { name: 'Round 1 at Spa', startsAt: new Date(Date.now() - 24 * 3600 * 1000) });
    season = await newSeason(em, competition, { name: 'Season 1', events: [round] });
  });

  it('updates an open standings page without a reload when an organizer saves results in another browser', async () => {
    const standingsPath = `/events/competitions/standings/${competition.id}/${season.id}`;
    const viewer = await open();
    await visit(viewer, standingsPath);
    expect(await pageHeading(viewer)).toBe('Series leaderboard');
    await viewer.getByText('No results yet').waitFor();

    const organizer = await open();
    await signedInAs(organizer, 'organizer');
    await visit(organizer, `/organizer/competitions/${competition.id}/seasons/${season.id}/event/${round.id}/results`);
    expect(await pageHeading(organizer)).toBe('Results: Round 1 at Spa');
    await addFinisher(organizer, 12, '[ 12 ] - CaptainCara');
    await addFinisher(organizer, 44, '[ 44 ] - DaniDrives');
    await organizer.getByRole('textbox', { name: 'Laps, P1 [ 12 ] - CaptainCara' }).fill('10');
    await organizer.getByRole('textbox', { name: 'Laps, P2 [ 44 ] - DaniDrives' }).fill('10');
    await organizer.getByRole('textbox', { name: 'Total time, P1 [ 12 ] - CaptainCara' }).fill('15:02.250');
    await organizer.getByRole('button', { name: 'Save results' }).click();
    await organizer.getByText(/^Saved as revision 1/).waitFor();

    // The visitor's page follows: the drivers' table appears with the points, the winner's row marked as changed.
    const drivers = viewer.getByRole('table', { name: "Drivers' standings" });
    await drivers.waitFor({ timeout: 15_000 });
    const winner = drivers.getByRole('row').filter({ has: viewer.getByRole('link', { name: 'CaptainCara' }) });
    await winner.getByRole('cell', { name: /^25/ }).first().waitFor();
    const second = drivers.getByRole('row').filter({ has: viewer.getByRole('link', { name: 'DaniDrives' }) });
    await second.getByRole('cell', { name: /^18/ }).first().waitFor();

    // A correction: the organizer swaps the two (Alt+↓ on the winner) and saves; the open page follows again, and flags the rows that moved.
    await organizer.getByRole('textbox', { name: 'Laps, P1 [ 12 ] - CaptainCara' }).press('Alt+ArrowDown');
    await organizer.getByRole('textbox', { name: 'Laps, P2 [ 12 ] - CaptainCara' }).waitFor();
    await organizer.getByRole('button', { name: 'Save results' }).click();
    await organizer.getByText(/^Saved as revision 2/).waitFor();

    const leader = drivers.getByRole('row').nth(1);
    await leader.getByRole('link', { name: 'DaniDrives' }).waitFor({ timeout: 15_000 });
    await leader.getByRole('cell', { name: /^25/ }).first().waitFor();
    expect(await leader.getAttribute('data-changed')).toBe('true');
    await viewer.getByText(/Standings updated just now: points changed for 2 drivers/).waitFor();

    // The history lists both saves.
    const history = organizer.getByRole('list', { name: 'Revisions' });
    await history.getByText(/^Revision 2 · current/).waitFor();
    await history.getByText(/^Revision 1/).waitFor();

    expect(await seriousAxeViolations(viewer)).toEqual([]);
    expect(await seriousAxeViolations(organizer)).toEqual([]);
  });
});
