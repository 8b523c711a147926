import { QueryClient, type FetchQueryOptions, type Query, type QueryKey } from '@tanstack/react-query';

/**
 * The client's one cache of server data. Failures are announced by the API client itself (the Error
 * dialog; 401/403 and `silent` calls stay quiet), so queries do not retry behind the user's back.
 * Data that pushed messages keep current may be reused for a while; everything shown is refetched
 * after a reconnect or a `resync` (see app/live/cacheBridge.ts).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0, refetchOnMount: (query) => !takesFirstRead(query) },
      mutations: { retry: false },
    },
  });
  // A first read serves the first screen that shows it, until that screen is gone.
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'observerRemoved') firstReads.delete(event.query);
  });
  return client;
}

export const appQueryClient = createQueryClient();

/** How long data kept current by pushed messages is fresh without asking again. */
export const PUSHED_STALE_TIME = 60_000;

/** How long an answer read at boot for the opened page stays good for that page's first mount. */
const FIRST_READ_FRESH_MS = 30_000;

/** Queries a page's first reads fetched at boot (app/areas), not yet shown, by when their answer came. */
const firstReads = new WeakMap<Query<unknown, Error, unknown, QueryKey>, number>();

/** A query's first mount takes a first read's answer as it is (with `staleTime` 0 it would ask again, the answer being older than the mount). */
function takesFirstRead(query: Query<unknown, Error, unknown, QueryKey>): boolean {
  const answeredAt = firstReads.get(query);
  return answeredAt !== undefined && answeredAt === query.state.dataUpdatedAt && Date.now() - answeredAt < FIRST_READ_FRESH_MS;
}

/**
 * Reads `options` at boot for the page being opened, before its screen asks: the screen's first mount then
 * uses the answer instead of asking again. Answers the data (rejects as `fetchQuery` does).
 */
export async function firstRead<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<T> {
  const data = await queryClient.fetchQuery(options);
  const query = queryClient.getQueryCache().find<T>({ queryKey: options.queryKey, exact: true });
  // Only when no screen has mounted it meanwhile (that one already had the answer from the first read).
  if (query && query.getObserversCount() === 0) firstReads.set(query as Query<unknown, Error, unknown, QueryKey>, query.state.dataUpdatedAt);
  return data;
}
