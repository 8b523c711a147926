import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** Resolves in a later task, so the main thread can take input and paint in between. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Refetches what may have missed a pushed message (all queries, or those under `queryKey`): after the
 * connection opens, after a `resync`, after a room is confirmed. A fetch still under way may have read
 * the league before a change this socket was not yet there to hear about: its answer is shown at once
 * (no wait), then fetched once more.
 *
 * Everything is marked stale at once (a screen that mounts meanwhile fetches it anew), but the shown
 * queries are sent again one task each: a page's dozen reads sent in one go made a task of 100 ms on a
 * phone right when the connection opened, which held up a tap made then.
 */
export function refetchMissed(queryClient: QueryClient, queryKey?: QueryKey): Promise<void> {
  const cache = queryClient.getQueryCache();
  const underWay = new Set(cache.findAll({ queryKey, fetchStatus: 'fetching' }));
  const shown = cache.findAll({ queryKey, type: 'active', predicate: (query) => !underWay.has(query) });
  void queryClient.invalidateQueries({ queryKey, predicate: (query) => !underWay.has(query), refetchType: 'none' });
  for (const query of underWay) {
    void query
      .fetch()
      .catch(() => undefined)
      .then(() => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }));
  }
  return refetchEachInItsOwnTask(shown);
}

async function refetchEachInItsOwnTask(queries: readonly Query[]): Promise<void> {
  for (const query of queries) {
    await nextTask();
    // Unless no longer shown, or fetched meanwhile (a push, the screen itself): as invalidateQueries would.
    if (query.isActive() && query.state.isInvalidated && query.state.fetchStatus === 'idle') void query.fetch().catch(() => undefined);
  }
}
