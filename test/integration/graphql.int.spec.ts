import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { getIntrospectionQuery } from 'graphql';
import { createHash } from 'node:crypto';
import { get } from 'node:http';
import type { Page } from '../../backend/src/contracts/api.js';
import type { EventDetailsDto, EventDto } from '../../backend/src/contracts/events.js';
import type { DriverListItemDto, PublicProfileDto } from '../../backend/src/contracts/profiles.js';
import type { TeamDto } from '../../backend/src/contracts/teams.js';
import { CONTRACT_TYPE_NAMES } from '../../backend/src/infra/graphql/contract-types.js';
import { MAX_QUERY_LENGTH } from '../../backend/src/infra/graphql/graphql-gate.js';
import { GraphqlReads } from '../../backend/src/infra/graphql/graphql-reads.js';
import { COST_LIMIT, DEPTH_LIMIT } from '../../backend/src/infra/graphql/query-limits.js';
import { LeagueEvent, Race } from '../../backend/src/modules/events/event.entities.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { Team } from '../../backend/src/modules/teams/team.entity.js';
import { newGame } from '../factories/catalogue.js';
import { newCompetition, newCompetitionGroup, newSeason } from '../factories/competitions.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { joinTeam, newTeam } from '../factories/teams.js';
import { newDriver, newMember } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface GraphqlAnswer<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[];
}

const DAY = 24 * 3600 * 1000;

/** Calls of the middleware that answers persisted GETs through Nest (a miss, or an operation this process has not seen). */
const throughMiddleware = jest.spyOn(GraphqlReads.prototype, 'use');
afterAll(() => {
  throughMiddleware.mockRestore();
});

