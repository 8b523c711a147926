/** The profiles module's public face: driver profiles (ProfilesModule) and their GraphQL types. The drivers' API (DriversModule) is wired by core.module.ts: it needs events and teams, which need profiles. */
export { ProfilesModule } from './profiles.module.js';
export { ProfilesService, seesHidden, type ProfileSummary } from './profiles.service.js';
export { ProfileIdParam } from './dto/profile.dto.js';
export { DriverSeasonResultsType, DriverStatsType, ProfileType } from './graphql/profile.types.js';
export { DRIVER_NAMES } from './profile-relations.js';
