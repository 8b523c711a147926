import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { profileQueries } from '../../features/profiles/index.js';
import { RealtimeConnection } from '../../lib/realtime/connection.js';
import { createQueryClient } from '../../lib/query/queryClient.js';
import { installFakeApi, type FakeApi } from '../../testing/fakeApi.js';
import { FakeSocket } from '../../testing/fakeSocket.js';
import { bridgeToCache } from './cacheBridge.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ok = (body: unknown) => ({ status: 200, body });
const stats = (profileId: number) => ({ profileId, starts: 0, wins: 0, podiums: 0, poles: 0, fastestLaps: 0, dnfs: 0, averageFinish: null, points: 0 });

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

function setUp(): { queryClient: QueryClient; socket: FakeSocket; fake: FakeApi } {
  const fake = installFakeApi({
    'GET /api/profile/5/results': () => ok([]),
    'GET /api/profile/5/stats-summary': () => ok(stats(5)),
    'GET /api/profile/5/events': () => ok([]),
    'GET /api/profile/6/results': () => ok([]),
    'GET /api/profile/6/stats-summary': () => ok(stats(6)),
    'GET /api/profile/7/stats-summary': () => ok(stats(7)),
  });
  const queryClient = createQueryClient();
  const socket = new FakeSocket();
  const connection = new RealtimeConnection(() => socket.asSocket());
  connection.connect();
  stops.push(
    bridgeToCache(queryClient, connection),
    () => connection.disconnect(),
    () => queryClient.clear(),
  );
  return { queryClient, socket, fake };
}

/** Shows a query (an observer makes it active, as a mounted profile page does). */
async function show(
  queryClient: QueryClient,
  options: ReturnType<typeof profileQueries.results> | ReturnType<typeof profileQueries.stats> | ReturnType<typeof profileQueries.events>,
) {
  const observer = new QueryObserver(queryClient, options as never);
  stops.push(observer.subscribe(() => undefined));
  await flush();
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
