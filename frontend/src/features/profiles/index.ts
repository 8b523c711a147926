// The profiles feature's public face: what other features and app/ use. Screens are loaded lazily by app/areas.
export { NO_DRIVER_FILTERS, profileCommands, profileKeys, profileQueries, usePromoteDriver } from './api.js';
export type { DriverFilters } from './api.js';
export { refreshCurrentUser } from './cache.js';
