import { beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Competition, Season } from '../../backend/src/modules/competitions/competition.entities.js';
import type { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { newGame, newTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newDriver, newMember } from '../factories/users.js';
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
    await signedInAs(organizer, 'organizer', `/organizer/competitions/${competition.id}/seasons/${season.id}/event/${round.id}/results`);
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

  it('imports a server results file with drivers outside the league: a preview with each line’s classification and why, then an open standings page follows; the same file again changes nothing', async () => {
    const em = site().em();
    const acc = await newGame(em, { name: 'Assetto Corsa Competizione', platforms: ['PC'] });
    const monza = (await newTrack(em, acc, { name: 'Autodromo Nazionale Monza', country: 'IT' })).variants[0];
    await newDriver(em, { profile: { driverNumber: 7, name: 'Lando Moreau', steamId: '76561198012345671' } });
    await newDriver(em, { profile: { driverNumber: 9, name: 'Rita Reserve', steamId: '76561198399999903' } });
    await newDriver(em, { profile: { driverNumber: 21, name: 'Gina Guestmann' } });
    const gtCup = await newCompetition(em, { name: 'Monza GT Sprint', game: acc });
    const monzaRound = await newEvent(em, { name: 'Monza night', game: acc, track: monza, startsAt: new Date(Date.now() - 24 * 3600 * 1000) });
    const gtSeason = await newSeason(em, gtCup, { name: 'Autumn', events: [monzaRound] });

    const viewer = await open();
    await visit(viewer, `/events/competitions/standings/${gtCup.id}/${gtSeason.id}`);
    await viewer.getByText('No results yet').waitFor();

    const organizer = await open();
    await signedInAs(organizer, 'organizer', `/organizer/competitions/${gtCup.id}/seasons/${gtSeason.id}/event/${monzaRound.id}/results`);
    const file = path.resolve(import.meta.dirname, '../fixtures/results/acc-guests.json');
    const importFile = async () => {
      await organizer.getByLabel('Results file', { exact: true }).setInputFiles(file);
      await organizer.getByTestId('chosen-file').getByText('acc-guests.json').waitFor();
      await organizer.getByRole('button', { name: 'Preview' }).click();
      return organizer.getByRole('table', { name: 'Lines of the file' });
    };
    const decide = async (name: string, option: string) => {
      await organizer.getByRole('combobox', { name: `${name}: not in the league` }).selectOption({ label: option });
    };

    const lines = await importFile();
    await lines.waitFor();
    const classifications = await lines.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[1]?.textContent));
    expect(classifications).toEqual(['Finished', 'Finished', 'Finished', 'DNF — retired: stopped before the flag', 'DNS']);
    await lines.getByText('[ 7 ] - Lando Moreau (by platform id)').waitFor();
    await lines.getByText('[ 9 ] - Rita Reserve (by platform id)').waitFor();
    await decide('Guest Driver One', 'A league driver…');
    const picker = organizer.getByRole('combobox', { name: 'Driver for Guest Driver One' });
    await picker.fill('21');
    await organizer.getByRole('option', { name: '[ 21 ] - Gina Guestmann' }).click();
    await decide('Guest Driver Two', 'Guest (scores nothing)');
    await decide('Safety Car', 'Skip (leave out)');
    expect(await seriousAxeViolations(organizer)).toEqual([]);
    await organizer.getByRole('region', { name: 'Import preview' }).getByRole('button', { name: 'Save results' }).click();
    await organizer.getByText('Imported 4 lines from acc-guests.json as revision 1.').waitFor();

    // The open standings page follows without a reload: the winner scores, the guest does not appear.
    const drivers = viewer.getByRole('table', { name: "Drivers' standings" });
    await drivers.waitFor({ timeout: 15_000 });
    await drivers
      .getByRole('row')
      .filter({ has: viewer.getByRole('link', { name: 'Lando Moreau' }) })
      .getByRole('cell', { name: /^25/ })
      .first()
      .waitFor();
    await drivers
      .getByRole('row')
      .filter({ has: viewer.getByRole('link', { name: 'Gina Guestmann' }) })
      .getByRole('cell', { name: /^18/ })
      .first()
      .waitFor();
    expect(await drivers.getByText('Guest Driver Two').count()).toBe(0);

    // The same file again: the mapped driver is remembered, and nothing changes.
    const again = await importFile();
    await organizer.getByText('Nothing changed: this file is already the race’s results.').first().waitFor();
    await again.getByText('[ 21 ] - Gina Guestmann (mapped before)').waitFor();
    await decide('Guest Driver Two', 'Guest (scores nothing)');
    await decide('Safety Car', 'Skip (leave out)');
    await organizer.getByRole('region', { name: 'Import preview' }).getByRole('button', { name: 'Save results' }).click();
    await organizer.getByRole('status').getByText('Nothing changed: this file is already the race’s results.').waitFor();
    await organizer
      .getByRole('list', { name: 'Revisions' })
      .getByText(/^Revision 1 · current/)
      .waitFor();
  });

  it('asks before saving results for a race that has not started, from the grid and from a file (after confirming the file is for another game and track), and saves them once told to', async () => {
    const em = site().em();
    const tomorrow = await newEvent(em, { name: 'Round 2 at Zandvoort', startsAt: new Date(Date.now() + 24 * 3600 * 1000) });
    const cup = await newCompetition(em, { name: 'Friday GT Cup' });
    const autumn = await newSeason(em, cup, { name: 'Autumn', events: [tomorrow] });
    const organizer = await open();
    await signedInAs(organizer, 'organizer', `/organizer/competitions/${cup.id}/seasons/${autumn.id}/event/${tomorrow.id}/results`);
    expect(await pageHeading(organizer)).toBe('Results: Round 2 at Zandvoort');
    const question = organizer.getByRole('dialog', { name: 'This race has not started yet' });
    // The start in the viewer's locale and zone ("Thu, Nov 26, 2026, 06:15 PM UTC"), never an ISO time.
    const asked = /^This race starts \w{3}, [\w ]+, \d{4}, \d{2}:\d{2}( [AP]M)? [A-Z]{3}\. Save results anyway\?$/;

    await addFinisher(organizer, 12, '[ 12 ] - CaptainCara');
    await organizer.getByRole('textbox', { name: 'Laps, P1 [ 12 ] - CaptainCara' }).fill('10');
    await organizer.getByRole('button', { name: 'Save results' }).click();
    expect((await question.getByText(/^This race starts/).innerText()).trim()).toMatch(asked);
    // No: nothing is saved.
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    await organizer.getByText('Unsaved changes').waitFor();
    await organizer.getByRole('button', { name: 'Save results' }).click();
    await question.getByRole('button', { name: 'Save anyway' }).click();
    await organizer.getByText(/^Saved as revision 1/).waitFor();

    await organizer.getByLabel('Results file', { exact: true }).setInputFiles(path.resolve(import.meta.dirname, '../fixtures/results/acc-guests.json'));
    await organizer.getByRole('button', { name: 'Preview' }).click();
    await organizer.getByRole('alert').filter({ hasText: 'Assetto Corsa Competizione' }).getByRole('button', { name: 'Import anyway' }).click();
    await organizer.getByRole('table', { name: 'Lines of the file' }).waitFor();
    for (const undecided of await organizer.getByRole('combobox', { name: /: not in the league$/ }).all()) {
      await undecided.selectOption({ label: 'Guest (scores nothing)' });
    }
    await organizer.getByRole('region', { name: 'Import preview' }).getByRole('button', { name: 'Save results' }).click();
    expect((await question.getByText(/^This race starts/).innerText()).trim()).toMatch(asked);
    await question.getByRole('button', { name: 'Save anyway' }).click();
    await organizer.getByText(/^Imported \d lines from acc-guests\.json as revision 2\.$/).waitFor();
    expect(await organizer.getByRole('dialog', { name: 'Error' }).count()).toBe(0);
  });
  it('counts up a driver’s bell live when an organizer posts results for their race, and the notification centre links to the result', async () => {
    const em = site().em();
    const cup = await newCompetition(em, { name: 'Sunday Sprint Cup' });
    const sprint = await newEvent(em, { name: 'Sprint at Zandvoort', startsAt: new Date(Date.now() - 24 * 3600 * 1000) });
    const sprintSeason = await newSeason(em, cup, { name: 'Winter', events: [sprint] });

    const driver = await open();
    await signedInAs(driver, 'driver', '/notifications');
    expect(await pageHeading(driver)).toBe('Notifications');
    const markAll = driver.getByRole('button', { name: 'Mark all read' });
    await driver
      .getByRole('status')
      .getByText(/^(\d+ unread|All read)$/)
      .waitFor();
    if (await markAll.isEnabled()) await markAll.click();
    const bell = driver.getByRole('link', { name: /^Notifications/ });
    await driver.getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    const organizer = await open();
    await signedInAs(organizer, 'organizer', `/organizer/competitions/${cup.id}/seasons/${sprintSeason.id}/event/${sprint.id}/results`);
    await addFinisher(organizer, 44, '[ 44 ] - DaniDrives');
    await organizer.getByRole('textbox', { name: 'Laps, P1 [ 44 ] - DaniDrives' }).fill('12');
    await organizer.getByRole('button', { name: 'Save results' }).click();
    await organizer.getByText(/^Saved as revision 1/).waitFor();

    // Without a reload, the bell says so; the centre lists the notification, which leads to the round's results.
    await driver.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    const result = driver.getByRole('link', { name: /^Results posted: Sprint at Zandvoort, race 1/ });
    await result.waitFor();
    expect(await result.getAttribute('href')).toBe(`/events/competitions/current/${cup.id}/season/${sprintSeason.id}#${sprint.id}`);
    expect(await seriousAxeViolations(driver)).toEqual([]);
    await result.click();
    await driver.waitForURL((url) => url.pathname === `/events/competitions/current/${cup.id}/season/${sprintSeason.id}` && url.hash === `#${sprint.id}`);
    await driver.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    expect(await bell.count()).toBe(1);
  });
});
