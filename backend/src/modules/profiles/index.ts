/** The profiles module's public face: driver profiles (ProfilesModule), the drivers API (DriversModule), GraphQL types. */
export { ProfilesModule } from './profiles.module.js';
export { DriversModule } from './drivers.module.js';
export { ProfilesService, seesHidden, type ProfileSummary } from './profiles.service.js';
export { ProfileIdParam } from './dto/profile.dto.js';
export { DriverSeasonResultsType, DriverStatsType, ProfileType } from './graphql/profile.types.js';
