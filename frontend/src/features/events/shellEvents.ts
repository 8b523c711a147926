/**
 * What the header shows of events on every page: the next planned race and whether a race is live.
 * Each loads once, follows its push message, and reloads after a reconnect. Both return a stop function.
 */
import { api } from '../../lib/api/client.js';
import { realtime, type RealtimeConnection } from '../../lib/realtime/connection.js';
import type { AppStore } from '../../lib/store.js';
import { liveEventIdAtom, nextPlannedEventAtom, nextPlannedEventLoadedAtom } from './atoms.js';
import type { EventDto, LiveDto, Page } from './types.js';

/** SPEC §2: the first planned event, page 1 of size 1 (sent 0-based). */
export const NEXT_PLANNED_QUERY = { pageNumber: 0, pageSize: 1 } as const;

export function watchNextPlannedEvent(store: AppStore, connection: RealtimeConnection = realtime): () => void {
  let stopped = false;
  const load = () => {
    api.get<Page<EventDto>>('/events/planned', { query: NEXT_PLANNED_QUERY, silent: true }).then(
      (page) => {
        if (stopped) return;
        store.set(nextPlannedEventAtom, page.content[0] ?? null);
        store.set(nextPlannedEventLoadedAtom, true);
      },
      () => !stopped && store.set(nextPlannedEventLoadedAtom, true),
    );
  };
  const stops = [connection.on('events.changed', load), connection.onResync(load)];
  load();
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

export function watchLiveEvent(store: AppStore, connection: RealtimeConnection = realtime): () => void {
  let stopped = false;
  const load = () => {
    api.get<LiveDto>('/live', { silent: true }).then(
      ({ event }) => !stopped && store.set(liveEventIdAtom, event?.id ?? null),
      () => undefined,
    );
  };
  const stops = [
    connection.on('live.changed', ({ live, eventId }) => store.set(liveEventIdAtom, live ? eventId : null)),
    connection.onResync(load),
  ];
  load();
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}
