import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, toPageRequest } from '../../components/paging.js';
import { routeId } from '../../components/routeId.js';
import { BidderPanelSlot, biddingQueries } from '../../features/bidding/index.js';
import { catalogueQueries } from '../../features/catalogue/index.js';
import { NotificationSettingsSlot, notificationQueries } from '../../features/notifications/index.js';
import { profileQueries } from '../../features/profiles/index.js';
import { pushQueries } from '../../features/push/index.js';
import { MyTicketsAndLicence, NO_QUEUE_FILTERS, stewardingQueries } from '../../features/stewarding/index.js';
import { teamQueries } from '../../features/teams/index.js';
import type { Area } from '../routes/routeTable.js';
import type { FirstReads } from './areaProps.js';
import { competitionsApi } from './PublicArea.js';

/*
 * What the signed-in pages ask for first (see FirstReads), by area: a chunk of its own, loaded at boot
 * only when the opened page is a signed-in one, so a visitor's entry stays without these features' reads.
 */

const PROFILE_FIRST_READS: FirstReads = {
  // The profile's sections (and their chunks) with the profile itself, so the page is drawn whole: sections
  // arriving one by one above the form pushed it down.
  Profile: (queryClient) => {
    void MyTicketsAndLicence.preload().catch(() => undefined);
    void BidderPanelSlot.preload().catch(() => undefined);
    void NotificationSettingsSlot.preload().catch(() => undefined);
    void queryClient.prefetchQuery(profileQueries.takenNumbers());
    void queryClient.prefetchQuery(catalogueQueries.games());
    void queryClient.prefetchQuery(teamQueries.invites(true));
    void queryClient.prefetchQuery(stewardingQueries.mine(toPageRequest(0, DEFAULT_PAGE_SIZE)));
    void queryClient.prefetchQuery(notificationQueries.settings());
    void queryClient.prefetchQuery(pushQueries.devices());
    queryClient
      .fetchQuery(profileQueries.mine())
      .then((mine) => {
        void queryClient.prefetchQuery(stewardingQueries.licence(mine.id));
        if (!mine.profileCompleted) return;
        void queryClient.prefetchQuery(biddingQueries.mine('numbers'));
        void queryClient.prefetchQuery(profileQueries.calendar());
      })
      .catch(() => undefined);
  },
};

const STEWARD_FIRST_READS: FirstReads = {
  'Steward-Tickets': (queryClient) => {
    void queryClient.prefetchQuery(stewardingQueries.queue(NO_QUEUE_FILTERS, toPageRequest(0, DEFAULT_PAGE_SIZE)));
    void competitionsApi().then(({ competitionQueries }) => queryClient.prefetchQuery(competitionQueries.series()));
  },
  'Steward-Ticket': (queryClient, { ticket }) => {
    const id = routeId(ticket);
    if (id !== null) void queryClient.prefetchQuery(stewardingQueries.ticket(id));
  },
};

const ORGANIZER_FIRST_READS: FirstReads = {
  // With the race in the URL its grid, draft, import sources and history are read alongside the season.
  'Organize-Season-Event-Results': (queryClient, params) => {
    const seasonId = routeId(params.season);
    const eventId = routeId(params.event);
    const raceId = params.race === undefined ? null : routeId(params.race);
    if (seasonId === null) return;
    void competitionsApi().then(({ competitionQueries }) => {
      void queryClient.prefetchQuery(competitionQueries.season(seasonId));
      if (eventId === null || raceId === null) return;
      const race = { seasonId, eventId, raceId };
      void queryClient.prefetchQuery(competitionQueries.results(race));
      void queryClient.prefetchQuery(competitionQueries.liveDraft(race));
      void queryClient.prefetchQuery(competitionQueries.revisions(race));
      void queryClient.prefetchQuery(competitionQueries.sources());
    });
  },
};

export const SIGNED_IN_FIRST_READS: Partial<Record<Area, FirstReads>> = {
  profile: PROFILE_FIRST_READS,
  steward: STEWARD_FIRST_READS,
  organizer: ORGANIZER_FIRST_READS,
};

/** Starts the first reads of the signed-in page `name` of `area`, if it has any. */
export function startSignedInFirstReads(area: Area, name: string, queryClient: QueryClient, params: Record<string, string | undefined>): void {
  SIGNED_IN_FIRST_READS[area]?.[name as keyof FirstReads]?.(queryClient, params);
}
