import { ApiKey } from './api-key.entity.js';
import { User } from './user.entity.js';

/** The users module's tables. */
export const USERS_ENTITIES = [User, ApiKey] as const;
