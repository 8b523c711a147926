import { Collection, PrimaryKeyProp, type Opt } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, OneToMany, Property, Unique } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { Platform } from '../../contracts/catalogue.js';
import type { Game } from '../catalogue/catalogue.entities.js';
import type { StoredImage } from '../images/stored-image.entity.js';
import { PictureRef } from '../images/index.js';
import type { User } from '../users/user.entity.js';
import { CreatedAtEntity } from '../../infra/database/serial-id-entity.js';

/** When a team's game changes, its members' seats move to that game (see TeamMember.gameKey). */
const TEAM_GAME_TRIGGER_BODY = 'update team_members set game_key = coalesce(new.game_id, 0) where team_id = new.id; return new;';

/** A team: name, tag, colour, logo, the game and platforms it races, its captain(s) and drivers. */
@Entity({
  tableName: 'teams',
  triggers: [{ name: 'teams_game_moves_members', timing: 'after', events: ['update'], forEach: 'row', body: TEAM_GAME_TRIGGER_BODY }],
})
@Check({ name: 'teams_colour_hex', expression: "colour ~ '^#[0-9a-f]{6}$'" })
@Check({ name: 'teams_platforms_known', expression: "platforms <@ array['PC','XBOX','PLAYSTATION']::text[]" })
export class Team extends CreatedAtEntity {
  @Property({ type: 'string', length: 64, unique: true })
  name!: string;

  /** A short tag, e.g. `PHR`. */
  @Property({ type: 'string', length: 6, nullable: true })
  tag: string | null = null;

  /** `#rrggbb`, lower case. */
  @Property({ type: 'string', length: 7, defaultRaw: `'#6a1b9a'` })
  colour: string & Opt = '#6a1b9a';

  @PictureRef()
  /** The logo (webp). */
  icon: StoredImage | null = null;

  /** The game the team races; a driver is in at most one team per game (none: one team without a game). */
  @ManyToOne(entityNamed<Game>('Game'), { nullable: true, deleteRule: 'set null' })
  @Index()
  game: Game | null = null;

  @Property({ type: 'text[]', defaultRaw: `'{}'` })
  platforms: Platform[] & Opt = [];

  @OneToMany(() => TeamMember, (member) => member.team)
  members = new Collection<TeamMember>(this);
}

/** A member's seat takes the game of its team (set by the database, whoever inserts it). */
const MEMBER_GAME_TRIGGER_BODY = 'new.game_key := coalesce((select game_id from teams where id = new.team_id), 0); return new;';

/** A driver's row at a team, keyed by the two (a member's seat, an invitation). */
abstract class TeamUserKey {
  [PrimaryKeyProp]?: ['team', 'user'];

  @ManyToOne(() => Team, { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  team!: Team;

  @ManyToOne(entityNamed<User>('User'), { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  @Index()
  user!: User;
}

/**
 * A driver's seat in a team; captains manage the roster and the team's entries. `gameKey` is the
 * team's game (0 for none), kept by a trigger, so the unique (user, game) key makes the database
 * refuse a second team of the same game for a driver, however the rows arrive.
 */
@Entity({
  tableName: 'team_members',
  triggers: [{ name: 'team_members_game_key', timing: 'before', events: ['insert', 'update'], forEach: 'row', body: MEMBER_GAME_TRIGGER_BODY }],
})
@Unique({ properties: ['user', 'gameKey'] })
export class TeamMember extends TeamUserKey {
  @Property({ type: 'boolean' })
  captain: boolean & Opt = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  joinedAt: Date & Opt = new Date();

  /** Maintained by the database (the team's game id, 0 for none); never written by code. */
  @Property({ type: 'integer', defaultRaw: '0' })
  gameKey: number & Opt = 0;
}

/** A captain's invitation of a driver; the driver accepts (a seat) or declines (gone). */
@Entity({ tableName: 'team_invites' })
export class TeamInvite extends TeamUserKey {
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  invitedAt: Date & Opt = new Date();
}

/** The teams module's tables. */
export const TEAMS_ENTITIES = [Team, TeamMember, TeamInvite] as const;
