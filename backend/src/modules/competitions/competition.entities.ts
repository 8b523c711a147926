import { Collection, type Opt, type Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, OneToMany, OneToOne, Property, Trigger, Unique } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { Platform } from '../../contracts/catalogue.js';
import type { CompetitionStyle, PointsSystem, ResultSession, ResultStatus, RevisionKind } from '../../contracts/competitions.js';
import type { Game } from '../catalogue/catalogue.entities.js';
import type { Race } from '../events/event.entities.js';
import type { StoredImage } from '../images/stored-image.entity.js';
import { PictureRef } from '../images/index.js';
import type { DriverProfile } from '../profiles/driver-profile.entity.js';
import type { DriverStanding, TeamStanding } from './standings/standings.js';
import type { ImportedClassification } from './result-import/index.js';
import type { Team } from '../teams/team.entity.js';
import type { User } from '../users/user.entity.js';
import { CreatedAtEntity, SerialIdEntity } from '../../infra/database/serial-id-entity.js';
import { OwnedBy } from '../../infra/database/owned-by.js';

/** A group of competitions on the Series page (e.g. "GT World Series"), with its icon and banner. */
@Entity({ tableName: 'competition_groups' })
export class CompetitionGroup extends CreatedAtEntity {
  @Property({ type: 'string', length: 100, unique: true })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @PictureRef()
  icon: StoredImage | null = null;

  @PictureRef()
  banner: StoredImage | null = null;

  /** Where the group is listed: smallest first. */
  @Property({ type: 'integer', defaultRaw: '0' })
  position: number & Opt = 0;
}

/** A series (SPEC §3 Competition): its style (SPEC §9), game and platforms, pictures, and its seasons. */
@Entity({ tableName: 'competitions' })
@Check({ name: 'competitions_style_known', expression: "style in ('SOLO','TEAM','LVL')" })
@Check({ name: 'competitions_platforms_known', expression: "platforms <@ array['PC','XBOX','PLAYSTATION']::text[]" })
export class Competition extends CreatedAtEntity {
  @ManyToOne(() => CompetitionGroup, { nullable: true, deleteRule: 'set null' })
  @Index()
  group: CompetitionGroup | null = null;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'string', length: 8 })
  style!: CompetitionStyle;

  @ManyToOne(entityNamed<Game>('Game'), { nullable: true, deleteRule: 'no action' })
  @Index()
  game: Game | null = null;

  @Property({ type: 'text[]', defaultRaw: `'{}'` })
  platforms: Platform[] & Opt = [];

  @PictureRef()
  icon: StoredImage | null = null;

  @PictureRef()
  banner: StoredImage | null = null;

  /** Shown on the Series page (`GET /competitions/current`). */
  @Property({ type: 'boolean', defaultRaw: 'false' })
  current: boolean & Opt = false;

  /** Offered on the Series leaderboard (`GET /competitions/leaderboards`). */
  @Property({ type: 'boolean', defaultRaw: 'true' })
  leaderboardsEnabled: boolean & Opt = true;

  @OneToMany(() => Season, (season) => season.competition, { orderBy: { id: 'asc' } })
  seasons = new Collection<Season>(this);
}

/**
 * A season of a competition: its rounds are the events linked to it (events.season_id), scored by
 * its points system. `resultsVersion` rises with every change that alters its standings (results
 * saved, points system edited, events linked), in the transaction of that change: the worker labels
 * the standings it computes with it, so a stored snapshot is never replaced by an older one.
 */
@Entity({ tableName: 'seasons' })
@Check({ name: 'seasons_points_system_object', expression: "jsonb_typeof(points_system) = 'object'" })
export class Season extends CreatedAtEntity {
  @OwnedBy(() => Competition)
  competition!: Competition;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  rules: string | null = null;

  @Property({ type: 'jsonb' })
  pointsSystem!: PointsSystem;

  @Property({ type: 'integer', defaultRaw: '0' })
  resultsVersion: number & Opt = 0;
}

/**
 * One revision of a race's classification, never changed afterwards: a BASE (entered, imported or
 * reverted) or DECISIONS (the base `baseNumber` with every standing steward decision of the race
 * applied; see results-layer.ts). The latest (highest number) is what counts; the others are its history.
 */
