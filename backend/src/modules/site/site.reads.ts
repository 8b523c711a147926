import { readTag } from '../../infra/read-cache/cached-read.js';

/**
 * The site's configuration (league name, Discord and social links): set by the environment, so no
 * domain event changes it; a restart with a new configuration is read within the read TTL.
 */
export const SITE_CONFIG_READS = readTag('site-config', []);

/** Whether the site is in maintenance: out of date when an admin switches it. */
export const MAINTENANCE_READS = readTag('maintenance', ['MaintenanceChanged']);
