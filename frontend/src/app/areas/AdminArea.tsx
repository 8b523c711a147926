import { lazy } from 'react';
import { AreaPage } from './AreaPage.js';
import type { AreaPages, AreaProps } from './areaProps.js';

const TrackFormPage = lazy(() => import('../../features/catalogue/components/TrackFormPage.js'));

const PAGES: AreaPages = {
  'Admin-Games': lazy(() => import('../../features/catalogue/components/GamesPage.js')),
  'Admin-Game': lazy(() => import('../../features/catalogue/components/GameFormPage.js')),
  'Admin-Tracks': lazy(() => import('../../features/catalogue/components/TracksPage.js')),
  'Admin-Track': () => <TrackFormPage />,
  'Admin-Track-Variants': () => <TrackFormPage variantsOnly />,
  'Admin-Cars': lazy(() => import('../../features/catalogue/components/CarsPage.js')),
  'Admin-Teams': lazy(() => import('../../features/teams/components/AdminTeamsPage.js')),
  'Admin-Team': lazy(() => import('../../features/teams/components/AdminTeamPage.js')),
  'Admin-Users': lazy(() => import('../../features/users/components/UsersPage.js')),
  'Admin-Roles': lazy(() => import('../../features/users/components/RolesPage.js')),
  'Admin-Headlines': lazy(() => import('../../features/community/components/HeadlinesAdminPage.js')),
  'Admin-Maintenance': lazy(() => import('../../features/site/components/MaintenanceAdminPage.js')),
};

/** The admin screens, loaded as their own chunk only when one is opened. */
export default function AdminArea({ route }: AreaProps) {
  return <AreaPage route={route} pages={PAGES} />;
}
