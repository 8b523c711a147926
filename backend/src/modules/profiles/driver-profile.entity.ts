import { PrimaryKeyProp, type Opt } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { Platform } from '../../contracts/catalogue.js';
import type { SocialLinks } from '../../contracts/profiles.js';
import type { Game } from '../catalogue/catalogue.entities.js';
import type { User } from '../users/user.entity.js';
import { SerialIdEntity } from '../../infra/database/serial-id-entity.js';
import { OwnedBy } from '../../infra/database/owned-by.js';

const PLATFORMS_KNOWN_OR_NONE = "platforms <@ array['PC','XBOX','PLAYSTATION']::text[]";

/**
 * A user's racing identity: number, platform ids, where they race and how they are found. The
 * database keeps driver numbers unique (and 1–999) and each platform id unique on its platform
 * (whatever the letter case), so two drivers saving the same at once cannot both win.
 */
@Entity({ tableName: 'driver_profiles' })
@Check({ name: 'driver_profiles_number_range', expression: 'driver_number >= 1 and driver_number <= 999' })
@Check({ name: 'driver_profiles_platforms_known', expression: PLATFORMS_KNOWN_OR_NONE })
@Check({ name: 'driver_profiles_country_code', expression: "country ~ '^[A-Z]{2}$'" })
@Check({ name: 'driver_profiles_steam_id_format', expression: "steam_id ~ '^[0-9]{17}$'" })
@Index({ name: 'driver_profiles_xbox_username_key', expression: 'create unique index driver_profiles_xbox_username_key on driver_profiles (lower(xbox_username))' })
@Index({ name: 'driver_profiles_steam_username_key', expression: 'create unique index driver_profiles_steam_username_key on driver_profiles (lower(steam_username))' })
@Index({ name: 'driver_profiles_psn_name_key', expression: 'create unique index driver_profiles_psn_name_key on driver_profiles (lower(psn_name))' })
export class DriverProfile extends SerialIdEntity {
  @OneToOne(entityNamed<User>('User'), { owner: true, unique: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'integer', nullable: true, unique: true })
  driverNumber: number | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  name: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  xboxUsername: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  steamUsername: string | null = null;

  /** The SteamID64 result files carry (17 digits); the Steam *name* above is what the driver is shown by. */
  @Property({ type: 'string', length: 17, nullable: true, unique: true })
  steamId: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  psnName: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  alternativeName: string | null = null;

  @Property({ type: 'boolean' })
  profileCompleted: boolean & Opt = false;

  @Property({ type: 'string', length: 2, nullable: true })
  country: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  timeZone: string | null = null;

  /** The platforms the driver races on. */
  @Property({ type: 'text[]', defaultRaw: `'{}'` })
  platforms: Platform[] & Opt = [];

  @Property({ type: 'jsonb', defaultRaw: `'{}'` })
  socials: SocialLinks & Opt = {};

  /** Visitors see "Private driver". */
  @Property({ type: 'boolean', defaultRaw: 'false' })
  hidden: boolean & Opt = false;
}

/** A game the driver races. */
@Entity({ tableName: 'driver_profile_games' })
export class DriverProfileGame {
  [PrimaryKeyProp]?: ['profile', 'game'];

  @ManyToOne(() => DriverProfile, { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  profile!: DriverProfile;

  @ManyToOne(entityNamed<Game>('Game'), { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  @Index()
  game!: Game;
}

/** A name the driver was shown by before they changed it (kept for the public profile). */
@Entity({ tableName: 'driver_name_changes' })
export class DriverNameChange extends SerialIdEntity {
  @OwnedBy(() => DriverProfile)
  profile!: DriverProfile;

  @Property({ type: 'string', length: 64 })
  previousName!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  changedAt: Date & Opt = new Date();
}

/** A driver number kept for one driver (number 1 for the reigning champion, when set). */
@Entity({ tableName: 'reserved_driver_numbers' })
@Check({ name: 'reserved_driver_numbers_range', expression: 'driver_number >= 1 and driver_number <= 999' })
export class ReservedDriverNumber {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  driverNumber!: number;

  @OwnedBy(() => DriverProfile)
  profile!: DriverProfile;
}

/** The profiles module's tables. */
export const PROFILES_ENTITIES = [DriverProfile, DriverProfileGame, DriverNameChange, ReservedDriverNumber] as const;
