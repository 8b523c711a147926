/** The teams module's public face: teams and their members (TeamsModule), the teams API (TeamsApiModule), GraphQL types. */
export { TeamsModule } from './teams.module.js';
export { TeamsApiModule } from './teams-api.module.js';
export { TeamsService, type TeamBadge } from './teams.service.js';
export { TeamMemberType, TeamRefType } from './graphql/team.types.js';
