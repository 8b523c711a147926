import { DriverProfile } from '../../modules/profiles/driver-profile.entity.js';
import { Team, TeamMember } from '../../modules/teams/team.entity.js';
import { ApiKey } from '../../modules/users/api-key.entity.js';
import { User } from '../../modules/users/user.entity.js';

/** Every entity, listed explicitly (no folder scanning): a new module adds its entities here. */
export const ENTITIES = [User, ApiKey, DriverProfile, Team, TeamMember] as const;
