import { lazy } from 'react';
import { HomePage } from '../../features/home/index.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { AreaPage } from './AreaPage.js';
import type { AreaPages, AreaProps } from './areaProps.js';

// Home comes with the area; the other screens load on their first visit, so Home stays light.
const PAGES: AreaPages = {
  Home: HomePage,
  '404': NotFoundPage,
  'Event-List': lazy(() => import('../../features/events/components/EventListPage.js')),
  'Event-details': lazy(() => import('../../features/events/components/EventDetailsPage.js')),
  'Event-Assessment': lazy(() => import('../../features/events/components/AssessmentPage.js')),
  Media: lazy(() => import('../../features/media/MediaPage.js')),
  Live: lazy(() => import('../../features/live/LivePage.js')),
  Grid: lazy(() => import('../../features/profiles/components/GridPage.js')),
  PublicProfile: lazy(() => import('../../features/profiles/components/PublicProfilePage.js')),
  Crew: lazy(() => import('../../features/profiles/components/CrewPage.js')),
  GridTeams: lazy(() => import('../../features/teams/components/GridTeamsPage.js')),
};

/** Screens every visitor may see (SPEC §4), loaded as one chunk. */
export default function PublicArea({ route }: AreaProps) {
  return <AreaPage route={route} pages={PAGES} />;
}
