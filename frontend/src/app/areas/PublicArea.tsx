import { DEFAULT_PAGE_SIZE, toPageRequest } from '../../components/paging.js';
import { routeId } from '../../components/routeId.js';
import { firstRead } from '../../lib/query/queryClient.js';
import { catalogueQueries } from '../../features/catalogue/index.js';
import EventDetailsPage from '../../features/events/components/EventDetailsPage.js';
import EventListPage from '../../features/events/components/EventListPage.js';
import { eventQueries } from '../../features/events/index.js';
import HomePage from '../../features/home/HomePage.js';
import type { AreaPages, FirstReads } from './areaProps.js';
import { landingPage, lazyPage, plainPage } from './lazyPage.js';

/** Screens every visitor may see (SPEC §4). */
export const PUBLIC_PAGES: AreaPages = {
  Home: landingPage(HomePage),
  '404': plainPage(
    () => import('../pages/NotFoundPage.js'),
    (m) => <m.NotFoundPage />,
  ),
  'Event-List': landingPage(EventListPage),
  'Event-details': landingPage(EventDetailsPage),
  'Event-Assessment': lazyPage(() => import('../../features/events/components/AssessmentPage.js')),
  Media: lazyPage(() => import('../../features/media/MediaPage.js')),
  Live: lazyPage(() => import('../../features/live/LivePage.js')),
  'Live-Overlay': lazyPage(() => import('../../features/live/LiveOverlayPage.js')),
  Grid: lazyPage(() => import('../../features/profiles/components/GridPage.js')),
  PublicProfile: lazyPage(() => import('../../features/profiles/components/PublicProfilePage.js')),
  Crew: lazyPage(() => import('../../features/profiles/components/CrewPage.js')),
  GridTeams: lazyPage(() => import('../../features/teams/components/GridTeamsPage.js')),
  'Competitions-Current': lazyPage(() => import('../../features/competitions/components/SeriesPage.js')),
  'Competitions-Current-details': plainPage(() => import('../../features/competitions/components/SeriesDetailsPage.js')),
  'Competitions-Standings': plainPage(() => import('../../features/competitions/components/StandingsPage.js')),
  'Paddock-Safety-Car': lazyPage(() => import('../../features/stewarding/components/SafetyCarPage.js')),
  Rivals: lazyPage(() => import('../../features/rivals/components/RivalsPage.js')),
  Merchandise: lazyPage(() => import('../../features/community/components/MerchandisePage.js')),
  Downloads: lazyPage(() => import('../../features/community/components/DownloadsPage.js')),
};

/** What Home, Event-List and Event-details ask for first (HomePage, EventListPage, useLiveEventDetails). */
/** The competitions' reads go through GraphQL: a chunk of their own (graphql-request stays out of the entry). */
export const competitionsApi = () => import('../../features/competitions/index.js');

export const PUBLIC_FIRST_READS: FirstReads = {
  Home: (queryClient) => void queryClient.prefetchQuery(eventQueries.planned({ pageNumber: 0, pageSize: 10 }, undefined, { silent: true })),
  'Event-List': (queryClient) => {
    void queryClient.prefetchQuery(catalogueQueries.games());
    void queryClient.prefetchQuery(eventQueries.planned(toPageRequest(0, DEFAULT_PAGE_SIZE), { gameId: null, platform: 'ALL' }));
  },
  'Event-details': (queryClient, { event }) => {
    const id = routeId(event);
    if (id !== null) void queryClient.prefetchQuery(eventQueries.details(id));
  },
  // The standings themselves depend on the viewer's role (an organizer sees a preview): read once start-up knows it.
  'Competitions-Standings': (queryClient, params) => {
    const competition = routeId(params.competition);
    const season = routeId(params.season);
    if (competition === null || season === null) return;
    void competitionsApi().then(({ competitionQueries }) => firstRead(queryClient, competitionQueries.leaderboard(competition, season)).catch(() => undefined));
  },
  // The season, then the results of the round that opens by itself.
  'Competitions-Current-details': (queryClient, params) => {
    const competition = routeId(params.competition);
    const season = routeId(params.season);
    if (competition === null || season === null) return;
    competitionsApi()
      .then(async ({ competitionQueries, openRound }) => {
        const details = await firstRead(queryClient, competitionQueries.seriesDetails(competition, season));
        const opened = details.season.competition.id === competition ? openRound(details.season.events, window.location.hash) : null;
        if (opened !== null) await firstRead(queryClient, competitionQueries.seasonEvent(season, opened));
      })
      .catch(() => undefined);
  },
};
