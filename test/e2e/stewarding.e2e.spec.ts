import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Competition, Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { Race, type LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newMember, type Member } from '../factories/users.js';
import { pageHeading, seriousAxeViolations, signedInAs, site, useTabs, visit } from './support/browser.js';

const LIVE_MS = 15_000;

describe('stewarding in the browser', () => {
  const open = useTabs();
  let competition: Competition;
  let season: Season;
  let round: LeagueEvent;

  beforeAll(async () => {
    const em = site().em();
    await newMember(em, 'organizer');
    // The head steward may decide alone (a panel majority is not needed).
    await newMember(em, 'steward', { roles: ['STEWARD', 'HEAD_STEWARD'] });
    const dani: Member = await newMember(em, 'driver', { profile: { driverNumber: 44, steamUsername: 'DaniDrives' } });
    const cara: Member = await newMember(em, 'captain', { profile: { driverNumber: 12, steamUsername: 'CaptainCara' } });
    competition = await newCompetition(em, { name: 'Thursday GT Cup', leaderboardsEnabled: true });
    // Raced a day ago: past the cool-down, before the protest deadline (the defaults: 1 h and 48 h).
    round = await newEvent(em, { name: 'Round 1 at Spa', startsAt: new Date(Date.now() - 24 * 3600 * 1000) });
    season = await newSeason(em, competition, { name: 'Season 1', events: [round] });
    const race = await site()
      .em()
      .findOneOrFail(Race, { raceEvent: { event: round.id } });
    const organizer = await site().signIn('organizer');
    const saved = await site().api(`/seasons/${season.id}/events/${round.id}/results/${race.id}`, {
      method: 'PUT',
      as: organizer,
      json: {
        results: [
          { profileId: cara.profile.id, position: 1, status: 'FINISHED', laps: 10, totalTimeMs: 902_250 },
          { profileId: dani.profile.id, position: 2, status: 'FINISHED', laps: 10, totalTimeMs: 903_500 },
        ],
      },
    });
    expect(saved.status).toBe(200);
  });

  it("shows a driver's ticket in an open steward queue without a reload, and the steward's decision on an open standings page", async () => {
    const steward = await open();
    await signedInAs(steward, 'steward', '/steward/tickets');
    expect(await pageHeading(steward)).toBe('Tickets');
    await steward.getByText('No tickets yet').waitFor();

    const viewer = await open();
    await visit(viewer, `/events/competitions/standings/${competition.id}/${season.id}`);
    const drivers = viewer.getByRole('table', { name: "Drivers' standings" });
    const leader = drivers.getByRole('row').nth(1);
    await leader.getByRole('link', { name: 'CaptainCara' }).waitFor({ timeout: LIVE_MS });

    // The driver reports the incident from the race's results.
    const driver = await open();
    await signedInAs(driver, 'driver', `/events/competitions/current/${competition.id}/season/${season.id}`);
    // The results are provisional: the protest window is still open (its end shown in the viewer's zone).
    await driver.getByRole('status', { name: /^Provisional results: Final after / }).waitFor({ timeout: LIVE_MS });
    await driver.getByRole('button', { name: /^Report an incident in Round 1 at Spa/ }).click();
    const dialog = driver.getByRole('dialog', { name: 'Report an incident' });
    await dialog.getByRole('button', { name: 'File ticket' }).click();
    await dialog.getByText('Drivers involved is required').waitFor();
    await dialog.getByRole('checkbox', { name: '[ 12 ] - CaptainCara' }).check();
    await dialog.getByRole('textbox', { name: 'Lap' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Corner' }).fill('T1');
    await dialog.getByRole('textbox', { name: 'What happened' }).fill('Divebomb into La Source with no overlap, I was pushed off.');
    await dialog.getByRole('button', { name: 'Add a link' }).click();
    await dialog.getByRole('textbox', { name: 'Video or clip link 1' }).fill('https://www.youtube.com/watch?v=abc123');
    await dialog.getByRole('textbox', { name: 'Time in video 1' }).fill('12:34');
    await dialog.getByRole('button', { name: 'File ticket' }).click();
    const filed = driver.getByText(/^Ticket #\d+ filed\./);
    // A refusal shows in the dialog: its words make the failure say why.
    await filed.waitFor({ timeout: LIVE_MS }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nThe dialog says: ${await dialog.innerText().catch(() => '(closed)')}`);
    });
    const ticketId = Number(/#(\d+)/.exec(await filed.innerText())?.[1]);

    // The steward's open queue shows it, without a reload.
    const queue = steward.getByRole('table', { name: 'Ticket queue' });
    const row = queue.getByRole('row').filter({ hasText: 'CaptainCara' });
    await row.waitFor({ timeout: LIVE_MS });
    await row.getByText('DaniDrives').waitFor();
    await row.getByText('Open', { exact: true }).waitFor();
    await row.getByText('Nobody yet').waitFor();
    expect(await seriousAxeViolations(steward)).toEqual([]);

    // The head steward decides: one place for CaptainCara, who drops behind DaniDrives.
    await row.getByRole('link', { name: `#${ticketId}` }).click();
    expect(await pageHeading(steward)).toBe(`Ticket #${ticketId}`);
    await steward.getByText('Divebomb into La Source with no overlap, I was pushed off.').waitFor();
    const decision = steward.getByRole('form', { name: 'Decision' });
    await decision.getByRole('combobox', { name: 'Outcome 1' }).selectOption({ label: 'Position penalty' });
    await decision.getByRole('textbox', { name: 'Places 1' }).fill('1');
    await decision.getByRole('textbox', { name: 'Reason (the drivers read it)' }).fill('Caused a collision at La Source: one place.');
    await decision.getByRole('button', { name: 'Publish decision' }).click();
    await decision
      .getByText('Decision published.')
      .waitFor({ timeout: LIVE_MS })
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\nThe form says: ${await decision.innerText().catch(() => '(gone)')}`);
      });
    await steward
      .getByRole('list', { name: 'Audit trail' })
      .getByText(/^Decision/)
      .first()
      .waitFor();

    // The open standings page follows: DaniDrives leads now.
    await leader.getByRole('link', { name: 'DaniDrives' }).waitFor({ timeout: LIVE_MS });
    await leader.getByRole('cell', { name: /^25/ }).first().waitFor();

    // And the decision is public.
    await visit(viewer, '/paddock/safety-car');
    expect(await pageHeading(viewer)).toBe('Safety car');
    const published = viewer.getByRole('listitem', { name: `Decision on ticket #${ticketId}` });
    await published.getByText('[ 12 ] - CaptainCara: Position penalty: 1 place').waitFor();
    await published.getByText('Caused a collision at La Source: one place.').waitFor();
    expect(await seriousAxeViolations(viewer)).toEqual([]);
  });

  it('refuses the steward queue to a driver', async () => {
    const driver = await open();
    await signedInAs(driver, 'driver', '/steward/tickets');
    expect(await pageHeading(driver)).toBe('You need the steward role');
  });
});
