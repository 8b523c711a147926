/**
 * The live timing of a race in the browser: read once from `GET /races/:raceId/timing`, then kept current by
 * the `live.frame` messages of room `live:<raceId>` (a snapshot on joining, then deltas), written into the
 * query cache under `timingKeys.race(raceId)`. A gap in the deltas re-joins the room for a fresh snapshot; a
 * reconnect re-joins it anyway (RealtimeConnection replays its rooms).
 */
import { createContext, useContext, useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ClientEventName } from '@paddock/contracts/client-events.js';
import type { LiveStandingsMessage, LiveTiming } from '@paddock/contracts/timing.js';
import { api, ApiError } from '../../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../../lib/query/queryClient.js';
import { realtime, type RealtimeConnection } from '../../../lib/realtime/connection.js';
import { applyFrame, raceOfFrame } from './applyFrame.js';

/** The message the server sends the frames of room `live:<raceId>` as. */
export const TIMING_FRAME = 'live.frame' satisfies ClientEventName;
/** The message the server sends the standings "if the race ended now" of room `live:<raceId>` as. */
export const LIVE_STANDINGS = 'live.standings' satisfies ClientEventName;

export const timingKeys = {
  all: ['timing'] as const,
  race: (raceId: number) => ['timing', raceId] as const,
  standings: (raceId: number) => ['timing', raceId, 'standings'] as const,
};

/** While a race has no live timing, how often to ask whether it has started. */
export const NO_TIMING_POLL_MS = 30_000;
/** How long to wait for the snapshot a re-join asked for before another gap may ask again. */
export const RESYNC_RETRY_MS = 3_000;

/**
 * The race's timing as the API has it (null: the race has no live timing). Never replaces a newer version the
 * pushed frames wrote meanwhile.
 */
export const timingQuery = (queryClient: QueryClient, raceId: number) =>
  queryOptions({
    queryKey: timingKeys.race(raceId),
    queryFn: async (): Promise<LiveTiming | null> => {
      // Read once the answer is in: frames may have written a newer version while it was on its way.
      const shown = () => queryClient.getQueryData<LiveTiming | null>(timingKeys.race(raceId)) ?? null;
      try {
        const fetched = await api.get('/races/:raceId/timing', { params: { raceId }, silent: true });
        const current = shown();
        return current && current.version >= fetched.version ? current : fetched;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return shown();
        throw error;
      }
    },
    staleTime: PUSHED_STALE_TIME,
    refetchInterval: (query) => (query.state.data === null ? NO_TIMING_POLL_MS : false),
  });

/** The live connection the timing listens on: the app's own, or a test's over a fake socket. */
export const TimingConnectionContext = createContext<RealtimeConnection>(realtime);

interface Feed {
  holders: number;
  stop: () => void;
}

/** One feed per race and cache, however many components show it: one room join, so a re-join really re-subscribes. */
const feeds = new WeakMap<QueryClient, Map<number, Feed>>();

function openFeed(queryClient: QueryClient, connection: RealtimeConnection, raceId: number): () => void {
  const room = `live:${raceId}`;
  const key = timingKeys.race(raceId);
  let resyncAskedAt: number | null = null;
  let leave = connection.join(room);
  const stopListening = connection.on(TIMING_FRAME, (frame) => {
    if (raceOfFrame(frame) !== raceId) return;
    if (frame.kind === 'snapshot') resyncAskedAt = null;
    const shown = queryClient.getQueryData<LiveTiming | null>(key) ?? null;
    const next = applyFrame(shown, frame);
    if (next === 'resync') {
      // Deltas keep coming until the snapshot does: ask once, not once per delta.
      if (resyncAskedAt !== null && Date.now() - resyncAskedAt < RESYNC_RETRY_MS) return;
      resyncAskedAt = Date.now();
      leave();
      leave = connection.join(room);
      return;
    }
    if (next !== shown) queryClient.setQueryData(key, next);
  });
  // The room's latest on joining, then each new one; one of an older timing version (a slow worker's) is ignored.
  const stopStandings = connection.on(LIVE_STANDINGS, (message) => {
    if (message.raceId !== raceId) return;
    const shown = queryClient.getQueryData<LiveStandingsMessage | null>(timingKeys.standings(raceId));
    if (!shown || message.version >= shown.version) queryClient.setQueryData(timingKeys.standings(raceId), message);
  });
  return () => {
    stopListening();
    stopStandings();
    leave();
  };
}

/** Keeps the race's feed open until the returned function is called (by every holder). */
function holdFeed(queryClient: QueryClient, connection: RealtimeConnection, raceId: number): () => void {
  const byRace = feeds.get(queryClient) ?? new Map<number, Feed>();
  feeds.set(queryClient, byRace);
  const feed = byRace.get(raceId) ?? { holders: 0, stop: openFeed(queryClient, connection, raceId) };
  feed.holders += 1;
  byRace.set(raceId, feed);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    feed.holders -= 1;
    if (feed.holders > 0) return;
    byRace.delete(raceId);
    feed.stop();
  };
}

/**
 * The season's standings were the race to end now, as the race's room last sent them (null: none yet). Only
 * pushed: kept current by the feed `useLiveTiming` holds open for the same race.
 */
export function useLiveStandings(raceId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: timingKeys.standings(raceId),
    queryFn: () => queryClient.getQueryData<LiveStandingsMessage | null>(timingKeys.standings(raceId)) ?? null,
    staleTime: Infinity,
  });
}

/** The race's live timing, kept current while shown (null race: none). `data` is null when the race has no live timing. */
export function useLiveTiming(raceId: number | null) {
  const queryClient = useQueryClient();
  const connection = useContext(TimingConnectionContext);
  const query = useQuery({ ...timingQuery(queryClient, raceId ?? 0), enabled: raceId !== null });
  useEffect(() => (raceId === null ? undefined : holdFeed(queryClient, connection, raceId)), [queryClient, connection, raceId]);
  return query;
}
