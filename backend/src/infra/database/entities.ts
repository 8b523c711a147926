import { OutboxEvent } from '../events/outbox-event.entity.js';
import { ProcessedEvent } from '../events/processed-event.entity.js';
import { Headline } from '../../modules/community/headline.entity.js';
import { SiteSetting } from '../../modules/site/site-setting.entity.js';
import { DriverProfile } from '../../modules/profiles/driver-profile.entity.js';
import { Team, TeamMember } from '../../modules/teams/team.entity.js';
import { ApiKey } from '../../modules/users/api-key.entity.js';
import { User } from '../../modules/users/user.entity.js';
import { StoredImage } from '../../modules/catalogue/stored-image.entity.js';
import { Car, Game, Track, TrackVariant } from '../../modules/catalogue/catalogue.entities.js';
import { EventAttendance, LeagueEvent, LiveEvent, Race, RaceEvent } from '../../modules/events/event.entities.js';

/** Every entity, listed explicitly (no folder scanning): a new module adds its entities here. */
export const ENTITIES = [
  User,
  ApiKey,
  DriverProfile,
  Team,
  TeamMember,
  OutboxEvent,
  ProcessedEvent,
  Headline,
  SiteSetting,
  StoredImage,
  Game,
  Track,
  TrackVariant,
  Car,
  LeagueEvent,
  RaceEvent,
  Race,
  EventAttendance,
  LiveEvent,
] as const;
