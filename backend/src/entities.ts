import { IdempotencyKey } from './infra/idempotency/idempotency-key.entity.js';
import { OUTBOX_ENTITIES } from './infra/outbox/outbox.entities.js';
import { AUDIT_ENTITIES } from './modules/audit/audit.entities.js';
import { CATALOGUE_ENTITIES } from './modules/catalogue/catalogue.entities.js';
import { COMMUNITY_ENTITIES } from './modules/community/headline.entity.js';
import { COMMUNITY_MORE_ENTITIES } from './modules/community/community.entities.js';
import { COMPETITIONS_ENTITIES } from './modules/competitions/competition.entities.js';
import { RememberedIdentity } from './modules/competitions/remembered-identity.entity.js';
import { STEWARDING_ENTITIES } from './modules/stewarding/stewarding.entities.js';
import { EVENTS_ENTITIES } from './modules/events/event.entities.js';
import { RACE_LINEUP_ENTITIES } from './modules/events/race-lineup.entity.js';
import { IMAGES_ENTITIES } from './modules/images/stored-image.entity.js';
import { PROFILES_ENTITIES } from './modules/profiles/driver-profile.entity.js';
import { SITE_ENTITIES } from './modules/site/site-setting.entity.js';
import { TEAMS_ENTITIES } from './modules/teams/team.entity.js';
import { USERS_ENTITIES } from './modules/users/users.entities.js';
import { BIDDING_ENTITIES } from './modules/bidding/bidding.entities.js';
import { RIVALS_ENTITIES } from './modules/rivals/rivals.entities.js';
import { TIMING_ENTITIES } from './modules/timing/timing.entities.js';
import { DISCORD_ROLES_ENTITIES } from './modules/discord-roles/discord-roles.entities.js';
import { CALENDAR_ENTITIES } from './modules/calendar/calendar.entities.js';
import { NOTIFICATIONS_ENTITIES } from './modules/notifications/notifications.entities.js';
import { PUSH_ENTITIES } from './modules/push/push.entities.js';

/**
 * Every entity, for the ORM, the migration tooling and the schema-drift test: each module lists its
 * own (explicitly, no folder scanning); a new module adds its list here.
 */
export const ENTITIES = [
  ...OUTBOX_ENTITIES,
  IdempotencyKey,
  ...USERS_ENTITIES,
  ...PROFILES_ENTITIES,
  ...TEAMS_ENTITIES,
  ...COMMUNITY_ENTITIES,
  ...COMMUNITY_MORE_ENTITIES,
  ...SITE_ENTITIES,
  ...IMAGES_ENTITIES,
  ...CATALOGUE_ENTITIES,
  ...EVENTS_ENTITIES,
  ...COMPETITIONS_ENTITIES,
  RememberedIdentity,
  ...RACE_LINEUP_ENTITIES,
  ...RIVALS_ENTITIES,
  ...BIDDING_ENTITIES,
  ...STEWARDING_ENTITIES,
  ...AUDIT_ENTITIES,
  ...TIMING_ENTITIES,
  ...DISCORD_ROLES_ENTITIES,
  ...CALENDAR_ENTITIES,
  ...NOTIFICATIONS_ENTITIES,
  ...PUSH_ENTITIES,
];
