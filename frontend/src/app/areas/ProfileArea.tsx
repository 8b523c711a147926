import { lazy } from 'react';
import { AreaPage } from './AreaPage.js';
import type { AreaPages, AreaProps } from './areaProps.js';

const PAGES: AreaPages = {
  Profile: lazy(() => import('../../features/profiles/components/ProfilePage.js')),
  MyTeams: lazy(() => import('../../features/teams/components/MyTeamsPage.js')),
};

/** The profile screens, loaded as their own chunk only when one is opened. */
export default function ProfileArea({ route }: AreaProps) {
  return <AreaPage route={route} pages={PAGES} />;
}
