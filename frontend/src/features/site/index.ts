// The site feature's public face: the league's configuration, start-up readiness, maintenance.
export { configAtom, EMPTY_CONFIG, readinessAtom } from './atoms.js';
export type { Readiness } from './atoms.js';
export { siteCommands, siteKeys, siteQueries } from './api.js';
export type { MaintenanceDto } from './api.js';
export { MaintenancePage } from './MaintenancePage.js';
export { StartupFallback } from './StartupFallback.js';
