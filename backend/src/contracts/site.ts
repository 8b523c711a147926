/** The site's own calls: start-up configuration, visits and maintenance mode (SPEC §1, §3). */
import type { SiteConfig } from './api.js';
import { noContent, route } from './http.js';

export interface MaintenanceState {
  enabled: boolean;
}

export const siteRoutes = {
  'GET /config': route<SiteConfig>(),
  /** Records a visit (last seen) for a signed-in user. */
  'POST /config': noContent(),
  'GET /maintenance': route<MaintenanceState>(),
  'PUT /maintenance': route<MaintenanceState, MaintenanceState>(),
} as const;
