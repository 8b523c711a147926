import { afterEach, describe, expect, it } from '@jest/globals';
import { graphqlCalls, graphqlRoutes, installFakeApi } from '../../testing/fakeApi.js';
import { bridgedCache, flush, show, stopLiveCaches } from '../../testing/liveCache.js';
import { competitionKeys, competitionQueries } from './api.js';
import { applyOwnResults } from './cache.js';
import { competitionFixture, resultLine, seasonFixture, standingsFixture } from './testing/competitionFixture.js';
import type { RaceResultsDto, StandingsDto } from './types.js';

afterEach(stopLiveCaches);

type Operations = Parameters<typeof graphqlRoutes>[0];

function setUp(routes: Parameters<typeof installFakeApi>[0] = {}, operations: Operations = {}): ReturnType<typeof bridgedCache> {
  return bridgedCache({
    'GET /api/seasons/4': { status: 200, body: seasonFixture() },
    ...graphqlRoutes({
      Standings: { data: { standings: standingsFixture({ version: 7 }) } },
      SeriesDetails: { data: { competition: competitionFixture(), season: seasonFixture() } },
      ...operations,
    }),
    ...routes,
  });
}

const pointsOf = (standings: StandingsDto | undefined) => standings?.drivers.map((row) => row.points);

describe('live standings in the cache', () => {
  it('writes pushed standings in place, without fetching', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, competitionQueries.standings(4));
    fake.calls.length = 0;
    const pushed = standingsFixture({ version: 8, drivers: [standingsFixture().drivers[1]!, standingsFixture().drivers[0]!] });
    pushed.drivers[0] = { ...pushed.drivers[0]!, points: 58, position: 1 };
    socket.push('season.standings.changed', pushed);
    await flush();
    expect(queryClient.getQueryData<StandingsDto>(competitionKeys.standings(4))?.version).toBe(8);
    expect(pointsOf(queryClient.getQueryData(competitionKeys.standings(4)))).toEqual([58, 43]);
    expect(fake.calls).toEqual([]);
  });

  it('ignores a push older than the standings it holds (messages can overtake each other)', async () => {
    const { queryClient, socket } = setUp();
    await show(queryClient, competitionQueries.standings(4));
    socket.push('season.standings.changed', standingsFixture({ version: 9, drivers: [] }));
    socket.push('season.standings.changed', standingsFixture({ version: 8 }));
    await flush();
    const held = queryClient.getQueryData<StandingsDto>(competitionKeys.standings(4));
    expect(held?.version).toBe(9);
    expect(held?.drivers).toEqual([]);
  });

  it('keeps pushed standings when a fetch that started before them answers with an older version', async () => {
    let answer: (standings: StandingsDto) => void = () => undefined;
    const { queryClient, socket } = setUp({}, { Standings: () => new Promise((resolve) => (answer = (standings) => resolve({ data: { standings } }))) });
    await show(queryClient, competitionQueries.standings(4));
    socket.push('season.standings.changed', standingsFixture({ version: 9 }));
    answer(standingsFixture({ version: 8, drivers: [] }));
    await flush();
    await flush();
    expect(queryClient.getQueryData<StandingsDto>(competitionKeys.standings(4))?.version).toBe(9);
  });

  it('leaves other seasons alone', async () => {
    const { queryClient, socket } = setUp();
    await show(queryClient, competitionQueries.standings(4));
    socket.push('season.standings.changed', standingsFixture({ seasonId: 5, version: 99, drivers: [] }));
    await flush();
    expect(queryClient.getQueryData<StandingsDto>(competitionKeys.standings(4))?.version).toBe(7);
  });

  it('refetches the shown season (not its standings) when competitions change, but not the results this browser just saved', async () => {
    const race = { seasonId: 4, eventId: 31, raceId: 3111 };
    const saved: RaceResultsDto = { raceId: 3111, revision: 3, results: [resultLine(7, 'Speedy', 1)] };
    const { queryClient, socket, fake } = setUp({ 'GET /api/seasons/4/events/31/results/3111': { status: 200, body: { ...saved, revision: 2 } } });
    await show(queryClient, competitionQueries.season(4));
    await show(queryClient, competitionQueries.seriesDetails(2, 4));
    await show(queryClient, competitionQueries.standings(4));
    await show(queryClient, competitionQueries.results(race));
    fake.calls.length = 0;

    applyOwnResults(queryClient, race, saved);
    fake.calls.length = 0;
    fake.requests.length = 0;
    socket.push('competitions.changed', { seasonId: 4, eventId: 31, raceId: 3111 });
    await flush();
    expect(fake.calls).toEqual(['GET /api/seasons/4', 'POST /api/graphql']);
    expect(graphqlCalls(fake)).toEqual([{ operation: 'SeriesDetails', variables: { competitionId: 2, seasonId: 4 } }]);
    expect(queryClient.getQueryData<RaceResultsDto>(competitionKeys.results(race))?.revision).toBe(3);
  });
});
