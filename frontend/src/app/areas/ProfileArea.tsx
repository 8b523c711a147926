import type { AreaPages } from './areaProps.js';
import { lazyPage, plainPage } from './lazyPage.js';

/** The signed-in user's own screens. */
export const PROFILE_PAGES: AreaPages = {
  Profile: plainPage(() => import('../../features/profiles/components/ProfilePage.js')),
  MyTeams: lazyPage(() => import('../../features/teams/components/MyTeamsPage.js')),
  Notifications: lazyPage(() => import('../../features/notifications/components/NotificationsPage.js')),
  'Profile-Rivals': lazyPage(() => import('../../features/rivals/components/ProfileRivalsPage.js')),
};
