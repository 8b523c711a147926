import { Collection } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, OneToMany, Property, Unique } from '@mikro-orm/decorators/legacy';
import { PLATFORMS_KNOWN } from '../../common/platforms-check.js';
import type { CrossPlayGroupDto, Platform } from '../../contracts/catalogue.js';
import type { StoredImage } from '../images/stored-image.entity.js';
import { PictureRef } from '../images/index.js';
import { SerialIdEntity } from '../../infra/database/serial-id-entity.js';

/** A racing game the league races, on some platforms, with its crossplay groups. */
@Entity({ tableName: 'games' })
@Check({ name: 'games_platforms_known', expression: PLATFORMS_KNOWN })
export class Game extends SerialIdEntity {
  @Property({ type: 'string', length: 64, unique: true })
  name!: string;

  @PictureRef()
  icon: StoredImage | null = null;

  @Property({ type: 'text[]' })
  platforms!: Platform[];

  @Property({ type: 'jsonb', defaultRaw: `'[]'` })
  crossPlayPlatforms: CrossPlayGroupDto[] & Opt = [];
}

/** A circuit of a game; the layouts raced on it are its variants. */
@Entity({ tableName: 'tracks' })
@Unique({ properties: ['game', 'name'] })
@Check({ name: 'tracks_country_code', expression: "country ~ '^[A-Z]{2}$'" })
export class Track extends SerialIdEntity {
  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  game!: Game;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 2 })
  country!: string;

  @PictureRef()
  icon: StoredImage | null = null;

  @OneToMany(() => TrackVariant, (variant) => variant.track, { orderBy: { id: 'asc' } })
  variants = new Collection<TrackVariant>(this);
}

/** One layout of a track (e.g. "GP", "National"); events and boards race on variants. */
@Entity({ tableName: 'track_variants' })
@Unique({ properties: ['track', 'name'] })
export class TrackVariant extends SerialIdEntity {
  @ManyToOne(() => Track, { deleteRule: 'cascade' })
  track!: Track;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'integer' })
  @Check({ name: 'track_variants_length_positive', expression: 'length_meters > 0' })
  lengthMeters!: number;
}

/** A car of a game, with its class (e.g. GT3). */
@Entity({ tableName: 'cars' })
@Unique({ properties: ['game', 'name'] })
export class Car extends SerialIdEntity {
  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  game!: Game;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 32 })
  carClass!: string;

  @PictureRef()
  icon: StoredImage | null = null;
}

/** The catalogue module's tables. */
export const CATALOGUE_ENTITIES = [Game, Track, TrackVariant, Car] as const;
