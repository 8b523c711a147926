import { readTag } from '../../infra/read-cache/cached-read.js';

/** Every public read of teams (GridTeams, a team's page): out of date after any of these domain events. */
export const TEAM_READS = readTag('teams', ['TeamChanged', 'TeamInviteChanged', 'DriverProfileChanged']);
