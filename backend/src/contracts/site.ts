/** The site's own calls: start-up configuration, visits, maintenance mode, stored images, health and metrics (SPEC §1, §3). */
import type { SiteConfig } from './api.js';
import { noContent, rawRoute, route } from './http.js';

export interface MaintenanceState {
  enabled: boolean;
}

type HealthCheck = 'up' | 'down';

export interface HealthReport {
  status: 'ok';
  database: HealthCheck;
  redis: HealthCheck;
}

export const siteRoutes = {
  'GET /config': route<SiteConfig>('public'),
  /** Records a visit (last seen) for a signed-in user. */
  'POST /config': noContent('public'),
  'GET /maintenance': route<MaintenanceState>('public'),
  'PUT /maintenance': route<MaintenanceState, MaintenanceState>('isAdmin'),
  /** A stored image (webp). Its content never changes, so browsers and proxies keep it for a year. */
  'GET /images/:id.webp': rawRoute('public'),
  /** For orchestrators: 200 when PostgreSQL and Redis answer, 503 otherwise. */
  'GET /health': route<HealthReport>('public'),
  /** Prometheus metrics: for the configured METRICS_TOKEN (Bearer) or a signed-in admin. */
  'GET /metrics': rawRoute('public'),
} as const;