@Entity({ tableName: 'result_revisions' })
@Unique({ properties: ['race', 'number'] })
@Check({ name: 'result_revisions_number_positive', expression: 'number >= 1' })
@Check({ name: 'result_revisions_kind_known', expression: "kind in ('BASE','DECISIONS')" })
@Check({ name: 'result_revisions_base_of_decisions', expression: "(kind = 'DECISIONS') = (base_number is not null)" })
@Check({ name: 'result_revisions_session_known', expression: "session in ('RACE','QUALIFYING')" })
@Check({ name: 'result_revisions_qualifying_base', expression: "session = 'RACE' or kind = 'BASE'" })
export class ResultRevision extends CreatedAtEntity {
  /** Races with results cannot be deleted (no action): an event edit that would drop one is refused. */
  @ManyToOne(entityNamed<Race>('Race'), { deleteRule: 'no action' })
  race!: Rel<Race>;

  @Property({ type: 'integer' })
  number!: number;

  @ManyToOne(entityNamed<User>('User'), { deleteRule: 'no action' })
  @Index()
  author!: User;

  @Property({ type: 'string', length: 200 })
  note!: string;

  @Property({ type: 'string', length: 10, defaultRaw: `'BASE'` })
  kind: RevisionKind & Opt = 'BASE';

  /** DECISIONS: the number of the base revision the decisions were applied to. */
  @Property({ type: 'integer', nullable: true })
  baseNumber: number | null = null;

  /** RACE: the race's classification; QUALIFYING: its qualifying (the grid), revised apart, never with decisions. */
  @Property({ type: 'string', length: 12, defaultRaw: `'RACE'` })
  session: ResultSession & Opt = 'RACE';

  /** sha256 (hex) of the imported file's bytes: the same file again is not written again. */
  @Property({ type: 'string', length: 64, nullable: true })
  sourceHash: string | null = null;

  @OneToMany(() => RaceResultLine, (line) => line.revision, { orderBy: { position: 'asc' } })
  lines = new Collection<RaceResultLine>(this);
}

/** A driver once in a revision across lines and co-drivers: one function (migration 20261125150001) checks both tables. */
const driverOnceTrigger = (table: string) =>
  `create trigger "${table}_driver_once" before insert or update on "${table}" for each row execute function "result_driver_once_per_revision"()`;

/**
 * A car's line in one revision of a race's classification: its driver is a league driver (`profile`) or
 * a guest (`guestName`, the file's name), never both; co-drivers are rows of their own. The database
 * keeps positions unique in a revision, and each driver once across its lines and co-drivers.
 */
@Entity({ tableName: 'race_result_lines' })
@Unique({ properties: ['revision', 'position'] })
@Unique({ properties: ['revision', 'profile'] })
@Check({ name: 'race_result_lines_status_known', expression: "status in ('FINISHED','DNF','DNS','DSQ')" })
@Check({ name: 'race_result_lines_position_positive', expression: 'position >= 1' })
@Check({ name: 'race_result_lines_laps_range', expression: 'laps >= 0' })
@Check({ name: 'race_result_lines_driver_or_guest', expression: '(profile_id is null) <> (guest_name is null)' })
@Trigger({ name: 'race_result_lines_driver_once', timing: 'before', events: ['insert', 'update'], expression: driverOnceTrigger('race_result_lines') })
export class RaceResultLine extends SerialIdEntity {
  @ManyToOne(() => ResultRevision, { deleteRule: 'cascade' })
  revision!: ResultRevision;

  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), {
    nullable: true,
    deleteRule: 'no action',
  })
  @Index()
  profile: DriverProfile | null = null;

  /** A guest's name as the file gives it (a driver outside the league: scores nothing, keeps its position). */
  @Property({ type: 'string', length: 100, nullable: true })
  guestName: string | null = null;

  @ManyToOne(entityNamed<Team>('Team'), { nullable: true, deleteRule: 'set null' })
  @Index()
  team: Team | null = null;

  @Property({ type: 'smallint' })
  position!: number;

  @Property({ type: 'string', length: 8 })
  status!: ResultStatus;

  @Property({ type: 'integer' })
  laps!: number;

  @Property({ type: 'integer', nullable: true })
  totalTimeMs: number | null = null;

  @Property({ type: 'integer', nullable: true })
  bestLapMs: number | null = null;

  @Property({ type: 'boolean', defaultRaw: 'false' })
  pole: boolean & Opt = false;

  @Property({ type: 'boolean', defaultRaw: 'false' })
  fastestLap: boolean & Opt = false;

  /** Time added after the race, already inside `totalTimeMs`. */
  @Property({ type: 'integer', nullable: true })
  penaltyMs: number | null = null;

  /** Why the line's status, time or position is what it is, in words. */
  @Property({ type: 'string', length: 300, nullable: true })
  reason: string | null = null;

  /** The line's own driver's driving time, where the file says. */
  @Property({ type: 'integer', nullable: true })
  drivingTimeMs: number | null = null;

  @OneToMany(() => RaceResultCoDriver, (coDriver) => coDriver.line, { orderBy: { seat: 'asc' } })
  coDrivers = new Collection<RaceResultCoDriver>(this);
}

