/** The teams module's public face: teams and their members (TeamsModule), GraphQL types. The teams' API (TeamsApiModule) is wired by core.module.ts: it needs profiles and users, which need teams. */
export { TeamsModule } from './teams.module.js';
export { TeamsService, type TeamBadge } from './teams.service.js';
export { TeamMemberType, TeamRefType, type GraphqlTeamMember } from './graphql/team.types.js';
export { TEAM_NAMES } from './team-relations.js';
