import type { Opt } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { Platform } from '../../contracts/catalogue.js';
import type { RivalConditions, RivalRotation, RivalTimeSource, RivalTimeStatus } from '../../contracts/rivals.js';
import type { Car, Game, TrackVariant } from '../catalogue/catalogue.entities.js';
import type { StoredImage } from '../images/stored-image.entity.js';
import { PictureRef } from '../images/index.js';
import type { DriverProfile } from '../profiles/driver-profile.entity.js';
import { CreatedAtEntity, SerialIdEntity } from '../../infra/database/serial-id-entity.js';
import { OwnedBy } from '../../infra/database/owned-by.js';

const PLATFORM_KNOWN = "platform in ('PC','XBOX','PLAYSTATION')";

/**
 * A rivals server: a game's server for one platform (or a crossplay group) rotating through track
 * variants in order. `trackIds` keeps the order; the rotation job moves `currentIndex` on at `nextRotationAt`.
 */
@Entity({ tableName: 'rivals_servers' })
@Check({ name: 'rivals_servers_platform_or_crossplay', expression: '(platform is null) <> (crossplay is null)' })
@Check({ name: 'rivals_servers_platform_known', expression: `platform is null or ${PLATFORM_KNOWN}` })
export class RivalsServer extends SerialIdEntity {
  @Property({ type: 'string', length: 100, unique: true })
  name!: string;

  @OwnedBy(entityNamed<Game>('Game'))
  game!: Game;

  @Property({ type: 'string', length: 16, nullable: true })
  platform: Platform | null = null;

  /** The game's crossplay group name, when the server is for one. */
  @Property({ type: 'string', length: 64, nullable: true })
  crossplay: string | null = null;

  /** Track variant ids in rotation order. */
  @Property({ type: 'int[]' })
  trackIds!: number[];

  @Property({ type: 'jsonb' })
  rotation!: RivalRotation;

  /** EVERY_HOURS rotations count their periods from here. */
  @Property({ type: 'timestamptz' })
  anchorAt!: Date;

  @Property({ type: 'integer', defaultRaw: '0' })
  currentIndex: number & Opt = 0;

  @Property({ type: 'timestamptz' })
  currentSince!: Date;

  @Property({ type: 'timestamptz' })
  @Index()
  nextRotationAt!: Date;

  @Property({ type: 'boolean', defaultRaw: 'true' })
  active: boolean & Opt = true;
}

/**
 * A lap time on a board (track variant + platform) for a driver and car. Every submission is kept (the
 * driver sees rejections); the board shows each driver's fastest time per car that is not rejected.
 */
@Entity({ tableName: 'rival_times' })
@Check({ name: 'rival_times_platform_known', expression: PLATFORM_KNOWN })
@Check({ name: 'rival_times_time_positive', expression: 'time_ms > 0' })
@Check({ name: 'rival_times_status_known', expression: "status in ('PROVISIONAL','VERIFIED','REJECTED')" })
@Check({ name: 'rival_times_source_known', expression: "source in ('SERVER_FILE','SUBMISSION')" })
@Check({ name: 'rival_times_conditions_known', expression: "conditions in ('DRY','WET')" })
@Index({ name: 'rival_times_board_index', properties: ['track', 'platform', 'timeMs'] })
@Index({ name: 'rival_times_status_index', properties: ['status', 'setAt'] })
@Index({ name: 'rival_times_profile_index', properties: ['profile', 'track', 'platform'] })
export class RivalTime extends SerialIdEntity {
  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), { deleteRule: 'cascade' })
  profile!: DriverProfile;

  @OwnedBy(entityNamed<Game>('Game'))
  game!: Game;

  /** The track variant (the board). */
  @ManyToOne(entityNamed<TrackVariant>('TrackVariant'), { deleteRule: 'cascade' })
  track!: TrackVariant;

  @OwnedBy(entityNamed<Car>('Car'))
  car!: Car;

  @Property({ type: 'string', length: 16 })
  platform!: Platform;

  @Property({ type: 'integer' })
  timeMs!: number;

  @Property({ type: 'string', length: 8 })
  conditions!: RivalConditions;

  @Property({ type: 'string', length: 16 })
  source!: RivalTimeSource;

  @Property({ type: 'string', length: 16 })
  status!: RivalTimeStatus;

  @PictureRef()
  screenshot: StoredImage | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  videoUrl: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  rejectReason: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  setAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt: Date | null = null;
}

/** A rival picked by a driver: for a whole game on a platform, or for one track variant when `track` is set. */
@Entity({ tableName: 'rivals' })
@Check({ name: 'rivals_platform_known', expression: PLATFORM_KNOWN })
@Check({ name: 'rivals_not_self', expression: 'owner_id <> rival_id' })
@Index({
  name: 'rivals_pick_key',
  expression: 'create unique index rivals_pick_key on rivals (owner_id, rival_id, game_id, coalesce(track_id, 0), platform)',
})
export class RivalPick extends CreatedAtEntity {
  /** Who picked. */
  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), { deleteRule: 'cascade' })
  owner!: DriverProfile;

  @OwnedBy(entityNamed<DriverProfile>('DriverProfile'))
  rival!: DriverProfile;

  @OwnedBy(entityNamed<Game>('Game'))
  game!: Game;

  @ManyToOne(entityNamed<TrackVariant>('TrackVariant'), { nullable: true, deleteRule: 'cascade' })
  @Index()
  track: TrackVariant | null = null;

  @Property({ type: 'string', length: 16 })
  platform!: Platform;
}

export const RIVALS_ENTITIES = [RivalsServer, RivalTime, RivalPick] as const;
