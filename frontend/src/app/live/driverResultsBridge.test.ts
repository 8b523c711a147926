import { afterEach, describe, expect, it } from '@jest/globals';
import { profileQueries } from '../../features/profiles/index.js';
import { bridgedCache, flush, show, stopLiveCaches } from '../../testing/liveCache.js';

const ok = (body: unknown) => ({ status: 200, body });
const stats = (profileId: number) => ({ profileId, starts: 0, wins: 0, podiums: 0, poles: 0, fastestLaps: 0, dnfs: 0, averageFinish: null, points: 0 });

afterEach(stopLiveCaches);

function setUp(): ReturnType<typeof bridgedCache> {
  return bridgedCache({
    'GET /api/profile/5/results': () => ok([]),
    'GET /api/profile/5/stats-summary': () => ok(stats(5)),
    'GET /api/profile/5/events': () => ok([]),
    'GET /api/profile/6/results': () => ok([]),
    'GET /api/profile/6/stats-summary': () => ok(stats(6)),
    'GET /api/profile/7/stats-summary': () => ok(stats(7)),
  });
}

describe('driver.results.changed', () => {
  it("refetches the shown results and stats of the drivers named, marks a cached one stale, and leaves other drivers' and other reads alone", async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, profileQueries.results(5));
    await show(queryClient, profileQueries.stats(5));
    await show(queryClient, profileQueries.events(5));
    await show(queryClient, profileQueries.stats(7));
    await queryClient.prefetchQuery(profileQueries.results(6)); // cached, not shown
    fake.calls.length = 0;

    socket.push('driver.results.changed', { profileIds: [5, 6] });
    await flush();

    expect([...fake.calls].sort()).toEqual(['GET /api/profile/5/results', 'GET /api/profile/5/stats-summary']);
    expect(queryClient.getQueryState(profileQueries.results(6).queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(profileQueries.stats(7).queryKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(profileQueries.events(5).queryKey)?.isInvalidated).toBe(false);
  });
});