/**
 * Another driver of a line's car (endurance co-drivers), credited with the car's result: a league driver
 * or a guest by name. `revision` is the line's, so a driver is unique in the revision (a trigger also
 * refuses a co-driver who drives a line of the same revision, and the other way round).
 */
@Entity({ tableName: 'race_result_co_drivers' })
@Unique({ properties: ['revision', 'profile'] })
@Unique({ properties: ['line', 'seat'] })
@Check({ name: 'race_result_co_drivers_driver_or_guest', expression: 'profile_id is not null or name is not null' })
@Check({ name: 'race_result_co_drivers_laps_range', expression: 'laps >= 0' })
@Trigger({ name: 'race_result_co_drivers_driver_once', timing: 'before', events: ['insert', 'update'], expression: driverOnceTrigger('race_result_co_drivers') })
export class RaceResultCoDriver extends SerialIdEntity {
  @ManyToOne(() => RaceResultLine, { deleteRule: 'cascade' })
  line!: RaceResultLine;

  @OwnedBy(() => ResultRevision)
  revision!: ResultRevision;

  /** 1 for the first co-driver, in the file's order. */
  @Property({ type: 'smallint' })
  seat!: number;

  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), {
    nullable: true,
    deleteRule: 'no action',
  })
  @Index()
  profile: DriverProfile | null = null;

  /** The file's name for the driver (a guest's only name). */
  @Property({ type: 'string', length: 100, nullable: true })
  name: string | null = null;

  @Property({ type: 'integer', nullable: true })
  laps: number | null = null;

  @Property({ type: 'integer', nullable: true })
  drivingTimeMs: number | null = null;
}

/**
 * A season's standings as the worker last computed them (from the latest revision of every race):
 * ids and numbers only; reads add the drivers' and teams' names. `linePoints` is
 * `{raceId: {profileId: points}}`. `version` is the season's `resultsVersion` they were computed at.
 */
@Entity({ tableName: 'season_standings' })
export class SeasonStandingsSnapshot {
  @OneToOne(() => Season, { primary: true, owner: true, deleteRule: 'cascade', updateRule: 'no action' })
  season!: Season;

  @Property({ type: 'integer' })
  version!: number;

  @Property({ type: 'jsonb' })
  drivers!: DriverStanding[];

  @Property({ type: 'jsonb' })
  teams!: TeamStanding[];

  @Property({ type: 'jsonb' })
  linePoints!: Record<string, Record<string, number>>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  computedAt: Date & Opt = new Date();
}

/**
 * A race's results as live timing classified them at the flag (issue #26), for the organizer to confirm:
 * one per race, written once (a worker taking over the race's ingest does not write it again), and kept
 * once confirmed so the flag seen again after a takeover does not bring it back.
 */
@Entity({ tableName: 'live_result_drafts' })
export class LiveResultDraft {
  @ManyToOne(entityNamed<Race>('Race'), { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  race!: Rel<Race>;

  @Property({ type: 'jsonb' })
  classification!: ImportedClassification;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  storedAt: Date & Opt = new Date();

  /** When the organizer made it the race's results revision. */
  @Property({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null = null;
}

/** The competitions module's tables. */
export const COMPETITIONS_ENTITIES = [
  CompetitionGroup,
  Competition,
  Season,
  ResultRevision,
  RaceResultLine,
  RaceResultCoDriver,
  SeasonStandingsSnapshot,
  LiveResultDraft,
] as const;
