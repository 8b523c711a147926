/**
 * The one bridge from pushed messages to the query cache. What each message refreshes is declared with
 * the push itself (contracts/pushes.ts): those reads are marked stale and refetched where shown
 * (`invalidateQueries`) — except what this browser already holds fresh from its own change. A message
 * that carries the new value is also written in place (`setQueryData`, APPLIED below). After a
 * `resync`, or when the connection comes back, everything shown is refetched (messages may have been
 * missed meanwhile).
 */
import type { QueryClient } from '@tanstack/react-query';
import { SESSION_CHANGED } from '@paddock/contracts/client-events.js';
import { PUSHES, type AppliedMessageName, type ClientEffect, type PushedMessageName, type PushedPayload } from '@paddock/contracts/pushes.js';
import type { RealtimeConnection } from '../../lib/realtime/connection.js';
import { ownChangesOf } from '../../lib/query/ownChanges.js';
import { refetchMissed } from '../../lib/query/refetchMissed.js';
import { communityKeys } from '../../features/community/index.js';
import { applyStandings, onCompetitionsChanged } from '../../features/competitions/index.js';
import { applyAttendance, eventKeys, liveChangedEcho, type LiveDto } from '../../features/events/index.js';
import { refreshCurrentUser } from '../../features/profiles/index.js';
import { siteKeys } from '../../features/site/index.js';
import { noteRivalBeaten } from '../../features/rivals/index.js';
import { currentUserAtom } from '../../features/auth/index.js';
import { appStore } from '../../lib/store.js';
import { CACHED_READ_KEYS } from './cachedReadKeys.js';

/** What the browser does itself with the messages declared `applied` (the type asks for each). */
const APPLIED: { [M in AppliedMessageName]: (queryClient: QueryClient, message: PushedPayload<M>) => void } = {
  'headlines.changed': (queryClient, { headlines }) => queryClient.setQueryData(communityKeys.headlines, headlines),
  'maintenance.changed': (queryClient, { enabled }) => queryClient.setQueryData(siteKeys.maintenance, { enabled }),
  'event.attendance.changed': (queryClient, message) => applyAttendance(queryClient, message),
  // Ended: the new value is known. Started or changed: the stream is not in the message.
  'live.changed': (queryClient, { live }) => {
    if (!live) {
      ownChangesOf(queryClient).take(liveChangedEcho);
      queryClient.setQueryData<LiveDto>(eventKeys.live, { event: null, stream: null });
      return;
    }
    const fresh = ownChangesOf(queryClient).take(liveChangedEcho);
    void queryClient.invalidateQueries({ queryKey: eventKeys.live, predicate: (query) => !fresh.has(query.queryHash) });
  },
  // Who the user is (menus and redirects follow): completed profile, promotion, team roles, invitations.
  'me.changed': () => void refreshCurrentUser(),
  // Groups, competitions, seasons or results: refetched where shown, but not the standings (their own push).
  'competitions.changed': (queryClient) => onCompetitionsChanged(queryClient),
  // The standings themselves: written in place, unless the cache already holds a newer version.
  'season.standings.changed': (queryClient, standings) => applyStandings(queryClient, standings),
  'rivals.beaten': (_queryClient, message) => noteRivalBeaten(message),
};

/**
 * What a pushed message does to the cache: refetches the reads it names where shown (not the queries
 * this browser wrote for its echo), and applies it when it is declared `applied`.
 */
export function applyMessage<M extends PushedMessageName>(queryClient: QueryClient, name: M, message: PushedPayload<M>): void {
  const { refreshes, echo, applied } = PUSHES[name].client as ClientEffect<PushedPayload<M>>;
  if (refreshes) {
    const fresh = echo ? ownChangesOf(queryClient).take(echo(message)) : new Set<string>();
    for (const [read, ...args] of refreshes(message)) {
      const queryKey = (CACHED_READ_KEYS[read] as (...keyArgs: unknown[]) => readonly unknown[])(...args);
      void queryClient.invalidateQueries({ queryKey, predicate: (query) => !fresh.has(query.queryHash) });
    }
  }
  if (applied) (APPLIED[name as AppliedMessageName] as (queryClient: QueryClient, message: PushedPayload<M>) => void)(queryClient, message);
}

/** Connects the cache to the live connection; returns a function that disconnects it. */
export function bridgeToCache(queryClient: QueryClient, connection: RealtimeConnection): () => void {
  const apply = applyMessage as (queryClient: QueryClient, name: PushedMessageName, message: unknown) => void;
  const stops = (Object.keys(PUSHES) as PushedMessageName[]).map((name) => connection.on(name, (message) => apply(queryClient, name, message)));
  // Signed out (elsewhere, or the session expired) or roles changed: who the user is, and all shown, may differ.
  // Signed out: the user is cleared (the live connection reopens as a visitor's, protected pages leave).
  stops.push(
    connection.on(SESSION_CHANGED, ({ signedIn }) => {
      if (signedIn) void refreshCurrentUser();
      else appStore.set(currentUserAtom, null);
      void queryClient.invalidateQueries();
    }),
  );
  // RealtimeConnection calls this for `resync`, when the connection comes back, and on the page's first
  // connect unless the server says nothing was sent to its rooms since the page was served.
  stops.push(connection.onResync(() => void refetchMissed(queryClient)));
  return () => {
    for (const stop of stops) stop();
  };
}
