import { readTag } from '../../infra/read-cache/cached-read.js';

/**
 * The signed-in caller's own account (`GET /users/me`, one entry per user): out of date when their roles,
 * driver profile or teams change. A sign-in refreshes the Discord identity without a domain event, so
 * `recordDiscordSignIn` drops the tag itself.
 */
export const CURRENT_USER_READS = readTag('current-user', ['UserRolesChanged', 'DriverProfileChanged', 'DriverPromoted', 'TeamChanged', 'TeamInviteChanged']);
