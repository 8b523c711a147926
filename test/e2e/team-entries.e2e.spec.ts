import { beforeAll, describe, it } from '@jest/globals';
import type { Team } from '../../backend/src/modules/teams/team.entity.js';
import { LeagueEvent, Race, RaceEvent } from '../../backend/src/modules/events/event.entities.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { joinTeam } from '../factories/teams.js';
import { newMember } from '../factories/users.js';
import { signedInAs, site, useTabs, visit } from './support/browser.js';

describe('team entries and promotion', () => {
  const open = useTabs();
  let team: Team;
  let teamEvent: LeagueEvent;
  let assessment: LeagueEvent;
  let relay: LeagueEvent;
  let relayRaces: number[];

  beforeAll(async () => {
    const em = site().em();
    const captain = await newMember(em, 'captain', { profile: { driverNumber: 12, steamUsername: 'CaptainCara' } });
    team = captain.team!;
    const driver = await newMember(em, 'driver', { profile: { driverNumber: 77, steamUsername: 'DaniDrives' } });
    await joinTeam(em, team, driver.user);
    await newMember(em, 'organizer');
    teamEvent = await newEvent(em, { name: 'Relay Night', competitionStyle: 'TEAM' });
    await em.nativeUpdate(LeagueEvent, { id: teamEvent.id }, { teamSizeMin: 2, teamSizeMax: 2, lineupLockMinutes: 30 });

    // Two races; the team entered with both drivers, who race every race unless a race says otherwise.
    relay = await newEvent(em, { name: 'Endurance Relay', competitionStyle: 'TEAM' });
    await em.nativeUpdate(LeagueEvent, { id: relay.id }, { teamSizeMin: 2, teamSizeMax: 2 });
    const block = await em.findOneOrFail(RaceEvent, { event: relay.id });
    await em.persist(em.create(Race, { raceEvent: block, position: 1, raceEventType: 'FEATURE', laps: 30 })).flush();
    relayRaces = (await em.find(Race, { raceEvent: block.id }, { orderBy: { position: 'asc' } })).map((race) => race.id);
    await newAttendance(em, relay, captain.profile, team);
    await newAttendance(em, relay, driver.profile, team);

    const rookie = await newMember(em, 'rookie', { profile: { completed: true, driverNumber: 31, xboxUsername: 'RemyRookie' } });
    assessment = await newEvent(em, { name: 'Rookie Assessment', assessment: true });
    await newAttendance(em, assessment, rookie.profile);
  });

  it('lets a captain enter the team within the team size, and the organizer sees it live', async () => {
    const organizerPage = await open();
    await signedInAs(organizerPage, 'organizer');
    // The SPEC's organizer route; seasons do not exist yet, so any season id shows the event's teams.
    await visit(organizerPage, `/organizer/competitions/1/seasons/1/event/${teamEvent.id}/teams`);
    const organizerLineup = organizerPage.getByRole('region', { name: `Line-up of ${team.name}` });
    await organizerLineup.getByText(/^Not entered/).waitFor();

    const captainPage = await open();
    await signedInAs(captainPage, 'captain', `/events/${teamEvent.id}`);
    const lineup = captainPage.getByRole('region', { name: `Line-up of ${team.name}` });
    await lineup.getByRole('checkbox', { name: '[ 12 ] - CaptainCara' }).check();
    await lineup.getByRole('button', { name: `Enter ${team.name}` }).click();
    await lineup.getByRole('alert').getByText('A team races this event with 2 drivers: you entered 1').waitFor();
    await lineup.getByRole('checkbox', { name: '[ 77 ] - DaniDrives' }).check();
    await lineup.getByRole('button', { name: `Enter ${team.name}` }).click();
    await lineup.getByText('Line-up saved').waitFor();
    await captainPage.getByRole('list', { name: 'Drivers in this event' }).getByRole('link', { name: '[ 77 ] - DaniDrives' }).waitFor();

    // The organizer's screen follows without a reload.
    await organizerLineup.getByText(/^2 drivers entered/).waitFor({ timeout: 15_000 });
    await organizerLineup.getByRole('checkbox', { name: '[ 77 ] - DaniDrives', checked: true }).waitFor();
  });

  it('lets an organizer set a team’s line-up for one race and go back to the event entry; other open screens follow', async () => {
    const teamsPath = `/organizer/competitions/1/seasons/1/event/${relay.id}/teams`;
    const watching = await open();
    await signedInAs(watching, 'organizer', `${teamsPath}/${relayRaces[1]}`);
    const watched = watching.getByRole('region', { name: `Race line-up of ${team.name}` });
    await watched.getByText('Event entry', { exact: true }).waitFor();

    const page = await open();
    await signedInAs(page, 'organizer', teamsPath);
    await page
      .getByRole('region', { name: `Line-up of ${team.name}` })
      .getByText(/^2 drivers entered/)
      .waitFor();
    await page.getByRole('tab', { name: /^Race 2: Feature race/ }).click();
    await page.waitForURL((url) => url.pathname === `${teamsPath}/${relayRaces[1]}`);
    const lineup = page.getByRole('region', { name: `Race line-up of ${team.name}` });
    await lineup.getByText('Event entry', { exact: true }).waitFor();
    await lineup.getByRole('checkbox', { name: '[ 77 ] - DaniDrives', checked: true }).waitFor();
    // Below the team size: organizers may (a driver dropped out for this race).
    await lineup.getByRole('checkbox', { name: '[ 12 ] - CaptainCara' }).uncheck();
    await lineup.getByRole('button', { name: 'Save race line-up' }).click();
    await lineup.getByText('Race line-up saved').waitFor();
    await lineup.getByText('Set for this race').waitFor();
    await lineup.getByText(/^1 driver in this race/).waitFor();

    // The other organizer screen follows without a reload; the first race keeps the event entry.
    await watched.getByText('Set for this race').waitFor({ timeout: 15_000 });
    await watched.getByRole('checkbox', { name: '[ 12 ] - CaptainCara', checked: false }).waitFor();
    await page.getByRole('tab', { name: /^Race 1:/ }).click();
    const first = page.getByRole('region', { name: `Race line-up of ${team.name}` });
    await first.getByText('Event entry', { exact: true }).waitFor();
    await first.getByText(/^2 drivers in this race/).waitFor();

    await page.getByRole('tab', { name: /^Race 2:/ }).click();
    await lineup.getByRole('button', { name: 'Use the event entry' }).click();
    await lineup.getByText('Event entry', { exact: true }).waitFor();
    await lineup.getByRole('checkbox', { name: '[ 12 ] - CaptainCara', checked: true }).waitFor();
    await watched.getByText('Event entry', { exact: true }).waitFor({ timeout: 15_000 });
  });

  it('lets an organizer promote a NEW driver of an assessment, who sees it live', async () => {
    const rookiePage = await open();
    await signedInAs(rookiePage, 'rookie', `/events/${assessment.id}`);
    await rookiePage.getByText(/^You are a new driver/).waitFor();

    const organizerPage = await open();
    await signedInAs(organizerPage, 'organizer', `/events/${assessment.id}`);
    const newDrivers = organizerPage.getByRole('region', { name: 'New drivers' });
    await newDrivers.getByRole('button', { name: 'Promote [ 31 ] - RemyRookie' }).click();
    await newDrivers.getByText('No new drivers in this assessment.').waitFor();

    await rookiePage.getByText(/^You are a full league driver/).waitFor({ timeout: 15_000 });
  });
});
