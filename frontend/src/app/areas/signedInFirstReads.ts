import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, toPageRequest } from '../../components/paging.js';
import { routeId } from '../../components/routeId.js';
import { BidderPanelSlot, biddingQueries } from '../../features/bidding/index.js';
import { catalogueQueries } from '../../features/catalogue/index.js';
import { NotificationSettingsSlot, notificationQueries } from '../../features/notifications/index.js';
import { profileQueries } from '../../features/profiles/index.js';
import { pushQueries } from '../../features/push/index.js';
import { MyTicketsAndLicence, NO_QUEUE_FILTERS, stewardingQueries } from '../../features/stewarding/index.js';
import { teamQueries } from '../../features/teams/index.js';
import { firstRead } from '../../lib/query/queryClient.js';
import type { AppStore } from '../../lib/store.js';
import { sessionAtom } from '../../features/auth/index.js';
import type { Area } from '../routes/routeTable.js';
import type { FirstReads } from './areaProps.js';
import { competitionsApi } from './PublicArea.js';

/*
 * What the signed-in pages ask for first (see FirstReads), by area. Part of the entry, like the visitors'
 * (as a chunk of its own it arrived after start-up's user lookup, too late to help): the features' read
 * definitions cost the entry about 2.5 KiB gzip.
 */

/** Calls `then` with the signed-in user's profile id as soon as start-up's user lookup has found one. */
function whenProfileIdKnown(store: AppStore, then: (profileId: number) => void): void {
  const check = () => {
    const { profileId } = store.get(sessionAtom);
    if (profileId === null) return;
    unsubscribe();
    then(profileId);
  };
  const unsubscribe = store.sub(sessionAtom, check);
  check();
}

/** Starts a first read; a failure is left to the screen, which asks again. */
function read<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>): void {
  firstRead(queryClient, options).catch(() => undefined);
}

const PROFILE_FIRST_READS: FirstReads = {
  // The profile's sections (and their chunks) with the profile itself, so the page is drawn whole: sections
  // arriving one by one above the form pushed it down.
  Profile: (queryClient, _params, store) => {
    void MyTicketsAndLicence.preload().catch(() => undefined);
    void BidderPanelSlot.preload().catch(() => undefined);
    void NotificationSettingsSlot.preload().catch(() => undefined);
    // The page waits for the licence too (see useMyTicketsAnswered), which needs only the profile's id:
    // start-up's user lookup has it long before the profile answers.
    whenProfileIdKnown(store, (profileId) => read(queryClient, stewardingQueries.licence(profileId)));
    // The profile first: the page waits for it, and so do the reads that need its completeness. Then the
    // rest in the page's order, top to bottom (a phone's connection takes six at a time).
    firstRead(queryClient, profileQueries.mine())
      .then((mine) => {
        if (!mine.profileCompleted) return;
        read(queryClient, biddingQueries.mine('numbers'));
        read(queryClient, profileQueries.calendar());
      })
      .catch(() => undefined);
    read(queryClient, teamQueries.invites(true));
    read(queryClient, stewardingQueries.mine(toPageRequest(0, DEFAULT_PAGE_SIZE)));
    read(queryClient, profileQueries.takenNumbers());
    read(queryClient, catalogueQueries.games());
    read(queryClient, notificationQueries.settings());
    read(queryClient, pushQueries.devices());
  },
};

const STEWARD_FIRST_READS: FirstReads = {
  'Steward-Tickets': (queryClient) => {
    read(queryClient, stewardingQueries.queue(NO_QUEUE_FILTERS, toPageRequest(0, DEFAULT_PAGE_SIZE)));
    void competitionsApi().then(({ competitionQueries }) => read(queryClient, competitionQueries.series()));
  },
  'Steward-Ticket': (queryClient, { ticket }) => {
    const id = routeId(ticket);
    if (id !== null) read(queryClient, stewardingQueries.ticket(id));
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
      read(queryClient, competitionQueries.season(seasonId));
      if (eventId === null || raceId === null) return;
      const race = { seasonId, eventId, raceId };
      read(queryClient, competitionQueries.results(race));
      read(queryClient, competitionQueries.liveDraft(race));
      read(queryClient, competitionQueries.revisions(race));
      read(queryClient, competitionQueries.sources());
    });
  },
};

export const SIGNED_IN_FIRST_READS: Partial<Record<Area, FirstReads>> = {
  profile: PROFILE_FIRST_READS,
  steward: STEWARD_FIRST_READS,
  organizer: ORGANIZER_FIRST_READS,
};
