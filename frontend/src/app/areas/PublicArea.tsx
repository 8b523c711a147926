import type { AreaPages } from './areaProps.js';
import { lazyPage } from './lazyPage.js';

/** Screens every visitor may see (SPEC §4). */
export const PUBLIC_PAGES: AreaPages = {
  Home: lazyPage(() => import('../../features/home/HomePage.js')),
  '404': lazyPage(
    () => import('../pages/NotFoundPage.js'),
    (m) => <m.NotFoundPage />,
  ),
  'Event-List': lazyPage(() => import('../../features/events/components/EventListPage.js')),
  'Event-details': lazyPage(() => import('../../features/events/components/EventDetailsPage.js')),
  'Event-Assessment': lazyPage(() => import('../../features/events/components/AssessmentPage.js')),
  Media: lazyPage(() => import('../../features/media/MediaPage.js')),
  Live: lazyPage(() => import('../../features/live/LivePage.js')),
  Grid: lazyPage(() => import('../../features/profiles/components/GridPage.js')),
  PublicProfile: lazyPage(() => import('../../features/profiles/components/PublicProfilePage.js')),
  Crew: lazyPage(() => import('../../features/profiles/components/CrewPage.js')),
  GridTeams: lazyPage(() => import('../../features/teams/components/GridTeamsPage.js')),
  'Competitions-Current': lazyPage(() => import('../../features/competitions/components/SeriesPage.js')),
  'Competitions-Current-details': lazyPage(() => import('../../features/competitions/components/SeriesDetailsPage.js')),
  'Competitions-Standings': lazyPage(() => import('../../features/competitions/components/StandingsPage.js')),
};