/** The read-only GraphQL API: the REST services' public data, limited, batched, in GraphQL's error shape. */
describe('GraphQL API', () => {
  let t: TestApp;
  let organizer: CookieJar;
  let gameId: number;
  let published: number;
  let draft: number;
  let hiddenProfile: number;
  let visibleProfile: number;

  const post = (body: unknown, headers: Record<string, string> = {}, as?: CookieJar) => t.request('/api/graphql', { method: 'POST', json: body, headers, as });
  async function graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    as?: CookieJar,
  ): Promise<{ status: number; body: GraphqlAnswer<T> }> {
    const response = await post({ query, variables }, {}, as);
    return { status: response.status, body: (await response.json()) as GraphqlAnswer<T> };
  }
  const restJson = async <T = unknown>(path: string) => (await (await t.request(path)).json()) as T;

  /** The SQL statements one GraphQL request runs (the outbox relay polls on the same connection; its queries are not the request's). */
  async function queriesFor(query: string): Promise<number> {
    const execute = jest.spyOn(t.app.get(MikroORM).em.getConnection(), 'execute');
    try {
      const { body } = await graphql(query);
      expect(body.errors).toBeUndefined();
      return execute.mock.calls.filter(([sql]) => !/outbox_events|pg_try_advisory_xact_lock/.test(String(sql))).length;
    } finally {
      execute.mockRestore();
    }
  }

  const EVENT_FIELDS = `id name date assessmentEvent published season { id competition { id name } game { id name icon } } game { id name icon platforms crossPlayPlatforms { name platforms } } platforms seats
    competitionStyle carTuningRule carUpgradeRule stewarded leaderboardsEnabled teamSizeMin teamSizeMax lineupLockMinutes youtubeUrl icon
    raceEvents { id track { id trackId trackName name country lengthMeters icon } externalTrackName qualifyEnabled qualify { laps length track { id } }
      races { id raceEventType track { id trackId trackName name country lengthMeters icon } laps length } }
    attendanceCount seatsLeft live`;

  beforeAll(async () => {
    t = await startTestApp();
    await newMember(t.em(), 'organizer');
    organizer = await t.signIn('organizer');
    const game = await newGame(t.em());
    gameId = game.id;
    published = (await newEvent(t.em(), { game, name: 'Public Cup', startsAt: new Date(Date.now() + 2 * DAY) })).id;
    draft = (await newEvent(t.em(), { game, name: 'Secret Cup', published: false })).id;
    const hidden = await newDriver(t.em());
    const visible = await newDriver(t.em(), { profile: { steamUsername: 'visible_one' } });
    hiddenProfile = hidden.profile.id;
    visibleProfile = visible.profile.id;
    await t.em().nativeUpdate(DriverProfile, hiddenProfile, { hidden: true });
    await t.em().nativeUpdate(DriverProfile, visibleProfile, { platforms: ['PC'], socials: { twitch: 'https://www.twitch.tv/visible_one' } });
  });
  afterAll(() => t.close());

  describe('same data as REST', () => {
    it('lists planned events as GET /api/events/planned does', async () => {
      const rest = await restJson<Page<EventDto>>(`/api/events/planned?gameId=${gameId}&pageNumber=0&pageSize=10`);
      const { status, body } = await graphql<{ plannedEvents: Page<EventDto> }>(
        `query Planned($gameId: Int) { plannedEvents(gameId: $gameId, pageNumber: 0, pageSize: 10) { content { ${EVENT_FIELDS} } pageNumber pageSize totalElements totalPages } }`,
        { gameId },
      );
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(rest.content.map((event) => event.id)).toEqual([published]);
      expect(body.data?.plannedEvents).toEqual(rest);
    });

    it('answers an event as GET /api/events/{id} does, its drivers by profile id', async () => {
      const driver = await newDriver(t.em());
      const em = t.em();
      await newAttendance(em, await em.findOneOrFail(LeagueEvent, published), driver.profile);
      const rest = await restJson<EventDetailsDto>(`/api/events/${published}`);
      const { body } = await graphql<{ event: EventDetailsDto }>(`{ event(id: ${published}) { ${EVENT_FIELDS} attendance { profileId team { id name } } } }`);
      const { attendance, ...event } = rest;
      expect(body.data?.event).toEqual({ ...event, attendance: attendance.map(({ profileId, team }) => ({ profileId, team })) });
      expect(body.data?.event.attendance).toEqual([{ profileId: driver.profile.id, team: null }]);
    });

    it("answers a driver's public profile as GET /api/profile/{id} does", async () => {
      const rest = await restJson<PublicProfileDto>(`/api/profile/${visibleProfile}`);
      const { body } = await graphql<{ profile: Record<string, unknown> }>(
        `{ profile(id: ${visibleProfile}) { id hidden driverName driverNumber country platforms platformIds { platform id } games { id name } socials { network url } nameHistory { name changedAt } isNew profileCompleted } }`,
      );
      expect(body.data?.profile).toEqual({
        ...rest,
        platformIds: [{ platform: 'PC', id: 'visible_one' }],
        socials: [{ network: 'twitch', url: 'https://www.twitch.tv/visible_one' }],
      });
      expect(rest.platformIds).toEqual({ PC: 'visible_one' });
    });

    it('answers teams as GET /api/teams does, members by profile id', async () => {
      const member = await newDriver(t.em());
      await newTeam(t.em(), { name: 'Graph Racing', captain: member.user });
      const rest = await restJson<TeamDto[]>('/api/teams');
      const { body } = await graphql<{ teams: unknown[] }>('{ teams { id name tag colour logo game { id name } platforms members { profileId captain joinedAt } } }');
      expect(body.data?.teams).toEqual(
        rest.map(({ members, ...team }) => ({ ...team, members: members.map(({ profileId, captain, joinedAt }) => ({ profileId, captain, joinedAt })) })),
      );
      expect(rest.some((team) => team.name === 'Graph Racing')).toBe(true);
    });
    it("lists drivers as GET /api/profile/list does, a team's and a game's by their ids", async () => {
      const member = await newDriver(t.em());
      const team = await newTeam(t.em(), { name: 'Filter Racing', captain: member.user });
      const fields = 'id driverName driverNumber hidden country platforms teams { id name } crewRoles';
      const { body } = await graphql<{ byTeam: Page<DriverListItemDto>; byGame: Page<DriverListItemDto> }>(
        `{ byTeam: drivers(teamId: ${team.id}) { content { ${fields} } } byGame: drivers(gameId: ${gameId}) { content { ${fields} } } }`,
      );
      const byTeam = await restJson<Page<DriverListItemDto>>(`/api/profile/list?team=${team.id}`);
      expect(body.data?.byTeam.content).toEqual(byTeam.content);
      expect(byTeam.content.map((driver) => driver.id)).toEqual([member.profile.id]);
      expect(body.data?.byGame.content).toEqual((await restJson<Page<DriverListItemDto>>(`/api/profile/list?game=${gameId}`)).content);
    });
  });

  describe('public data only', () => {
    it('never shows an unpublished event, even to an organizer', async () => {
      for (const as of [undefined, organizer]) {
        const { body } = await graphql<{ event: null; plannedEvents: Page<{ id: number }> }>(
          `{ plannedEvents(gameId: ${gameId}) { content { id } } event(id: ${draft}) { id name } }`,
          undefined,
          as,
        );
        expect(body.data?.plannedEvents.content.map((event) => event.id)).toEqual([published]);
        expect(body.data?.event).toBeNull();
        expect(body.errors).toEqual([{ message: `Event ${draft} not found`, locations: expect.any(Array), path: ['event'], extensions: { code: 'NOT_FOUND' } }]);
      }
      // The REST API shows it to organizers: GraphQL is public data whoever asks.
      expect((await t.request(`/api/events/${draft}`, { as: organizer })).status).toBe(200);
    });

    it('shows a hidden profile as "Private driver", even to an organizer', async () => {
      for (const as of [undefined, organizer]) {
        const { body } = await graphql<{ profile: Record<string, unknown> }>(
          `{ profile(id: ${hiddenProfile}) { hidden driverName driverNumber platforms teams { id } events { eventId } } }`,
          undefined,
          as,
        );
        expect(body.data?.profile).toEqual({ hidden: true, driverName: 'Private driver', driverNumber: null, platforms: [], teams: [], events: [] });
      }
      // The REST API shows it in full to organizers: GraphQL is public data whoever asks.
      const rest = (await (await t.request(`/api/profile/${hiddenProfile}`, { as: organizer })).json()) as PublicProfileDto;
      expect(rest.driverName).not.toBe('Private driver');
    });

    it('shows a hidden driver as "Private driver" wherever a driver appears', async () => {
      const hidden = await t.em().findOneOrFail(DriverProfile, hiddenProfile, { populate: ['user'] });
      const team = await newTeam(t.em(), { name: 'Hidden Seats', captain: hidden.user });
      const em = t.em();
      await newAttendance(em, await em.findOneOrFail(LeagueEvent, published), await em.findOneOrFail(DriverProfile, hiddenProfile));
      const { body } = await graphql<{ team: { members: { driver: unknown }[] }; event: { attendance: { profileId: number; driver: unknown }[] } }>(
        `{ team(id: ${team.id}) { members { driver { id driverName driverNumber hidden teams { id } } } }
           event(id: ${published}) { attendance { profileId driver { driverName driverNumber } } } }`,
      );
      const privateDriver = { id: hiddenProfile, driverName: 'Private driver', driverNumber: null, hidden: true, teams: [] };
      expect(body.data?.team.members).toEqual([{ driver: privateDriver }]);
      expect(body.data?.event.attendance.find((attendee) => attendee.profileId === hiddenProfile)?.driver).toEqual({ driverName: 'Private driver', driverNumber: null });
    });
  });

  describe('competitions', () => {
    let seasonId: number;
    let competitionId: number;
    let rounds: { eventId: number; raceId: number }[];
    let draftRound: number;
    let finishers: number[];

    const raceOf = async (eventId: number) => (await t.em().findOneOrFail(Race, { raceEvent: { event: eventId } })).id;
    const postResults = (season: number, round: { eventId: number; raceId: number }, profileIds: number[]) =>
      t.request(`/api/seasons/${season}/events/${round.eventId}/results/${round.raceId}`, {
        method: 'PUT',
        as: organizer,
        json: { results: profileIds.map((profileId, index) => ({ profileId, position: index + 1, status: 'FINISHED', laps: 20, totalTimeMs: 3_600_000 + index * 1000 })) },
      });

    /** A season of its own competition with `count` past rounds, each with results of these drivers. */
    async function newSeasonWithResults(count: number, drivers: number[]): Promise<{ seasonId: number; rounds: { eventId: number; raceId: number }[] }> {
      const em = t.em();
      const game = await newGame(em);
      const events = [];
      for (let i = 0; i < count; i += 1) events.push(await newEvent(em, { game, startsAt: new Date(Date.now() - (count - i) * DAY) }));
      const season = await newSeason(em, await newCompetition(em, { game }), { events });
      const seasonRounds = await Promise.all(events.map(async (event) => ({ eventId: event.id, raceId: await raceOf(event.id) })));
      for (const round of seasonRounds) expect((await postResults(season.id, round, drivers)).status).toBe(200);
      return { seasonId: season.id, rounds: seasonRounds };
    }

    beforeAll(async () => {
      const em = t.em();
      const game = await newGame(em);
      const group = await newCompetitionGroup(em, { name: 'Graph Series' });
      const competition = await newCompetition(em, { name: 'Graph Cup', group, game, leaderboardsEnabled: true });
      competitionId = competition.id;
      const past = [await newEvent(em, { game, startsAt: new Date(Date.now() - 14 * DAY) }), await newEvent(em, { game, startsAt: new Date(Date.now() - 7 * DAY) })];
      const draft = await newEvent(em, { game, published: false, startsAt: new Date(Date.now() - 3 * DAY) });
      draftRound = draft.id;
      seasonId = (await newSeason(em, competition, { name: 'Graph Season', events: [...past, draft] })).id;
      rounds = await Promise.all(past.map(async (event) => ({ eventId: event.id, raceId: await raceOf(event.id) })));
      finishers = [visibleProfile, hiddenProfile, (await newDriver(em)).profile.id];
      for (const round of rounds) expect((await postResults(seasonId, round, finishers)).status).toBe(200);
    });

    const COMPETITION_FIELDS = 'id name description style icon banner current group { id name } game { id name icon } platforms currentSeason { id name } leaderboardsEnabled';
    const ROUND_FIELDS = 'id name date round published raceEvents { id position trackName races { id position raceEventType laps lengthMinutes hasResults } }';
    const RESULT_FIELDS =
      'raceId revision results { profileId driverName driverNumber teamId teamName position status laps totalTimeMs bestLapMs pole fastestLap points guest penaltyMs reason drivingTimeMs coDrivers { profileId driverName driverNumber guest laps drivingTimeMs points } } qualifying { revision }';
    const POINTS_FIELDS =
      'preset tables { RACE SPRINT } bonuses { pole fastestLap onlyInsideTop } minimumDistancePercent countBestRounds neverDropLastRounds noShowPenalty dnfScores teamBestDrivers';
    const STANDINGS_FIELDS = `seasonId version unpublishedEventIds drivers { position profile { id driverName driverNumber country } team { id name colour } points rounds { eventId points dropped } wins podiums penaltyPoints }
      teams { position team { id name colour } points rounds { eventId points } }`;

    it('answers groups, competitions, a season, a round and standings as REST does', async () => {
      const { status, body } = await graphql<Record<string, unknown>>(
        `query Series($id: Int!, $seasonId: Int!, $eventId: Int!) {
          competitionGroups { id name description icon banner live position }
          currentCompetitions(pageSize: 100) { content { ${COMPETITION_FIELDS} } pageNumber pageSize totalElements totalPages }
          competition(id: $id) { ${COMPETITION_FIELDS} seasons { id name rounds roundsWithResults } }
          leaderboardCompetitions { id seasons { id } }
          season(id: $seasonId) { id name rules competition { ${COMPETITION_FIELDS} } pointsSystem { ${POINTS_FIELDS} } events { ${ROUND_FIELDS} } }
          seasonEvent(seasonId: $seasonId, id: $eventId) { ${ROUND_FIELDS} seasonId competition { id name } results { ${RESULT_FIELDS} } }
          standings(seasonId: $seasonId) { ${STANDINGS_FIELDS} }
        }`,
        { id: competitionId, seasonId, eventId: rounds[0]!.eventId },
      );
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      const rest = {
        competitionGroups: await restJson('/api/competitions/groups'),
        currentCompetitions: await restJson('/api/competitions/current?pageSize=100'),
        competition: await restJson(`/api/competitions/${competitionId}`),
        leaderboardCompetitions: (await restJson<{ id: number; seasons: { id: number }[] }[]>('/api/competitions/leaderboards')).map(({ id, seasons }) => ({
          id,
          seasons: seasons.map((season) => ({ id: season.id })),
        })),
        season: await restJson(`/api/seasons/${seasonId}`),
        seasonEvent: await restJson(`/api/seasons/${seasonId}/events/${rounds[0]!.eventId}`),
        standings: await restJson(`/api/seasons/${seasonId}/standings`),
      };
      expect(body.data).toEqual(rest);
      expect((rest.competition as { name: string }).name).toBe('Graph Cup');
      expect((rest.standings as { drivers: unknown[] }).drivers).toHaveLength(3);
    });

    it("gives every round of a season its races' latest results, as each round's REST read does", async () => {
      const { body } = await graphql<{ season: { events: { id: number; results: unknown[] }[] } }>(
        `{ season(id: ${seasonId}) { events { id results { ${RESULT_FIELDS} } } } }`,
      );
      expect(body.errors).toBeUndefined();
      const events = body.data?.season.events ?? [];
      expect(events.map((event) => event.id)).toEqual(rounds.map((round) => round.eventId));
      for (const event of events) {
        const rest = await restJson<{ results: unknown[] }>(`/api/seasons/${seasonId}/events/${event.id}`);
        expect(event.results).toEqual(rest.results);
        expect(event.results).toHaveLength(1);
      }
    });

    it('never shows an unpublished round, and shows a hidden driver as "Private driver" in results and standings', async () => {
      for (const as of [undefined, organizer]) {
        const { body } = await graphql<{
          season: { events: { id: number; results: { results: { profileId: number; driverName: string; driver: { driverName: string } }[] }[] }[] };
          standings: { drivers: { profile: { id: number; driverName: string }; driver: { driverName: string } }[] };
          seasonEvent: null;
        }>(
          `{ season(id: ${seasonId}) { events { id results { results { profileId driverName driver { driverName } } } } }
             standings(seasonId: ${seasonId}) { drivers { profile { id driverName } driver { driverName } } }
             seasonEvent(seasonId: ${seasonId}, id: ${draftRound}) { id } }`,
          undefined,
          as,
        );
        expect(body.data?.season.events.map((event) => event.id)).not.toContain(draftRound);
        expect(body.data?.seasonEvent).toBeNull();
        expect(body.errors?.map((error) => [error.path, error.extensions?.code])).toEqual([[['seasonEvent'], 'NOT_FOUND']]);
        const hiddenLine = body.data?.season.events[0]?.results[0]?.results.find((line) => line.profileId === hiddenProfile);
        expect(hiddenLine).toEqual({ profileId: hiddenProfile, driverName: 'Private driver', driver: { driverName: 'Private driver' } });
        const hiddenStanding = body.data?.standings.drivers.find((standing) => standing.profile.id === hiddenProfile);
        expect(hiddenStanding).toEqual({ profile: { id: hiddenProfile, driverName: 'Private driver' }, driver: { driverName: 'Private driver' } });
      }
    });

    it("reads a season's results and their drivers at once: the SQL count does not grow with the rounds", async () => {
      const query = (id: number) =>
        `{ season(id: ${id}) { events { id raceEvents { races { id } } results { raceId results { position driverName driver { driverName teams { id } } } } } }
           standings(seasonId: ${id}) { drivers { position driver { driverName } } } }`;
      const small = await newSeasonWithResults(1, finishers.slice(0, 2));
      const large = await newSeasonWithResults(4, finishers);
      const few = await queriesFor(query(small.seasonId));
      expect(few).toBeGreaterThan(0);
      expect(await queriesFor(query(large.seasonId))).toBe(few);
    });

    describe('persisted queries sent as GET, answered from the read cache', () => {
      const STANDINGS = 'query Standings($seasonId: Int!) { standings(seasonId: $seasonId) { seasonId drivers { position points profile { id driverName } } } }';
      const MIXED = 'query Mixed { teams { id name } plannedEvents { totalElements } }';
      const hashOf = (document: string) => createHash('sha256').update(document).digest('hex');
      const persistedUrl = (document: string, operationName: string, variables?: Record<string, unknown>) => {
        const params = new URLSearchParams({ operationName });
        if (variables) params.set('variables', JSON.stringify(variables));
        params.set('extensions', JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hashOf(document) } }));
        return `/api/graphql?${params}`;
      };
      const getPersisted = async <T>(document: string, operationName: string, variables?: Record<string, unknown>, as?: CookieJar) => {
        // As the client sends it: Apollo's CSRF prevention wants the header on the GETs it answers itself.
        const response = await t.request(persistedUrl(document, operationName, variables), { as, headers: { 'apollo-require-preflight': 'true' } });
        return { response, body: (await response.json()) as GraphqlAnswer<T> };
      };
      const register = (document: string, operationName: string, variables?: Record<string, unknown>) =>
        post({ query: document, operationName, variables, extensions: { persistedQuery: { version: 1, sha256Hash: hashOf(document) } } });
      type Standings = { standings: { drivers: { profile: { id: number; driverName: string } }[] } };
      const nameIn = (body: GraphqlAnswer<Standings>, profileId: number) => body.data?.standings.drivers.find((line) => line.profile.id === profileId)?.profile.driverName;

      it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND; once the document is posted with its hash, a GET by hash answers as the POST did', async () => {
        const season = await newSeasonWithResults(1, finishers.slice(0, 2));
        const unknown = await getPersisted(STANDINGS, 'Standings', { seasonId: season.seasonId });
        expect(unknown.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
        const registered = await register(STANDINGS, 'Standings', { seasonId: season.seasonId });
        expect(registered.status).toBe(200);
        const posted = (await registered.json()) as GraphqlAnswer<Standings>;
        expect(posted.errors).toBeUndefined();
        const { response, body } = await getPersisted<Standings>(STANDINGS, 'Standings', { seasonId: season.seasonId });
        expect(response.status).toBe(200);
        expect(body).toEqual(posted);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        const etag = response.headers.get('etag');
        expect(etag).toBeTruthy();
        // Plain HTTP (fetch marks a request with If-None-Match `Cache-Control: no-cache`, which forbids a 304).
        // The operation is known now: the fast path answers before the Nest pipeline, and GraphQL's middleware never sees it.
        throughMiddleware.mockClear();
        const revalidated = await new Promise<number | undefined>((resolve, reject) =>
          get(`${t.baseUrl}${persistedUrl(STANDINGS, 'Standings', { seasonId: season.seasonId })}`, { headers: { 'if-none-match': etag! } }, (answer) => {
            answer.resume();
            resolve(answer.statusCode);
          }).on('error', reject),
        );
        expect(revalidated).toBe(304);
        expect(throughMiddleware).not.toHaveBeenCalled();
      });

      it('keeps serving the cached answer until a domain event of its tag says it changed, for visitors and signed-in callers alike', async () => {
        const driver = await newDriver(t.em());
        const season = await newSeasonWithResults(1, [driver.profile.id]);
        // The relay drops the tag again before it sends the results' events: after that, the entry stands.
        await t.relayed();
        const variables = { seasonId: season.seasonId };
        await register(STANDINGS, 'Standings', variables);
        const before = nameIn((await getPersisted<Standings>(STANDINGS, 'Standings', variables)).body, driver.profile.id);
        expect(before).not.toContain('Quietly Renamed');
        // Written past the services: no domain event, so the cached answer stands.
        await t.em().nativeUpdate(DriverProfile, driver.profile.id, { name: 'Quietly Renamed' });
        expect(nameIn((await getPersisted<Standings>(STANDINGS, 'Standings', variables)).body, driver.profile.id)).toBe(before);
        expect(nameIn((await getPersisted<Standings>(STANDINGS, 'Standings', variables, organizer)).body, driver.profile.id)).toBe(before);
        // Results posted again: ResultPosted drops the competitions tag, REST's and GraphQL's entries alike.
        expect((await postResults(season.seasonId, season.rounds[0]!, [driver.profile.id])).status).toBe(200);
        await eventually(async () => expect(nameIn((await getPersisted<Standings>(STANDINGS, 'Standings', variables)).body, driver.profile.id)).toContain('Quietly Renamed'));
      });

      it('keys entries by the variables: another season is another answer', async () => {
        const [one, two] = [await newSeasonWithResults(1, finishers.slice(0, 1)), await newSeasonWithResults(1, finishers.slice(0, 2))];
        await register(STANDINGS, 'Standings', { seasonId: one.seasonId });
        const first = await getPersisted<{ standings: { seasonId: number; drivers: unknown[] } }>(STANDINGS, 'Standings', { seasonId: one.seasonId });
        const second = await getPersisted<{ standings: { seasonId: number; drivers: unknown[] } }>(STANDINGS, 'Standings', { seasonId: two.seasonId });
        expect([first.body.data?.standings.seasonId, first.body.data?.standings.drivers.length]).toEqual([one.seasonId, 1]);
        expect([second.body.data?.standings.seasonId, second.body.data?.standings.drivers.length]).toEqual([two.seasonId, 2]);
      });

      it('answers an operation over several tags by hash too, but fresh each time (no one tag can say when it changed)', async () => {
        const team = await newTeam(t.em(), { name: 'Mixed Before' });
        await register(MIXED, 'Mixed');
        const names = async () =>
          ((await getPersisted<{ teams: { id: number; name: string }[] }>(MIXED, 'Mixed')).body.data?.teams ?? []).find((row) => row.id === team.id)?.name;
        expect(await names()).toBe('Mixed Before');
        await t.em().nativeUpdate(Team, team.id, { name: 'Mixed After' });
        expect(await names()).toBe('Mixed After');
      });

      it('does not store an answer with errors: a season that does not exist is answered with NOT_FOUND each time', async () => {
        await register(STANDINGS, 'Standings', { seasonId: 999_999 });
        for (let i = 0; i < 2; i += 1) {
          const { body } = await getPersisted(STANDINGS, 'Standings', { seasonId: 999_999 });
          expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        }
      });
    });
  });

  describe('schema', () => {
    interface SchemaType {
      name: string;
      kind: string;
      fields: { name: string; args: { name: string; type: { name: string | null; ofType: { name: string | null } | null } }[] }[] | null;
    }
    const schemaTypes = async () =>
      (await graphql<{ __schema: { types: SchemaType[] } }>('{ __schema { types { name kind fields { name args { name type { name ofType { name } } } } } } }')).body.data!
        .__schema.types;

    it('declares every object type from its contract (contractType), so tsc holds each to its contract', async () => {
      const objectTypes = (await schemaTypes()).filter((type) => type.kind === 'OBJECT' && type.name !== 'Query' && !type.name.startsWith('__'));
      expect(objectTypes.length).toBeGreaterThan(40);
      expect(objectTypes.map((type) => type.name).filter((name) => !CONTRACT_TYPE_NAMES.has(name))).toEqual([]);
    });

    it("names a record's own id `id` and another record's `<record>Id` in every query's arguments", async () => {
      const query = (await schemaTypes()).find((type) => type.name === 'Query')!;
      const idArguments = query.fields!.flatMap((field) =>
        field.args
          .filter((arg) => (arg.type.name ?? arg.type.ofType?.name) === 'Int' && !['pageNumber', 'pageSize'].includes(arg.name))
          .map((arg) => `${field.name}(${arg.name})`),
      );
      expect(idArguments.length).toBeGreaterThan(5);
      expect(idArguments.filter((argument) => !/\((id|[a-z]+Id)\)$/.test(argument))).toEqual([]);
    });
  });

  describe('queries only', () => {
    it('has no mutations and no subscriptions in the schema', async () => {
      const { body } = await graphql<{ __schema: unknown }>('{ __schema { queryType { name } mutationType { name } subscriptionType { name } } }');
      expect(body.data?.__schema).toEqual({ queryType: { name: 'Query' }, mutationType: null, subscriptionType: null });
    });

    it('refuses a mutation or a subscription with 400 saying the API is read-only', async () => {
      for (const [operation, plural] of [
        ['mutation { publishEvent(id: 1) }', 'mutations'],
        ['subscription { standingsChanged { version } }', 'subscriptions'],
      ]) {
        const { status, body } = await graphql(operation);
        expect(status).toBe(400);
        expect(body.data).toBeUndefined();
        expect(body.errors?.map((error) => error.message)).toContain(`This API is read-only: it answers queries, not ${plural}`);
      }
    });
  });

  describe('limits', () => {
    it(`refuses a query nested deeper than ${DEPTH_LIMIT} levels with 400 saying so`, async () => {
      // The schema's own types nest 6 levels at most today; the limit holds whatever a query asks.
      const { status, body } = await graphql('{ plannedEvents { content { raceEvents { races { track { name { a { b { c } } } } } } } } }');
      expect(status).toBe(400);
      expect(body.errors?.map((error) => error.message)).toContain(`The query nests fields deeper than the limit of ${DEPTH_LIMIT} levels (at "c")`);
      expect(body.data).toBeUndefined();
    });

    it('lets the standard introspection query through, and refuses introspection that nests more than three lists', async () => {
      const standard = await graphql<{ __schema: { types: unknown[] } }>(getIntrospectionQuery());
      expect(standard.status).toBe(200);
      expect(standard.body.data?.__schema.types.length).toBeGreaterThan(10);
      const nested = await graphql('{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }');
      expect(nested.status).toBe(400);
      expect(nested.body.errors?.map((error) => error.message)).toContain('The introspection query nests more than 3 lists (at "fields")');
    });

    it(`refuses a query costing more than ${COST_LIMIT} with 400 saying what it costs`, async () => {
      const fields = 'content { raceEvents { races { id laps } } }';
      expect((await graphql(`{ plannedEvents(pageSize: 100) { ${fields} } }`)).status).toBe(200);
      const { status, body } = await graphql(`query Big($size: Int) { plannedEvents(pageSize: $size) { ${fields} } }`, { size: 2000 });
      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors).toHaveLength(1);
      expect(body.errors?.[0]?.message).toMatch(new RegExp(`^The query costs 24001, over the limit of ${COST_LIMIT}: `));
      expect(body.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COSTLY', cost: 24001, limit: COST_LIMIT });
    });

    it('refuses a query text longer than the limit with 413', async () => {
      const query = `{ teams { id } }\n#${'x'.repeat(MAX_QUERY_LENGTH)}`;
      const response = await post({ query });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        errors: [{ message: `The query is longer than the limit of ${MAX_QUERY_LENGTH} characters`, extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
      });
    });
  });

  describe('errors', () => {
    it("answers bad arguments and a service's 4xx in GraphQL's shape, without a stack trace", async () => {
      const tooLarge = await graphql('{ plannedEvents(pageSize: 5000) { totalElements } }');
      expect(tooLarge.status).toBe(200);
      expect(tooLarge.body).toEqual({
        data: null,
        errors: [
          {
            message: 'Invalid request: pageSize: pageSize must not be greater than 1000',
            locations: [{ line: 1, column: 3 }],
            path: ['plannedEvents'],
            extensions: { code: 'BAD_USER_INPUT', errors: { pageSize: ['pageSize must not be greater than 1000'] } },
          },
        ],
      });
      const unknown = await graphql('{ team(id: 999999) { id } profile(id: 0) { id } }');
      expect(unknown.body.data).toEqual({ team: null, profile: null });
      const codes = Object.fromEntries((unknown.body.errors ?? []).map(({ path, extensions }) => [path?.join('.'), extensions?.code]));
      expect(codes).toEqual({ team: 'NOT_FOUND', profile: 'BAD_USER_INPUT' });
      expect(JSON.stringify([tooLarge.body, unknown.body])).not.toMatch(/stacktrace|\.ts:\d+|at \w+ \(/);
    });

    it('answers a syntax error with 400 in the same shape', async () => {
      const { status, body } = await graphql('{ teams { id }');
      expect(status).toBe(400);
      expect(body.errors?.[0]).toMatchObject({ message: expect.stringContaining('Syntax Error'), extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
      expect(JSON.stringify(body)).not.toContain('stacktrace');
    });
  });

  describe('HTTP', () => {
    it("keeps Apollo's CSRF prevention: a form-like POST and a plain GET are refused", async () => {
      const simple = await t.request('/api/graphql', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: '{ teams { id } }' }) });
      expect(simple.status).toBe(400);
      expect(await simple.text()).toContain('CSRF');
      const get = await t.request(`/api/graphql?query=${encodeURIComponent('{ teams { id } }')}`);
      expect(get.status).toBe(400);
      const preflighted = await t.request(`/api/graphql?query=${encodeURIComponent('{ teams { id } }')}`, { headers: { 'apollo-require-preflight': 'true' } });
      expect(preflighted.status).toBe(200);
    });

    it('lets community tools on other origins read it (CORS without credentials)', async () => {
      const preflight = await t.request('/api/graphql', {
        method: 'OPTIONS',
        headers: { origin: 'https://overlay.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('Content-Type');
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      const answer = await post({ query: '{ teams { id } }' }, { origin: 'https://overlay.example' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    });
  });

  describe('batching', () => {
    async function newTeamWithDrivers(drivers: number): Promise<Team> {
      const captain = await newDriver(t.em());
      const team = await newTeam(t.em(), { captain: captain.user });
      for (let i = 1; i < drivers; i += 1) await joinTeam(t.em(), team, (await newDriver(t.em())).user);
      return team;
    }

    it("reads every listed team's drivers in one batch: the SQL count does not grow with the teams", async () => {
      const query = '{ teams { id members { profileId driver { driverName driverNumber teams { name } } } } }';
      await newTeamWithDrivers(2);
      const few = await queriesFor(query);
      for (let i = 0; i < 8; i += 1) await newTeamWithDrivers(3);
      expect(few).toBeGreaterThan(0);
      expect(await queriesFor(query)).toBe(few);
    });

    it("reads an event's drivers in one batch: the SQL count does not grow with the attendance", async () => {
      const game = await newGame(t.em());
      const [small, large] = [await newEvent(t.em(), { game }), await newEvent(t.em(), { game })];
      const em = t.em();
      await newAttendance(em, small, (await newDriver(em)).profile);
      for (let i = 0; i < 12; i += 1) await newAttendance(em, large, (await newDriver(em)).profile);
      const query = (id: number) => `{ event(id: ${id}) { id attendance { profileId driver { driverName teams { id } } } } }`;
      const one = await queriesFor(query(small.id));
      expect(await queriesFor(query(large.id))).toBe(one);
    });
  });
});

/** GraphQL requests count against the visitors' read limit, shared with REST reads. */
describe('GraphQL API rate limit', () => {
  const LIMIT = 10;
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy the visitor is X-Forwarded-For: the signing in below (from 127.0.0.1, with the stand-in's own reads) counts apart.
    t = await startTestApp({ env: { RATE_LIMIT_ANONYMOUS_READS: `${LIMIT}/1m`, TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it("answers a visitor over the limit with 429 in GraphQL's shape and Retry-After, and counts REST reads with it; signed-in callers are not counted", async () => {
    const driver = await t.signIn('driver');
    const visitor = { 'x-forwarded-for': '203.0.113.7' };
    const ask = (init: { headers?: Record<string, string>; as?: CookieJar }) => t.request('/api/graphql', { method: 'POST', json: { query: '{ teams { id } }' }, ...init });
    for (let i = 0; i < LIMIT; i += 1) expect((await ask({ headers: visitor })).status).toBe(200);
    const refused = await ask({ headers: visitor });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ errors: [{ message: expect.stringMatching(/^Too many requests; try again in \d+ s$/), extensions: { code: 'RATE_LIMITED' } }] });
    expect((await t.request('/api/teams', { headers: visitor })).status).toBe(429);
    for (let i = 0; i < LIMIT + 1; i += 1) expect((await ask({ as: driver })).status).toBe(200);
  });
});
