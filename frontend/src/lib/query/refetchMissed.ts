import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Refetches what may have missed a pushed message (all queries, or those under `queryKey`): after the
 * connection opens, after a `resync`, after a room is confirmed. A fetch still under way may have read
 * the league before a change this socket was not yet there to hear about: its answer is shown at once
 * (no wait), then fetched once more.
 */
export function refetchMissed(queryClient: QueryClient, queryKey?: QueryKey): void {
  const underWay = new Set(queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' }));
  void queryClient.invalidateQueries({ queryKey, predicate: (query) => !underWay.has(query) });
  for (const query of underWay) {
    void query
      .fetch()
      .catch(() => undefined)
      .then(() => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }));
  }
}
