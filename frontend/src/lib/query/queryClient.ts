import { QueryClient } from '@tanstack/react-query';

/**
 * The client's one cache of server data. Failures are announced by the API client itself (the Error
 * dialog; 401/403 and `silent` calls stay quiet), so queries do not retry behind the user's back.
 * Data that pushed messages keep current may be reused for a while; everything shown is refetched
 * after a reconnect or a `resync` (see app/live/cacheBridge.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

export const appQueryClient = createQueryClient();

/** How long data kept current by pushed messages is fresh without asking again. */
export const PUSHED_STALE_TIME = 60_000;
