import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RaceResultLine, RaceResultsDto, ResultImportDto, ResultRevisionDto, SeasonDto, StandingsDto } from '../../backend/src/contracts/competitions.js';
import type { EventDetailsDto } from '../../backend/src/contracts/events.js';
import { demoAccount } from '../../backend/src/infra/discord/demo-accounts.js';
import { ReadCache } from '../../backend/src/infra/read-cache/read-cache.js';
import { ScheduledJobs } from '../../backend/src/infra/scheduling/scheduled-jobs.js';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { COMPETITION_READS } from '../../backend/src/modules/competitions/competitions.reads.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import type { Team } from '../../backend/src/modules/teams/team.entity.js';
import { newGame, newGameWithTrack, newTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason, pointsSystem } from '../factories/competitions.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { eventually } from '../support/eventually.js';
import { newTeam } from '../factories/teams.js';
import { newDriver } from '../factories/users.js';
import { multipart } from '../factories/uploads.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, socketsClosedAfterEach, subscribe } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { json } from '../support/responses.js';

const DAY = 24 * 3600 * 1000;
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/results', name));

/** Results of a season's races: organizers save them as revisions (entered, imported, reverted); the worker recomputes and pushes the standings. */
describe('competitions: results, revisions, standings', () => {
  let t: TestApp;
  let organizer: CookieJar;
  let driver: CookieJar;
  let game: Game;
  let gp: TrackVariant;
  let indy: TrackVariant;
  let season: Season;
  let round: LeagueEvent;
  let raceId: number;
  let drivers: DriverProfile[];
  let team: Team;
  const open = socketsClosedAfterEach();

  const resultsPath = (raceOf = raceId, eventId = round.id, seasonId = season.id) => `/api/seasons/${seasonId}/events/${eventId}/results/${raceOf}`;
  const line = (profile: DriverProfile, position: number, more: Partial<RaceResultLine> = {}): RaceResultLine => ({
    profileId: profile.id,
    position,
    status: 'FINISHED',
    laps: 10,
    totalTimeMs: 1_200_000 + position * 1000,
    bestLapMs: 90_000 + position,
    ...more,
  });
  const save = (results: RaceResultLine[], at = resultsPath(), as: CookieJar | null = organizer) => t.request(at, { method: 'PUT', as: as ?? undefined, json: { results } });
  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return ((await response.json()) as { errors: Record<string, string[]> }).errors;
  };
  /** A race of a new round of the season (a RACE of 10 laps), published unless told. */
  const newRound = async (of: Season, days: number, published = true) => {
    const event = await newEvent(t.em(), { game, track: gp, startsAt: new Date(Date.now() - days * DAY), published });
    await t.em().nativeUpdate(LeagueEvent, event.id, { season: of.id });
    const loaded = await t.em().findOneOrFail(LeagueEvent, event.id, { populate: ['raceEvents.races'] });
    return { event: loaded, raceId: loaded.raceEvents.getItems()[0].races.getItems()[0].id };
  };

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    [organizer, driver] = [await t.signIn('organizer'), await t.signIn('driver')];
    ({ game, gp, indy } = await newGameWithTrack(t.em(), ['PC']));
    season = await newSeason(t.em(), await newCompetition(t.em(), { game }));
    ({ event: round, raceId } = await newRound(season, 7));
    drivers = [];
    for (let i = 0; i < 4; i += 1) drivers.push((await newDriver(t.em())).profile);
    team = await newTeam(t.em());
    await newAttendance(t.em(), round, drivers[0], team);
  });
  afterAll(() => t.close());

  it('refuses result changes and history to visitors (401) and drivers (403); everyone reads the latest results', async () => {
    for (const as of [null, driver]) {
      const status = as ? 403 : 401;
      const caller = as ?? undefined;
      expect((await save([line(drivers[0], 1)], resultsPath(), as)).status).toBe(status);
      expect((await t.request(`${resultsPath()}/revisions`, { as: caller })).status).toBe(status);
      expect((await t.request(`${resultsPath()}/revisions/1`, { as: caller })).status).toBe(status);
      expect((await t.request(`${resultsPath()}/revisions/1/revert`, { method: 'POST', as: caller })).status).toBe(status);
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(fixture('ac-race.json'))]), 'race.json');
      expect((await t.request(`${resultsPath()}/import`, { method: 'POST', as: caller, body: form })).status).toBe(status);
    }
    expect(await json<RaceResultsDto>(await t.request(resultsPath()))).toEqual({ raceId, revision: null, results: [], qualifying: null });
  });

  it('saves a classification as revision 1, read back by everyone; a line takes its driver’s team in the event unless given', async () => {
    const saved = await json<RaceResultsDto>(
      await save([
        line(drivers[0], 1, { pole: true, fastestLap: true }),
        line(drivers[1], 2, { teamId: null }),
        line(drivers[2], 3, { status: 'DNF', laps: 6, totalTimeMs: null }),
      ]),
    );
    expect(saved.revision).toBe(1);
    expect(saved.results.map((each) => [each.profileId, each.position, each.status, each.laps, each.teamId, each.teamName, each.pole, each.fastestLap])).toEqual([
      [drivers[0].id, 1, 'FINISHED', 10, team.id, team.name, true, true],
      [drivers[1].id, 2, 'FINISHED', 10, null, null, false, false],
      [drivers[2].id, 3, 'DNF', 6, null, null, false, false],
    ]);
    expect(saved.results[0]).toMatchObject({
      driverNumber: drivers[0].driverNumber,
      driverName: `[ ${drivers[0].driverNumber} ] - ${drivers[0].name}`,
      totalTimeMs: 1_201_000,
      bestLapMs: 90_001,
    });
    expect(await json<RaceResultsDto>(await t.request(resultsPath()))).toMatchObject({
      raceId,
      revision: 1,
      results: saved.results.map(({ points: _points, ...rest }) => rest),
    });
  });

  it('refuses a classification that is not whole, or of a race that is not the round’s, saying which line and why', async () => {
    const [a, b, c] = drivers;
    expect(await errorsOf(await save([line(a, 1), line(b, 3)]))).toEqual({ 'results.1.position': ['position 3 is past the last of 2 lines: positions run from 1 to 2'] });
    expect(await errorsOf(await save([line(a, 1), line(b, 1)]))).toEqual({ 'results.1.position': ['position 1 is given twice (lines 1 and 2)'] });
    expect(await errorsOf(await save([line(a, 1), line(a, 2)]))).toEqual({ 'results.1.profileId': [`driver profile ${a.id} is in the results twice (lines 1 and 2)`] });
    expect(await errorsOf(await save([line(a, 1), { ...line(b, 2), profileId: 999_999 }]))).toEqual({ 'results.1.profileId': ['driver profile 999999 does not exist'] });
    expect(await errorsOf(await save([line(a, 1, { teamId: 999_999 })]))).toEqual({ 'results.0.teamId': ['team 999999 does not exist'] });
    expect(await errorsOf(await save([line(a, 1, { fastestLap: true }), line(b, 2), line(c, 3, { fastestLap: true })]))).toEqual({
      'results.2.fastestLap': ['only one driver can have the fastest lap (lines 1 and 3)'],
    });
    expect(Object.keys(await errorsOf(await save([{ ...line(a, 0), status: 'RETIRED' as 'DNF', laps: -1 }]))).sort()).toEqual([
      'results.0.laps',
      'results.0.position',
      'results.0.status',
    ]);
    const other = await newEvent(t.em(), { game, track: gp });
    const otherRace = (await t.em().findOneOrFail(LeagueEvent, other.id, { populate: ['raceEvents.races'] })).raceEvents.getItems()[0].races.getItems()[0].id;
    const notOfEvent = await save([line(a, 1)], resultsPath(otherRace));
    expect(notOfEvent.status).toBe(404);
    expect(((await notOfEvent.json()) as { message: string }).message).toBe(`Race ${otherRace} is not a race of event ${round.id}`);
    const notOfSeason = await save([line(a, 1)], resultsPath(otherRace, other.id));
    expect(notOfSeason.status).toBe(404);
    expect(((await notOfSeason.json()) as { message: string }).message).toBe(`Event ${other.id} is not a round of season ${season.id}`);
    expect((await save([line(a, 1)], resultsPath(raceId, round.id, 999_999))).status).toBe(404);
    // Nothing of these was saved.
    expect((await json<RaceResultsDto>(await t.request(resultsPath()))).revision).toBe(1);
  });

  it('keeps every save as a revision: the history newest first, any revision to compare, and revert as a new revision', async () => {
    const [a, b, c] = drivers;
    const second = await json<RaceResultsDto>(await save([line(b, 1), line(a, 2), line(c, 3)]));
    expect(second.revision).toBe(2);
    const history = await json<ResultRevisionDto[]>(await t.request(`${resultsPath()}/revisions`, { as: organizer }));
    expect(history.map(({ revision, note, lines, author }) => ({ revision, note, lines, author: author.name }))).toEqual([
      { revision: 2, note: 'saved', lines: 3, author: demoAccount('organizer').globalName },
      { revision: 1, note: 'saved', lines: 3, author: demoAccount('organizer').globalName },
    ]);
    const first = await json<RaceResultsDto>(await t.request(`${resultsPath()}/revisions/1`, { as: organizer }));
    expect(first.revision).toBe(1);
    expect(first.results.map((each) => each.profileId)).toEqual([a.id, b.id, c.id]);
    expect((await t.request(`${resultsPath()}/revisions/9`, { as: organizer })).status).toBe(404);

    const reverted = await json<RaceResultsDto>(await t.request(`${resultsPath()}/revisions/1/revert`, { method: 'POST', as: organizer }));
    expect(reverted.revision).toBe(3);
    const strip = (results: RaceResultsDto) => results.results.map(({ points: _points, ...rest }) => rest);
    expect(strip(reverted)).toEqual(strip(first));
    const after = await json<ResultRevisionDto[]>(await t.request(`${resultsPath()}/revisions`, { as: organizer }));
    expect(after.map(({ revision, note }) => [revision, note])).toEqual([
      [3, 'reverted to revision 1'],
      [2, 'saved'],
      [1, 'saved'],
    ]);
    expect((await t.request(`${resultsPath()}/revisions/7/revert`, { method: 'POST', as: organizer })).status).toBe(404);
  });

  describe('import from a server result file', () => {
    let importRaceId: number;
    let importRound: LeagueEvent;
    let importSeason: Season;
    let lando: DriverProfile;
    let sam: DriverProfile;
    const importPath = () => `${resultsPath(importRaceId, importRound.id, importSeason.id)}/import`;
    const upload = (name: string, mapping?: unknown, bytes = fixture(name)) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)]), name);
      if (mapping !== undefined) form.set('mapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping));
      return t.request(importPath(), { method: 'POST', as: organizer, body: form });
    };
    const revisionsOf = async () =>
      (await json<ResultRevisionDto[]>(await t.request(`${resultsPath(importRaceId, importRound.id, importSeason.id)}/revisions`, { as: organizer }))).length;

    beforeAll(async () => {
      // The files are ACC at Monza: so is the race (a file of another game or track is refused).
      const em = t.em();
      const acc = await newGame(em, { name: 'Assetto Corsa Competizione', platforms: ['PC'] });
      const monza = (await newTrack(em, acc, { name: 'Monza', country: 'IT' })).variants[0];
      importSeason = await newSeason(em, await newCompetition(em, { game: acc }));
      const event = await newEvent(em, { game: acc, track: monza, startsAt: new Date(Date.now() - 6 * DAY) });
      await em.nativeUpdate(LeagueEvent, event.id, { season: importSeason.id });
      importRound = await em.findOneOrFail(LeagueEvent, event.id, { populate: ['raceEvents.races'] });
      importRaceId = importRound.raceEvents.getItems()[0].races.getItems()[0].id;
      lando = (await newDriver(em, { profile: { steamId: '76561198012345671' } })).profile;
      await newDriver(em, { profile: { steamId: '76561198023456782' } });
      await newDriver(em, { profile: { name: null, alternativeName: 'Chloe Durand' } });
      await newDriver(em, { profile: { name: 'Tom Baker' } });
      await newDriver(em, { profile: { name: 'Ravi Patel' } });
      sam = (await newDriver(em, { profile: { name: 'Samuel Oneill' } })).profile;
    });

    it('saves nothing while a line has no driver, and answers the lines to map', async () => {
      const answer = await json<ResultImportDto>(await upload('acc-race.utf16le.json'));
      expect(answer).toEqual({
        results: null,
        unmatched: [{ line: 5, key: '5', position: 6, name: "Sam O'Neill", platformId: '76561198067890126', raceNumber: 31, teamName: null }],
        unchanged: false,
      });
      expect(await revisionsOf()).toBe(0);
    });

    it('saves the file as a revision once the organizer maps the rest, in the file’s order', async () => {
      const answer = await json<ResultImportDto>(await upload('acc-race.utf16le.json', { 5: sam.id }));
      expect(answer.unmatched).toEqual([]);
      expect(answer.results?.revision).toBe(1);
      expect(answer.results?.results.map((each) => [each.position, each.status, each.laps])).toEqual([
        [1, 'FINISHED', 14],
        [2, 'FINISHED', 14],
        [3, 'FINISHED', 14],
        [4, 'FINISHED', 13],
        [5, 'DNF', 8],
        [6, 'DNS', 0],
      ]);
      expect(answer.results?.results[0]).toMatchObject({ profileId: lando.id, totalTimeMs: 1532845, bestLapMs: 108412 });
      expect(answer.results?.results[5].profileId).toBe(sam.id);
      expect(answer.results?.results.filter((each) => each.fastestLap)).toHaveLength(1);
      const [latest] = await json<ResultRevisionDto[]>(await t.request(`${resultsPath(importRaceId, importRound.id, importSeason.id)}/revisions`, { as: organizer }));
      expect(latest).toMatchObject({ revision: 1, note: 'imported from acc-race.utf16le.json', lines: 6 });
    });

    it('refuses bad files whole (400 saying why) and bad mappings (400 naming the line), writing nothing', async () => {
      for (const name of ['garbage.bin', 'acc-race-truncated.json', 'acc-wrong-shape.json', 'empty.json', 'rf2-broken.xml']) {
        const errors = await errorsOf(await upload(name));
        expect(Object.keys(errors)).toEqual(['file']);
      }
      const none = new FormData();
      none.set('mapping', '{}');
      expect(Object.keys(await errorsOf(await t.request(importPath(), { method: 'POST', as: organizer, body: none })))).toEqual(['file']);
      expect(Object.keys(await errorsOf(await upload('acc-race.utf16le.json', '{not json')))).toEqual(['mapping']);
      expect(await errorsOf(await upload('acc-race.utf16le.json', { 99: sam.id }))).toEqual({
        'mapping.99': ['the file has no driver 99: its lines are 0 to 5 (co-drivers "<line>.<n>")'],
      });
      expect(await errorsOf(await upload('acc-race.utf16le.json', { 5: 999_999 }))).toEqual({ 'mapping.5': ['driver profile 999999 does not exist'] });
      expect(Object.keys(await errorsOf(await upload('acc-race.utf16le.json', { 5: 'sam' })))).toEqual(['mapping.5']);
      // Lando is line 0 by his Steam id: mapping him to line 5 as well makes him twice in the results.
      expect(Object.keys(await errorsOf(await upload('acc-race.utf16le.json', { 0: lando.id, 5: lando.id })))).toEqual(['mapping.5']);
      expect(await revisionsOf()).toBe(1);
    });
  });

  it('keeps race ids when the round is edited, and refuses to remove a race that has results (409)', async () => {
    const eventJson = (races: { raceEventType: string; laps: number }[][], id?: number) => ({
      ...(id ? { id } : {}),
      name: 'Double header',
      date: new Date(Date.now() + 3 * DAY).toISOString(),
      game: { id: game.id },
      platforms: ['PC'],
      seats: 20,
      competitionStyle: 'SOLO',
      carTuningRule: 'DISALLOWED',
      carUpgradeRule: 'ALLOWED',
      raceEvents: races.map((raceList, index) => ({ track: { id: index === 0 ? gp.id : indy.id }, races: raceList })),
    });
    const saveEvent = async (body: unknown) => t.request('/api/events/individual', { method: 'PUT', as: organizer, body: multipart('event', body) });
    const created = await json<EventDetailsDto>(
      await saveEvent(
        eventJson([
          [
            { raceEventType: 'SPRINT', laps: 8 },
            { raceEventType: 'RACE', laps: 16 },
          ],
          [{ raceEventType: 'RACE', laps: 20 }],
        ]),
      ),
    );
    const ids = (event: EventDetailsDto) => event.raceEvents.map((raceEvent) => [raceEvent.id, raceEvent.races.map((race) => race.id)]);
    await json(await t.request(`/api/events/${created.id}/publish?publish=true`, { as: organizer }));
    const rounds = (await t.em().find(LeagueEvent, { season: season.id })).map((event) => event.id);
    await json<SeasonDto>(await t.request(`/api/seasons/${season.id}/events`, { method: 'PUT', as: organizer, json: { eventIds: [...rounds, created.id] } }));
    const secondBlockRace = created.raceEvents[1].races[0].id;
    // The new round is still to come: its results are saved on purpose.
    await json(await save([line(drivers[0], 1)], `${resultsPath(secondBlockRace, created.id)}?confirmFuture=true`));

    const edited = await json<EventDetailsDto>(
      await saveEvent(
        eventJson(
          [
            [
              { raceEventType: 'SPRINT', laps: 9 },
              { raceEventType: 'RACE', laps: 18 },
              { raceEventType: 'FEATURE', laps: 25 },
            ],
            [{ raceEventType: 'RACE', laps: 22 }],
          ],
          created.id,
        ),
      ),
    );
    expect(ids(edited).slice(0, 1)).toEqual([[created.raceEvents[0].id, [...created.raceEvents[0].races.map((race) => race.id), expect.any(Number)]]]);
    expect(ids(edited)[1]).toEqual(ids(created)[1]);
    expect(edited.raceEvents[0].races.map((race) => race.laps)).toEqual([9, 18, 25]);
    expect((await json<RaceResultsDto>(await t.request(resultsPath(secondBlockRace, created.id)))).revision).toBe(1);

    const dropped = await saveEvent(eventJson([[{ raceEventType: 'SPRINT', laps: 9 }]], created.id));
    expect(dropped.status).toBe(409);
    expect(((await dropped.json()) as { message: string }).message).toBe('A race that has results cannot be removed from the event');
    expect(ids(await json<EventDetailsDto>(await t.request(`/api/events/${created.id}`)))).toEqual(ids(edited));
    // An event with results stays in its season.
    expect((await t.request(`/api/seasons/${season.id}/events`, { method: 'PUT', as: organizer, json: { eventIds: rounds } })).status).toBe(409);
  });

  describe('standings', () => {
    it('are recomputed by the worker after a save and pushed to everyone in the season’s room, visitors too', async () => {
      const watcher = await open(t.baseUrl);
      expect(await subscribe(watcher, `season:${season.id}`)).toEqual({ ok: true });
      const pointsIn = (standings: StandingsDto, profile: DriverProfile) =>
        standings.drivers.find((standing) => standing.profile.id === profile.id)?.rounds.find((each) => each.eventId === round.id)?.points ?? null;
      // The round's new classification: drivers[3] wins it (before, they were not in it).
      const pushed = nextMessage(watcher, 'season.standings.changed', (standings) => standings.seasonId === season.id && pointsIn(standings, drivers[3]) === 25, 15_000);
      await json(await save([line(drivers[3], 1), line(drivers[2], 2), line(drivers[1], 3), line(drivers[0], 4)]));
      const standings = await pushed;
      expect([3, 2, 1, 0].map((index) => pointsIn(standings, drivers[index]))).toEqual([25, 18, 15, 12]);
      expect(standings.drivers.find((standing) => standing.profile.id === drivers[3].id)).toMatchObject({
        points: 25,
        wins: 1,
        profile: { id: drivers[3].id, driverName: `[ ${drivers[3].driverNumber} ] - ${drivers[3].name}`, driverNumber: drivers[3].driverNumber },
      });
      const totals = standings.drivers.map((standing) => standing.points);
      expect(totals).toEqual([...totals].sort((x, y) => y - x));
      await t.settled(15_000);
      const read = await json<StandingsDto>(await t.request(`/api/seasons/${season.id}/standings`));
      expect(read.version).toBeGreaterThanOrEqual(standings.version);
      expect(read.drivers.map((each) => each.profile.id)).toEqual(standings.drivers.map((each) => each.profile.id));
      // The results read the points of the stored standings.
      const results = await json<RaceResultsDto>(await t.request(resultsPath()));
      expect(results.results.map((each) => each.points)).toEqual([25, 18, 15, 12]);
    });

    it('only move forward: each save gives standings of a higher version', async () => {
      await t.settled(15_000);
      const before = await json<StandingsDto>(await t.request(`/api/seasons/${season.id}/standings`));
      const watcher = await open(t.baseUrl);
      await subscribe(watcher, `season:${season.id}`);
      const pushed = nextMessage(watcher, 'season.standings.changed', (standings) => standings.seasonId === season.id, 15_000);
      await json(await save([line(drivers[0], 1), line(drivers[1], 2)]));
      expect((await pushed).version).toBeGreaterThan(before.version);
    });

    it('are never replaced by standings of an older version', async () => {
      await t.settled(15_000);
      // As if a recompute of a later save had stored its standings already.
      await t.em().execute('update season_standings set version = version + 1000, drivers = ? where season_id = ?', ['[]', season.id]);
      await t.app.get(ReadCache).invalidate([COMPETITION_READS.name]);
      const stored = await json<StandingsDto>(await t.request(`/api/seasons/${season.id}/standings`));
      await json(await save([line(drivers[2], 1), line(drivers[3], 2)]));
      await t.settled(15_000);
      expect(await json<StandingsDto>(await t.request(`/api/seasons/${season.id}/standings`))).toEqual(stored);
    });

    it('are read in as many queries for a season of 2 rounds as for one of 6 (no query per round)', async () => {
      const seasonOf = async (rounds: number) => {
        const of = await newSeason(t.em(), await newCompetition(t.em(), { game }));
        for (let i = 0; i < rounds; i += 1) {
          const { event, raceId: race } = await newRound(of, 20 - i);
          await json(await save([line(drivers[0], 1), line(drivers[1], 2), line(drivers[2], 3)], resultsPath(race, event.id, of.id)));
        }
        return of;
      };
      const small = await seasonOf(2);
      const large = await seasonOf(6);
      await t.settled(20_000);
      const connection = t.app.get(MikroORM).em.getConnection();
      const execute = jest.spyOn(connection, 'execute');
      const queriesFor = async (url: string) => {
        await t.app.get(ReadCache).invalidate([COMPETITION_READS.name]);
        execute.mockClear();
        expect((await t.request(url)).status).toBe(200);
        // The outbox relay polls on the same connection; its queries are not the request's.
        return execute.mock.calls.filter(([sql]) => !/outbox_events|pg_try_advisory_xact_lock/.test(String(sql))).length;
      };
      try {
        for (const read of ['', '/standings']) {
          const few = await queriesFor(`/api/seasons/${small.id}${read}`);
          expect(few).toBeGreaterThan(0);
          expect(await queriesFor(`/api/seasons/${large.id}${read}`)).toBe(few);
        }
      } finally {
        execute.mockRestore();
      }
      const largeSeason = await json<SeasonDto>(await t.request(`/api/seasons/${large.id}`));
      expect(largeSeason.events).toHaveLength(6);
      expect(largeSeason.competition.currentSeason).toEqual({ id: large.id, name: large.name });
    });

    it('count only published rounds for visitors and drivers (REST and GraphQL); organizers preview the unpublished ones, marked; publishing counts the round', async () => {
      const of = await newSeason(t.em(), await newCompetition(t.em(), { game }));
      const shown = await newRound(of, 14);
      const draft = await newRound(of, 7, false);
      await json(await save([line(drivers[0], 1), line(drivers[1], 2)], resultsPath(shown.raceId, shown.event.id, of.id)));
      await json(await save([line(drivers[1], 1), line(drivers[0], 2)], resultsPath(draft.raceId, draft.event.id, of.id)));
      await t.settled(20_000);
      type Shown = Pick<StandingsDto, 'unpublishedEventIds'> & {
        drivers: { profile: { id: number }; points: number; rounds: { eventId: number; points: number | null }[] }[];
      };
      const pointsOf = (standings: Shown) =>
        Object.fromEntries(standings.drivers.map((standing) => [standing.profile.id, [standing.points, standing.rounds.map((each) => [each.eventId, each.points])]]));
      const publishedOnly = {
        [drivers[0].id]: [25, [[shown.event.id, 25]]],
        [drivers[1].id]: [18, [[shown.event.id, 18]]],
      };
      const bothRounds = {
        [drivers[0].id]: [
          43,
          [
            [shown.event.id, 25],
            [draft.event.id, 18],
          ],
        ],
        [drivers[1].id]: [
          43,
          [
            [shown.event.id, 18],
            [draft.event.id, 25],
          ],
        ],
      };
      const rest = async (as?: CookieJar) => json<StandingsDto>(await t.request(`/api/seasons/${of.id}/standings`, { as }));
      const graphql = async (as?: CookieJar) => {
        const query = `{ standings(seasonId: ${of.id}) { unpublishedEventIds drivers { profile { id } points rounds { eventId points } } } }`;
        const body = await json<{ data: { standings: Shown } }>(await t.request('/api/graphql', { method: 'POST', json: { query }, as }));
        return body.data.standings;
      };

      // The organizer's preview first: the read cache must not hand it to visitors.
      const preview = await rest(organizer);
      expect(pointsOf(preview)).toEqual(bothRounds);
      expect(preview.unpublishedEventIds).toEqual([draft.event.id]);
      for (const reader of [undefined, driver]) {
        for (const standings of [await rest(reader), await graphql(reader)]) {
          expect(pointsOf(standings)).toEqual(publishedOnly);
          expect(standings.unpublishedEventIds).toEqual([]);
        }
      }

      await json(await t.request(`/api/events/${draft.event.id}/publish?publish=true`, { as: organizer }));
      await eventually(async () => expect(pointsOf(await rest())).toEqual(bothRounds), 15_000);
      expect((await graphql(driver)).unpublishedEventIds).toEqual([]);
      expect(pointsOf(await graphql(driver))).toEqual(bothRounds);
    });

    it('give no no-show penalty for a round saved before its start until the start has passed, then give it', async () => {
      const of = await newSeason(t.em(), await newCompetition(t.em(), { game }), { pointsSystem: pointsSystem({ noShowPenalty: 5 }) });
      const tomorrow = await newRound(of, -1);
      await newAttendance(t.em(), tomorrow.event, drivers[0]);
      await newAttendance(t.em(), tomorrow.event, drivers[1]);
      // Saved ahead of the race, on purpose: drivers[1] is signed up and not in the results.
      await json(await save([line(drivers[0], 1)], `${resultsPath(tomorrow.raceId, tomorrow.event.id, of.id)}?confirmFuture=true`));
      await t.settled(15_000);
      const roundOf = (standings: StandingsDto, profile: DriverProfile) => {
        const standing = standings.drivers.find((each) => each.profile.id === profile.id);
        return standing
          ? { points: standing.points, penaltyPoints: standing.penaltyPoints, round: standing.rounds.find((each) => each.eventId === tomorrow.event.id)?.points }
          : null;
      };
      const standingsAs = async (as?: CookieJar) => json<StandingsDto>(await t.request(`/api/seasons/${of.id}/standings`, { as }));
      for (const reader of [undefined, organizer]) {
        const standings = await standingsAs(reader);
        expect(roundOf(standings, drivers[0])).toEqual({ points: 25, penaltyPoints: 0, round: 25 });
        expect(roundOf(standings, drivers[1])).toBeNull();
      }
      const scoreStartedRounds = () => t.worker!.get(ScheduledJobs).run({ name: 'score-started-rounds' });
      await scoreStartedRounds();
      await t.settled(15_000);
      expect(roundOf(await standingsAs(), drivers[1])).toBeNull();

      // The race starts now (after its results were saved): drivers[1] did not show up.
      await t.em().execute('update events set starts_at = now() where id = ?', [tomorrow.event.id]);
      expect(roundOf(await standingsAs(organizer), drivers[1])).toEqual({ points: -5, penaltyPoints: 5, round: -5 });
      await scoreStartedRounds();
      await eventually(async () => expect(roundOf(await standingsAs(), drivers[1])).toEqual({ points: -5, penaltyPoints: 5, round: -5 }), 15_000);
      expect(roundOf(await standingsAs(), drivers[0])).toEqual({ points: 25, penaltyPoints: 0, round: 25 });
    });
  });
});
