import { PUSH_CURSOR_TIMING, type PushesSince } from '@paddock/contracts/client-events.js';

/**
 * Where this page stands in the league's messages: the push log's cursor its HTML was served with (a
 * Server-Timing entry) and the page's age; null when the page came without one (the server's Redis did
 * not answer, or a browser that does not show Server-Timing): it then refetches what it shows on connect.
 */
export function pageSince(): PushesSince | null {
  const navigation = globalThis.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const cursor = navigation?.serverTiming?.find((entry) => entry.name === PUSH_CURSOR_TIMING)?.description;
  // Counted from the start of the navigation, before the server took the cursor: a little older than it is.
  return cursor ? { cursor, ageMs: Math.ceil(performance.now()) } : null;
}
