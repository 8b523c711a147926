import type { AreaPages } from './areaProps.js';
import { lazyPage } from './lazyPage.js';

/** The admin screens. */
export const ADMIN_PAGES: AreaPages = {
  'Admin-Games': lazyPage(() => import('../../features/catalogue/components/GamesPage.js')),
  'Admin-Game': lazyPage(() => import('../../features/catalogue/components/GameFormPage.js')),
  'Admin-Tracks': lazyPage(() => import('../../features/catalogue/components/TracksPage.js')),
  'Admin-Track': lazyPage(() => import('../../features/catalogue/components/TrackFormPage.js')),
  'Admin-Track-Variants': lazyPage(
    () => import('../../features/catalogue/components/TrackFormPage.js'),
    (m) => <m.default variantsOnly />,
  ),
  'Admin-Cars': lazyPage(() => import('../../features/catalogue/components/CarsPage.js')),
  'Admin-Teams': lazyPage(() => import('../../features/teams/components/AdminTeamsPage.js')),
  'Admin-Team': lazyPage(() => import('../../features/teams/components/AdminTeamPage.js')),
  'Admin-Users': lazyPage(() => import('../../features/users/components/UsersPage.js')),
  'Admin-Roles': lazyPage(() => import('../../features/users/components/RolesPage.js')),
  'Admin-Headlines': lazyPage(() => import('../../features/community/components/HeadlinesAdminPage.js')),
  'Admin-Maintenance': lazyPage(() => import('../../features/site/components/MaintenanceAdminPage.js')),
  'Admin-Audit': lazyPage(() => import('../../features/audit/components/AuditPage.js')),
  'Admin-DiscordRoles': lazyPage(() => import('../../features/discord-roles/components/DiscordRolesPage.js')),
  'Admin-RivalsServers': lazyPage(() => import('../../features/rivals/components/RivalServersPage.js')),
  'Admin-Affiliates': lazyPage(() => import('../../features/community/components/AffiliatesAdminPage.js')),
  'Admin-Affiliate': lazyPage(() => import('../../features/community/components/AffiliateFormPage.js')),
  'Admin-Biddingconfig': lazyPage(() => import('../../features/bidding/components/BiddingConfigPage.js')),
};
