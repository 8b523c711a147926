import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RaceLineupDto, RaceLineupsDto } from '../../backend/src/contracts/race-lineups.js';
import { LeagueEvent, Race, RaceEvent } from '../../backend/src/modules/events/event.entities.js';
import { RaceLineup } from '../../backend/src/modules/events/race-lineup.entity.js';
import { Team } from '../../backend/src/modules/teams/team.entity.js';
import { newEvent } from '../factories/events.js';
import { joinTeam, newTeam } from '../factories/teams.js';
import { newDriver, newMember } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, socketsClosedAfterEach, subscribe } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { Notification } from '../../backend/src/modules/notifications/notifications.entities.js';

const MINUTE = 60_000;

/**
 * Line-ups per race: a team's event entry races every race unless an organizer, or its captain before
 * the line-up lock, sets a line-up of its own for one race, among the team's entered drivers.
 */
describe('race line-ups', () => {
  let t: TestApp;
  let organizer: CookieJar;
  let captain: CookieJar;
  let rival: CookieJar;
  let driver: CookieJar;
  let alpha: Team;
  let bravo: Team;
  /** Alpha's drivers: the captain, the driver, a third; Bravo's: the rival captain and one more. */
  const p: Record<'captain' | 'driver' | 'third' | 'rival' | 'bravoTwo', number> = { captain: 0, driver: 0, third: 0, rival: 0, bravoTwo: 0 };
  let event: LeagueEvent;
  let race1: number;
  let race2: number;
  const open = socketsClosedAfterEach();

  const path = (raceId: number, teamId?: number, eventId = event.id) => `/api/events/${eventId}/races/${raceId}/lineups${teamId ? `/${teamId}` : ''}`;
  const lineups = async (raceId: number, as: CookieJar) => {
    const response = await t.request(path(raceId), { as });
    expect(response.status).toBe(200);
    return ((await response.json()) as RaceLineupsDto).lineups;
  };
  const setLineup = (raceId: number, teamId: number, profileIds: unknown[], as: CookieJar | undefined) =>
    t.request(path(raceId, teamId), { method: 'PUT', as, json: { profileIds } });
  const reset = (raceId: number, teamId: number, as: CookieJar | undefined) => t.request(path(raceId, teamId), { method: 'DELETE', as });
  const driversOf = (lineup: RaceLineupDto | undefined) => lineup?.drivers.map((d) => d.profileId);
  const enter = async (teamId: number, profileIds: number[], as: CookieJar) => {
    const response = await t.request(`/api/events/${event.id}/attendance/team`, { method: 'POST', as, json: { teamId, profileIds } });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    const em = t.em();
    await newMember(em, 'organizer');
    const cap = await newMember(em, 'captain');
    alpha = cap.team!;
    await em.nativeUpdate(Team, { id: alpha.id }, { name: 'Alpha Racing' });
    alpha.name = 'Alpha Racing';
    const dri = await newMember(em, 'driver');
    const third = await newDriver(em);
    await joinTeam(em, alpha, dri.user);
    await joinTeam(em, alpha, third.user);
    // The steward's account is the captain of another team here.
    const riv = await newMember(em, 'steward', { roles: ['TEAM_CAPTAIN', 'TEAM'] });
    const bravoTwo = await newDriver(em);
    bravo = await newTeam(em, { name: 'Bravo Motorsport', captain: riv.user, members: [bravoTwo.user] });
    Object.assign(p, { captain: cap.profile.id, driver: dri.profile.id, third: third.profile.id, rival: riv.profile.id, bravoTwo: bravoTwo.profile.id });
    [organizer, captain, rival, driver] = await Promise.all([t.signIn('organizer'), t.signIn('captain'), t.signIn('steward'), t.signIn('driver')]);

    event = await newEvent(em, { name: 'Relay Cup', competitionStyle: 'TEAM' });
    await em.nativeUpdate(LeagueEvent, { id: event.id }, { teamSizeMin: 2, teamSizeMax: 3, lineupLockMinutes: 60 });
    const [first] = await em.find(Race, { raceEvent: { event: event.id } });
    race1 = first.id;
    const block = await em.findOneOrFail(RaceEvent, { event: event.id });
    const second = em.create(Race, { raceEvent: block, position: 1, raceEventType: 'FEATURE', laps: 20 });
    await em.persist(second).flush();
    race2 = second.id;
    await enter(alpha.id, [p.captain, p.driver, p.third], captain);
    await enter(bravo.id, [p.rival, p.bravoTwo], rival);
  });
  afterAll(() => t.close());

  it('shows organizers every entered team with its event entry as the line-up of each race; a captain sees only their own team', async () => {
    for (const raceId of [race1, race2]) {
      const all = await lineups(raceId, organizer);
      expect(all.map(({ teamName, source }) => ({ teamName, source }))).toEqual([
        { teamName: 'Alpha Racing', source: 'EVENT' },
        { teamName: 'Bravo Motorsport', source: 'EVENT' },
      ]);
      expect(driversOf(all[0])).toEqual([p.captain, p.driver, p.third]);
      expect(all[0].entered.map((d) => d.profileId)).toEqual([p.captain, p.driver, p.third]);
      expect(driversOf(all[1])).toEqual([p.rival, p.bravoTwo]);
    }
    expect((await lineups(race1, captain)).map((lineup) => lineup.teamId)).toEqual([alpha.id]);
    expect((await lineups(race1, rival)).map((lineup) => lineup.teamId)).toEqual([bravo.id]);
  });

  it('refuses visitors (401), drivers who captain no team (403), unknown or unpublished events and races of other events (404), bad ids (400)', async () => {
    expect((await t.request(path(race1))).status).toBe(401);
    expect((await setLineup(race1, alpha.id, [p.captain, p.driver], undefined)).status).toBe(401);
    expect((await reset(race1, alpha.id, undefined)).status).toBe(401);

    const refused = await t.request(path(race1), { as: driver });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Only organizers and team captains see race line-ups');
    const notCaptain = await setLineup(race1, alpha.id, [p.captain, p.driver], driver);
    expect(notCaptain.status).toBe(403);
    expect((await notCaptain.json()).message).toBe(`Only organizers and the captain of team ${alpha.id} change its line-ups`);
    expect((await reset(race1, alpha.id, driver)).status).toBe(403);

    const other = await newEvent(t.em(), { competitionStyle: 'TEAM' });
    const [otherRace] = await t.em().find(Race, { raceEvent: { event: other.id } });
    const elsewhere = await t.request(path(otherRace.id), { as: organizer });
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json()).message).toBe(`Race ${otherRace.id} is not a race of event ${event.id}`);
    expect((await t.request(path(race1, undefined, 999999), { as: organizer })).status).toBe(404);
    expect((await setLineup(race1, 999999, [p.captain, p.driver], organizer)).status).toBe(404);
    const hidden = await newEvent(t.em(), { competitionStyle: 'TEAM', published: false });
    const [hiddenRace] = await t.em().find(Race, { raceEvent: { event: hidden.id } });
    expect((await t.request(path(hiddenRace.id, undefined, hidden.id), { as: captain })).status).toBe(404);
    expect((await t.request(path(hiddenRace.id, undefined, hidden.id), { as: organizer })).status).toBe(200);

    const bad = await t.request(`/api/events/${event.id}/races/x/lineups/${alpha.id}`, { method: 'PUT', as: organizer, json: { profileIds: [p.captain] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toHaveProperty('race');
  });

  it('lets a captain set their own team’s line-up for one race, within the team size and among its entered drivers', async () => {
    const set = await setLineup(race1, alpha.id, [p.captain, p.driver], captain);
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ teamId: alpha.id, source: 'RACE', drivers: [{ profileId: p.captain }, { profileId: p.driver }] });
    const race1Lineups = await lineups(race1, organizer);
    expect(race1Lineups.map((lineup) => [lineup.source, driversOf(lineup)])).toEqual([
      ['RACE', [p.captain, p.driver]],
      ['EVENT', [p.rival, p.bravoTwo]],
    ]);
    // The other race keeps the event entry.
    expect((await lineups(race2, captain)).map((lineup) => [lineup.source, driversOf(lineup)])).toEqual([['EVENT', [p.captain, p.driver, p.third]]]);

    const alone = await setLineup(race1, alpha.id, [p.third], captain);
    expect(alone.status).toBe(409);
    expect((await alone.json()).message).toBe('A team races this event with 2 to 3 drivers: you chose 1');
    const outsider = await setLineup(race1, alpha.id, [p.captain, p.bravoTwo], captain);
    expect(outsider.status).toBe(400);
    expect((await outsider.json()).errors).toEqual({ 'profileIds.1': [`driver ${p.bravoTwo} is not entered in this event for Alpha Racing`] });
    const empty = await setLineup(race1, alpha.id, [], captain);
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual({ profileIds: ['profileIds must name at least one driver (remove the race line-up to race with the event entry)'] });
    expect((await setLineup(race1, alpha.id, [p.captain, p.captain], captain)).status).toBe(400);
    expect((await setLineup(race1, alpha.id, ['one'], captain)).status).toBe(400);

    // Another team's captain changes neither Alpha's line-up nor theirs with Alpha's drivers.
    const poached = await setLineup(race1, alpha.id, [p.captain, p.driver], rival);
    expect(poached.status).toBe(403);
    expect((await reset(race1, alpha.id, rival)).status).toBe(403);
    expect((await setLineup(race1, bravo.id, [p.rival, p.third], rival)).status).toBe(400);
    expect(driversOf((await lineups(race1, captain))[0])).toEqual([p.captain, p.driver]);

    const unentered = await newTeam(t.em(), { name: 'Charlie Works' });
    const notEntered = await setLineup(race1, unentered.id, [p.captain, p.driver], organizer);
    expect(notEntered.status).toBe(409);
    expect((await notEntered.json()).message).toBe(`Team ${unentered.id} is not entered in this event: enter the team before setting a race line-up`);

    const solo = await newEvent(t.em(), { competitionStyle: 'SOLO' });
    const [soloRace] = await t.em().find(Race, { raceEvent: { event: solo.id } });
    const soloSet = await t.request(path(soloRace.id, alpha.id, solo.id), { method: 'PUT', as: organizer, json: { profileIds: [p.captain] } });
    expect(soloSet.status).toBe(409);
    expect((await soloSet.json()).message).toBe('This is a solo event: it has no team line-ups');
    expect(await (await t.request(path(soloRace.id, undefined, solo.id), { as: organizer })).json()).toEqual({ eventId: solo.id, raceId: soloRace.id, lineups: [] });
  });

  it('locks captains out after the line-up lock (409) while organizers adjust and reset at any time, below the smallest team too', async () => {
    await t.em().nativeUpdate(LeagueEvent, { id: event.id }, { startsAt: new Date(Date.now() + 30 * MINUTE) });
    try {
      const locked = await setLineup(race2, alpha.id, [p.driver, p.third], captain);
      expect(locked.status).toBe(409);
      expect((await locked.json()).message).toMatch(/^Line-ups locked at .* UTC \(60 minutes before the start\): ask an organizer$/);
      expect((await reset(race1, alpha.id, captain)).status).toBe(409);

      const adjusted = await setLineup(race2, alpha.id, [p.third], organizer);
      expect(adjusted.status).toBe(200);
      expect(await adjusted.json()).toMatchObject({ source: 'RACE', drivers: [{ profileId: p.third }] });
      expect((await reset(race1, alpha.id, organizer)).status).toBe(204);
      expect((await lineups(race1, organizer))[0]).toMatchObject({ source: 'EVENT' });
      expect(driversOf((await lineups(race1, organizer))[0])).toEqual([p.captain, p.driver, p.third]);
      // Nothing left to remove is no error.
      expect((await reset(race1, alpha.id, organizer)).status).toBe(204);

      await t.em().nativeUpdate(LeagueEvent, { id: event.id }, { startsAt: new Date(Date.now() - MINUTE) });
      const started = await setLineup(race2, alpha.id, [p.driver, p.third], captain);
      expect(started.status).toBe(409);
      expect((await started.json()).message).toBe('The event has started: line-ups are closed');
    } finally {
      await t.em().nativeUpdate(LeagueEvent, { id: event.id }, { startsAt: new Date(Date.now() + 7 * 24 * 60 * MINUTE) });
      await t.em().nativeDelete(RaceLineup, {});
    }
  });

  it('drops a driver from the race line-ups when they leave the team’s entry; an emptied line-up falls back to the event entry', async () => {
    expect((await setLineup(race1, alpha.id, [p.captain, p.third], captain)).status).toBe(200);
    expect((await setLineup(race2, alpha.id, [p.third], organizer)).status).toBe(200);
    await enter(alpha.id, [p.captain, p.driver], captain);

    const [race1Alpha] = await lineups(race1, captain);
    expect(race1Alpha).toMatchObject({ source: 'RACE' });
    expect(driversOf(race1Alpha)).toEqual([p.captain]);
    const [race2Alpha] = await lineups(race2, captain);
    expect(race2Alpha).toMatchObject({ source: 'EVENT' });
    expect(driversOf(race2Alpha)).toEqual([p.captain, p.driver]);
    expect(await t.em().count(RaceLineup, { profile: p.third })).toBe(0);

    // The whole team withdrawn: no line-ups of it remain.
    await enter(alpha.id, [], captain);
    expect(await t.em().count(RaceLineup, { team: alpha.id })).toBe(0);
    expect((await lineups(race1, organizer)).map((lineup) => lineup.teamId)).toEqual([bravo.id]);
    await enter(alpha.id, [p.captain, p.driver, p.third], captain);
  });

  it('tells the event’s open pages when a race line-up changes', async () => {
    // Earlier changes' messages are out first, so the ones awaited below are this test's.
    await t.settled();
    const page = await open(t.baseUrl, { as: organizer });
    await subscribe(page, `event:${event.id}`);
    const changed = nextMessage(page, 'event.attendance.changed', (message) => message.eventId === event.id);
    expect((await setLineup(race2, bravo.id, [p.rival, p.bravoTwo], rival)).status).toBe(200);
    await changed;
    const reverted = nextMessage(page, 'event.attendance.changed', (message) => message.eventId === event.id);
    expect((await reset(race2, bravo.id, rival)).status).toBe(204);
    await reverted;
  });
  it('tells each driver of a race line-up set for them in their notification centre', async () => {
    expect((await setLineup(race1, alpha.id, [p.captain, p.third], captain)).status).toBe(200);
    await t.settled();
    const third = await t.em().findOneOrFail(DriverProfile, p.third);
    // Earlier tests' line-ups told them too: the newest is this one.
    const told = await t.em().find(Notification, { user: third.user.id, kind: 'lineup-set' }, { orderBy: { id: 'desc' }, limit: 1 });
    expect(told.map((row) => ({ title: row.title, link: row.link }))).toEqual([
      { title: expect.stringMatching(/^You race Relay Cup, race 1.* for Alpha Racing$/), link: `/events/${event.id}` },
    ]);
    expect((await reset(race1, alpha.id, captain)).status).toBe(204);
  });
});
