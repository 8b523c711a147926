/**
 * The one bridge from pushed messages (`ClientEventMap`) to the query cache. A message that carries
 * the new value is written in place (`setQueryData`); one that only says what changed marks those
 * queries stale and refetches the ones on screen (`invalidateQueries`) — except what this browser
 * already holds fresh from its own change. After a `resync`, or when the connection comes back,
 * everything shown is refetched (messages may have been missed meanwhile).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ClientEventMap, ClientEventName } from '@paddock/contracts/client-events.js';
import type { RealtimeConnection } from '../../lib/realtime/connection.js';
import { ownChangesOf } from '../../lib/query/ownChanges.js';
import { refetchMissed } from '../../lib/query/refetchMissed.js';
import { communityKeys } from '../../features/community/index.js';
import { biddingKeys } from '../../features/bidding/index.js';
import { applyStandings, onCompetitionsChanged } from '../../features/competitions/index.js';
import { applyAttendance, eventKeys, eventsChangedEcho, liveChangedEcho, type LiveDto } from '../../features/events/index.js';
import { onDriversChanged, onMeChanged, onTeamsChanged, profileQueries, refreshCurrentUser } from '../../features/profiles/index.js';
import { siteKeys } from '../../features/site/index.js';
import { onSafetyCarChanged, onTicketNotice, onTicketsChanged } from '../../features/stewarding/index.js';
import { onRivalBeaten, onRivalQueueChanged, onRivalsScheduleChanged, onRivalTimeChanged } from '../../features/rivals/index.js';
import { currentUserAtom } from '../../features/auth/index.js';
import { appStore } from '../../lib/store.js';

type Handlers = { [N in Exclude<ClientEventName, 'resync'>]: (queryClient: QueryClient, message: ClientEventMap[N]) => void };

/** Refetches what is shown under `queryKey`, leaving alone the queries this browser wrote for `echo`. */
function refresh(queryClient: QueryClient, queryKey: readonly unknown[], echo: string): void {
  const fresh = ownChangesOf(queryClient).take(echo);
  void queryClient.invalidateQueries({ queryKey, predicate: (query) => !fresh.has(query.queryHash) });
}

/** What each message does to the cache; a new message name must be added here (the type says so). */
export const MESSAGE_HANDLERS: Handlers = {
  'headlines.changed': (queryClient, { headlines }) => queryClient.setQueryData(communityKeys.headlines, headlines),
  'maintenance.changed': (queryClient, { enabled }) => queryClient.setQueryData(siteKeys.maintenance, { enabled }),
  'event.attendance.changed': (queryClient, message) => applyAttendance(queryClient, message),
  // Published, unpublished or edited: lists, headers and the event's page may all show it.
  'events.changed': (queryClient, { eventId }) => refresh(queryClient, eventKeys.all, eventsChangedEcho(eventId)),
  // Ended: the new value is known. Started or changed: the stream is not in the message.
  'live.changed': (queryClient, { live }) => {
    if (!live) {
      ownChangesOf(queryClient).take(liveChangedEcho);
      queryClient.setQueryData<LiveDto>(eventKeys.live, { event: null, stream: null });
      return;
    }
    refresh(queryClient, eventKeys.live, liveChangedEcho);
  },
  // Who the user is changed (profile completed, promoted, team roles, invitations): menus and redirects follow.
  'me.changed': (queryClient) => onMeChanged(queryClient),
  'drivers.changed': (queryClient) => onDriversChanged(queryClient),
  'teams.changed': (queryClient) => onTeamsChanged(queryClient),
  // Groups, competitions, seasons or results changed: what is shown of them is refetched.
  'competitions.changed': (queryClient) => onCompetitionsChanged(queryClient),
  // Results saved: these drivers' results and stats refetch where a profile page shows them.
  'driver.results.changed': (queryClient, { profileIds }) => {
    for (const id of profileIds) {
      void queryClient.invalidateQueries({ queryKey: profileQueries.results(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: profileQueries.stats(id).queryKey });
    }
  },
  // The standings themselves: written in place, unless the cache already holds a newer version.
  'season.standings.changed': (queryClient, standings) => applyStandings(queryClient, standings),
  // Signed out (elsewhere, or the session expired) or roles changed: who the user is, and all shown, may differ.
  // Signed out: the user is cleared (the live connection reopens as a visitor's, protected pages leave).
  'session.changed': (queryClient, { signedIn }) => {
    if (signedIn) void refreshCurrentUser();
    else appStore.set(currentUserAtom, null);
    void queryClient.invalidateQueries();
  },
  // Stewarding: the live steward queue and an open ticket; a party's own tickets and licence; the public decisions.
  'tickets.changed': (queryClient, message) => onTicketsChanged(queryClient, message),
  'ticket.notice': (queryClient, message) => onTicketNotice(queryClient, message),
  'safety-car.changed': (queryClient) => onSafetyCarChanged(queryClient),
  // Rivals: servers rotated, a board changed, a picked rival beat the user, the stewards' queue changed.
  'rivals.schedule.changed': (queryClient) => onRivalsScheduleChanged(queryClient),
  'rivals.time.changed': (queryClient, message) => onRivalTimeChanged(queryClient, message),
  'rivals.beaten': (queryClient, message) => onRivalBeaten(queryClient, message),
  'rivals.queue.changed': (queryClient, message) => onRivalQueueChanged(queryClient, message),
  // Affiliates, merchandise or downloads changed: what is shown of them is refetched.
  'affiliates.changed': (queryClient) => void queryClient.invalidateQueries({ queryKey: communityKeys.affiliates }),
  'merchandise.changed': (queryClient) => void queryClient.invalidateQueries({ queryKey: communityKeys.merchandise }),
  'downloads.changed': (queryClient) => void queryClient.invalidateQueries({ queryKey: communityKeys.downloads }),
  // Bidding: a round set up or changed, a lot's close moved, lots settled (results): the bidder panels and the organizers' list refetch.
  'bidding.changed': (queryClient) => void queryClient.invalidateQueries({ queryKey: biddingKeys.all }),
  'bidding.settled': (queryClient) => void queryClient.invalidateQueries({ queryKey: biddingKeys.all }),
};

/** Connects the cache to the live connection; returns a function that disconnects it. */
export function bridgeToCache(queryClient: QueryClient, connection: RealtimeConnection): () => void {
  const stops = (Object.keys(MESSAGE_HANDLERS) as (keyof Handlers)[]).map((name) =>
    connection.on(name, (message) => (MESSAGE_HANDLERS[name] as (client: QueryClient, payload: unknown) => void)(queryClient, message)),
  );
  // RealtimeConnection calls this for `resync` and on every connect, the first included.
  stops.push(connection.onResync(() => refetchMissed(queryClient)));
  return () => {
    for (const stop of stops) stop();
  };
}
