import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { RaceResultLine } from '../../backend/src/contracts/competitions.js';
import type { SeasonResultsDto, StatsSummaryDto } from '../../backend/src/contracts/profiles.js';
import { ReadCache } from '../../backend/src/infra/read-cache/read-cache.js';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { Competition, Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { DRIVER_RECORD_READS } from '../../backend/src/modules/competitions/driver-record.service.js';
import { LeagueEvent, Race } from '../../backend/src/modules/events/event.entities.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { newGameWithTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newDriver, newMember } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, socketsClosedAfterEach } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 3600 * 1000;

/** A driver's results and stats on their public profile: computed from the latest result revisions and the stored standings, live after every save. */
describe('competitions: a driver’s results and stats', () => {
  let t: TestApp;
  let organizer: CookieJar;
  let owner: CookieJar;
  let game: Game;
  let gp: TrackVariant;
  let competition: Competition;
  let season: Season;
  /** drivers[0] is the signed-in `driver` persona (the owner of their profile). */
  let drivers: DriverProfile[];
  let first: { event: LeagueEvent; raceId: number };
  let second: { event: LeagueEvent; raceId: number; sprintId: number };
  const open = socketsClosedAfterEach();

  const line = (profile: DriverProfile, position: number, more: Partial<RaceResultLine> = {}): RaceResultLine => ({
    profileId: profile.id,
    position,
    status: 'FINISHED',
    laps: 10,
    ...more,
  });
  const save = async (of: Season, eventId: number, raceId: number, results: RaceResultLine[]) => {
    const response = await t.request(`/api/seasons/${of.id}/events/${eventId}/results/${raceId}`, { method: 'PUT', as: organizer, json: { results } });
    expect(response.status).toBe(200);
  };
  const read = async <T>(path: string, as?: CookieJar): Promise<T> => {
    const response = await t.request(`/api/profile${path}`, { as });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const stats = (profile: DriverProfile, as?: CookieJar) => read<StatsSummaryDto>(`/${profile.id}/stats-summary`, as);
  const results = (profile: DriverProfile, as?: CookieJar) => read<SeasonResultsDto[]>(`/${profile.id}/results`, as);
  /** A published round of the season `days` ago with one RACE. */
  const newRound = async (of: Season, days: number) => {
    const event = await newEvent(t.em(), { game, track: gp, startsAt: new Date(Date.now() - days * DAY) });
    await t.em().nativeUpdate(LeagueEvent, event.id, { season: of.id });
    const loaded = await t.em().findOneOrFail(LeagueEvent, event.id, { populate: ['raceEvents.races'] });
    return { event: loaded, raceId: loaded.raceEvents.getItems()[0].races.getItems()[0].id };
  };

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    const driverMember = await newMember(t.em(), 'driver');
    [organizer, owner] = [await t.signIn('organizer'), await t.signIn('driver')];
    ({ game, gp } = await newGameWithTrack(t.em(), ['PC']));
    competition = await newCompetition(t.em(), { game, name: 'Profile Stats Cup' });
    season = await newSeason(t.em(), competition, { name: 'Stats Season 1' });
    drivers = [driverMember.profile];
    for (let i = 0; i < 3; i += 1) drivers.push((await newDriver(t.em())).profile);
    first = await newRound(season, 14);
    const round2 = await newRound(season, 7);
    // The second round also has a sprint: it adds points, not starts or wins.
    const em = t.em();
    const sprint = em.create(Race, { raceEvent: round2.event.raceEvents.getItems()[0], position: 1, raceEventType: 'SPRINT', trackVariant: gp, laps: 5 });
    await em.persist(sprint).flush();
    second = { ...round2, sprintId: sprint.id };
  });
  afterAll(() => t.close());

  it('are empty before any results, and 404/400 for an unknown driver or a bad id', async () => {
    expect(await results(drivers[1])).toEqual([]);
    expect(await stats(drivers[1])).toEqual({ profileId: drivers[1].id, starts: 0, wins: 0, podiums: 0, poles: 0, fastestLaps: 0, dnfs: 0, averageFinish: null, points: 0 });
    expect((await t.request('/api/profile/999999/results')).status).toBe(404);
    expect((await t.request('/api/profile/999999/stats-summary')).status).toBe(404);
    expect((await t.request('/api/profile/abc/stats-summary')).status).toBe(400);
  });

  it('count wins, podiums, poles, fastest laps, DNFs, average finish and points after two races, and a socket hears which drivers changed', async () => {
    const [a, b, c, d] = drivers;
    const watcher = await open(t.baseUrl);
    const told = nextMessage(watcher, 'driver.results.changed', (message) => [a, b, c, d].every((each) => message.profileIds.includes(each.id)), 15_000);
    await save(season, first.event.id, first.raceId, [line(a, 1, { pole: true, fastestLap: true }), line(b, 2), line(c, 3), line(d, 4, { status: 'DNF', laps: 6 })]);
    await save(season, second.event.id, second.raceId, [line(b, 1, { pole: true }), line(a, 2, { fastestLap: true }), line(c, 3, { status: 'DNF', laps: 3 }), line(d, 4)]);
    await save(season, second.event.id, second.sprintId, [line(a, 1, { fastestLap: true }), line(b, 2)]);
    await told;
    await t.settled(15_000);

    expect(await stats(a)).toEqual({ profileId: a.id, starts: 2, wins: 1, podiums: 2, poles: 1, fastestLaps: 2, dnfs: 0, averageFinish: 1.5, points: 25 + 18 + 8 });
    expect(await stats(b)).toEqual({ profileId: b.id, starts: 2, wins: 1, podiums: 2, poles: 1, fastestLaps: 0, dnfs: 0, averageFinish: 1.5, points: 18 + 25 + 7 });
    expect(await stats(c)).toEqual({ profileId: c.id, starts: 2, wins: 0, podiums: 1, poles: 0, fastestLaps: 0, dnfs: 1, averageFinish: 3, points: 15 });
    expect(await stats(d)).toEqual({ profileId: d.id, starts: 2, wins: 0, podiums: 0, poles: 0, fastestLaps: 0, dnfs: 1, averageFinish: 4, points: 12 });

    expect(await results(a)).toEqual([
      {
        seasonId: season.id,
        seasonName: 'Stats Season 1',
        competitionName: 'Profile Stats Cup',
        results: [
          { eventId: first.event.id, eventName: first.event.name, date: first.event.startsAt.toISOString(), position: 1, points: 25, coDrivers: [] },
          { eventId: second.event.id, eventName: second.event.name, date: second.event.startsAt.toISOString(), position: 2, points: 18 + 8, coDrivers: [] },
        ],
      },
    ]);
    // A DNF has no finishing position; its line paid nothing.
    expect((await results(c))[0].results.map((round) => [round.position, round.points])).toEqual([
      [3, 15],
      [null, 0],
    ]);
  });

  it('follow a revision that corrects a result', async () => {
    const [a, b, c, d] = drivers;
    const watcher = await open(t.baseUrl);
    const told = nextMessage(watcher, 'driver.results.changed', (message) => message.profileIds.includes(a.id), 15_000);
    await save(season, second.event.id, second.raceId, [line(a, 1, { fastestLap: true }), line(b, 2, { pole: true }), line(c, 3, { status: 'DNF', laps: 3 }), line(d, 4)]);
    await told;
    await t.settled(15_000);
    expect(await stats(a)).toMatchObject({ wins: 2, podiums: 2, averageFinish: 1, points: 25 + 25 + 8 });
    expect(await stats(b)).toMatchObject({ wins: 0, podiums: 2, averageFinish: 2, points: 18 + 18 + 7 });
    expect((await results(a))[0].results.map((round) => [round.position, round.points])).toEqual([
      [1, 25],
      [1, 25 + 8],
    ]);
  });

  it("of a shared car count for each of its drivers, co-drivers too, and name the car's other drivers (REST and GraphQL)", async () => {
    const of = await newSeason(t.em(), competition, { name: 'Endurance Season' });
    const round = await newRound(of, 3);
    const [lead, second, third] = [(await newDriver(t.em())).profile, (await newDriver(t.em())).profile, (await newDriver(t.em())).profile];
    const named = (profile: DriverProfile) => ({ profileId: profile.id, driverName: `[ ${profile.driverNumber} ] - ${profile.name}` });
    await save(of, round.event.id, round.raceId, [
      line(lead, 1, { pole: true, coDrivers: [{ profileId: second.id }, { profileId: null, name: 'Guest Gunnar' }] }),
      line(third, 2),
    ]);
    await t.settled(15_000);

    // The co-driver raced and won: the record counts it as the car's driver's.
    expect(await stats(second)).toMatchObject({ starts: 1, wins: 1, podiums: 1, poles: 1, points: 25 });
    expect(await results(second)).toEqual([
      {
        seasonId: of.id,
        seasonName: 'Endurance Season',
        competitionName: 'Profile Stats Cup',
        results: [
          {
            eventId: round.event.id,
            eventName: round.event.name,
            date: round.event.startsAt.toISOString(),
            position: 1,
            points: 25,
            coDrivers: [named(lead), { profileId: null, driverName: 'Guest Gunnar' }],
          },
        ],
      },
    ]);
    expect((await results(lead))[0].results[0].coDrivers).toEqual([named(second), { profileId: null, driverName: 'Guest Gunnar' }]);
    expect((await results(third))[0].results[0].coDrivers).toEqual([]);

    const query = `{ profile(id: ${second.id}) { results { seasonId results { eventId position points coDrivers { profileId driverName } } } } }`;
    const graphql = await t.request('/api/graphql', { method: 'POST', json: { query } });
    expect(((await graphql.json()) as { data: { profile: { results: SeasonResultsDto[] } } }).data.profile.results).toEqual([
      { seasonId: of.id, results: [{ eventId: round.event.id, position: 1, points: 25, coDrivers: [named(lead), { profileId: null, driverName: 'Guest Gunnar' }] }] },
    ]);
  });

  it('of a hidden profile show nothing to a visitor; its owner and organizers still see them', async () => {
    const [a] = drivers;
    expect((await t.request('/api/profile/account', { method: 'PATCH', as: owner, json: { hidden: true } })).status).toBe(200);
    await t.settled(15_000);
    try {
      expect(await results(a)).toEqual([]);
      expect(await stats(a)).toEqual({ profileId: a.id, starts: 0, wins: 0, podiums: 0, poles: 0, fastestLaps: 0, dnfs: 0, averageFinish: null, points: 0 });
      for (const as of [owner, organizer]) {
        expect(await stats(a, as)).toMatchObject({ starts: 2, wins: 2 });
        expect(await results(a, as)).toHaveLength(1);
      }
    } finally {
      await t.request('/api/profile/account', { method: 'PATCH', as: owner, json: { hidden: false } });
      await t.settled(15_000);
    }
  });

  it('are read in as many queries for a driver in one season as for one in four (no query per season or result)', async () => {
    const veteran = (await newDriver(t.em())).profile;
    const rookie = (await newDriver(t.em())).profile;
    const other = (await newDriver(t.em())).profile;
    for (let s = 0; s < 4; s += 1) {
      const of = await newSeason(t.em(), competition);
      for (let r = 0; r < 2; r += 1) {
        const round = await newRound(of, 60 - s * 10 - r);
        await save(of, round.event.id, round.raceId, s === 0 && r === 0 ? [line(veteran, 1), line(rookie, 2)] : [line(veteran, r + 1), line(other, 2 - r)]);
      }
    }
    await t.settled(20_000);
    const connection = t.app.get(MikroORM).em.getConnection();
    const execute = jest.spyOn(connection, 'execute');
    const queriesFor = async (url: string) => {
      await t.app.get(ReadCache).invalidate([DRIVER_RECORD_READS.name]);
      execute.mockClear();
      expect((await t.request(url)).status).toBe(200);
      // The outbox relay polls on the same connection; its queries are not the request's.
      return execute.mock.calls.filter(([sql]) => !/outbox_events|pg_try_advisory_xact_lock/.test(String(sql))).length;
    };
    try {
      for (const read of ['results', 'stats-summary']) {
        const few = await queriesFor(`/api/profile/${rookie.id}/${read}`);
        expect(few).toBeGreaterThan(0);
        expect(await queriesFor(`/api/profile/${veteran.id}/${read}`)).toBe(few);
      }
    } finally {
      execute.mockRestore();
    }
    const seasons = await results(veteran);
    expect(seasons).toHaveLength(4);
    expect(seasons.flatMap((each) => each.results)).toHaveLength(8);
    expect(await stats(veteran)).toMatchObject({ starts: 8, wins: 4, podiums: 8 });
  });
});
