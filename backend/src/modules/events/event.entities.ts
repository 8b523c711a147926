import { Collection, PrimaryKeyProp } from '@mikro-orm/core';
import type { Opt, Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { Platform } from '../../contracts/catalogue.js';
import type { CarTuningRule, CarUpgradeRule, CompetitionStyle, RaceEventType } from '../../contracts/events.js';
import { PLATFORMS_KNOWN } from '../../common/platforms-check.js';
import type { Game, TrackVariant } from '../catalogue/catalogue.entities.js';
import type { Season } from '../competitions/competition.entities.js';
import type { StoredImage } from '../images/stored-image.entity.js';
import { PictureRef } from '../images/index.js';
import type { DriverProfile } from '../profiles/driver-profile.entity.js';
import type { Team } from '../teams/team.entity.js';
import { CreatedAtEntity, SerialIdEntity } from '../../infra/database/serial-id-entity.js';
import { OwnedBy } from '../../infra/database/owned-by.js';

/**
 * A league event (table `events`; the class is not called `Event`, which is a Node global): one or
 * more race events, each with optional qualifying and its races. `seatsTaken`
 * is kept by a trigger on event_attendance and held within `seats` by a check constraint, so the
 * database itself refuses the driver past the last seat, however many sign up at once.
 */
@Entity({ tableName: 'events' })
@Check({ name: 'events_platforms_known', expression: PLATFORMS_KNOWN })
@Check({ name: 'events_seats_range', expression: 'seats >= 1 and seats <= 1000' })
@Check({ name: 'events_seats_taken_within_seats', expression: 'seats_taken >= 0 and seats_taken <= seats' })
@Check({ name: 'events_competition_style_known', expression: "competition_style in ('SOLO','TEAM','LVL')" })
@Check({ name: 'events_car_tuning_rule_known', expression: "car_tuning_rule in ('ALLOWED','DISALLOWED')" })
@Check({ name: 'events_car_upgrade_rule_known', expression: "car_upgrade_rule in ('ALLOWED','DISALLOWED','HOMOLOGATED')" })
@Check({ name: 'events_team_size_range', expression: 'team_size_min >= 1 and team_size_min <= team_size_max and team_size_max <= 50' })
@Check({ name: 'events_lineup_lock_range', expression: 'lineup_lock_minutes >= 0 and lineup_lock_minutes <= 10080' })
export class LeagueEvent extends CreatedAtEntity {
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'timestamptz' })
  @Index()
  startsAt!: Date;

  @Property({ type: 'boolean', defaultRaw: 'false' })
  assessment: boolean & Opt = false;

  @ManyToOne(entityNamed<Game>('Game'), { deleteRule: 'no action' })
  @Index()
  game!: Game;

  @Property({ type: 'text[]' })
  platforms!: Platform[];

  @Property({ type: 'integer' })
  seats!: number;

  /** Maintained by the database (trigger on event_attendance); never written by code. */
  @Property({ type: 'integer', defaultRaw: '0' })
  seatsTaken: number & Opt = 0;

  @Property({ type: 'string', length: 8 })
  competitionStyle!: CompetitionStyle;

  @Property({ type: 'string', length: 16 })
  carTuningRule!: CarTuningRule;

  @Property({ type: 'string', length: 16 })
  carUpgradeRule!: CarUpgradeRule;

  @Property({ type: 'boolean', defaultRaw: 'false' })
  stewarded: boolean & Opt = false;

  @Property({ type: 'boolean', defaultRaw: 'false' })
  leaderboardsEnabled: boolean & Opt = false;

  /** TEAM and LVL events: drivers a team enters, at least … */
  @Property({ type: 'smallint', defaultRaw: '1' })
  teamSizeMin: number & Opt = 1;

  /** … and at most (the database refuses the driver past it: trigger on event_attendance). */
  @Property({ type: 'smallint', defaultRaw: '4' })
  teamSizeMax: number & Opt = 4;

  /** Captains' line-ups lock this many minutes before the start. */
  @Property({ type: 'integer', defaultRaw: '0' })
  lineupLockMinutes: number & Opt = 0;

  @Property({ type: 'string', length: 11, nullable: true })
  youtubeVideoId: string | null = null;

  @PictureRef()
  icon: StoredImage | null = null;

  /** The season this event is a round of (competitions link it); null for individual and assessment events. */
  @ManyToOne(entityNamed<Season>('Season'), { nullable: true, deleteRule: 'set null' })
  @Index()
  season: Rel<Season> | null = null;

  @Property({ type: 'boolean', defaultRaw: 'false' })
  published: boolean & Opt = false;

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  /**
   * Goes up by one at each change calendars are to show (publishing, unpublishing, an edit once it was
   * ever published) and never down: the SEQUENCE of its races in calendar feeds. Above 0: it was published once.
   */
  @Property({ type: 'integer', defaultRaw: '0' })
  revision: number & Opt = 0;

  @OneToMany(() => RaceEvent, (raceEvent) => raceEvent.event, { orderBy: { position: 'asc' } })
  raceEvents = new Collection<RaceEvent>(this);
}

/** One block of an event on one track: optional qualifying, then its races. */
@Entity({ tableName: 'race_events' })
@Unique({ properties: ['event', 'position'] })
export class RaceEvent extends SerialIdEntity {
  @ManyToOne(() => LeagueEvent, { deleteRule: 'cascade' })
  event!: LeagueEvent;

  @Property({ type: 'smallint' })
  position!: number;

  @ManyToOne(entityNamed<TrackVariant>('TrackVariant'), {
    nullable: true,
    deleteRule: 'no action',
  })
  @Index()
  trackVariant: TrackVariant | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  externalTrackName: string | null = null;

  @Property({ type: 'boolean', defaultRaw: 'false' })
  qualifyEnabled: boolean & Opt = false;

  @ManyToOne(entityNamed<TrackVariant>('TrackVariant'), {
    nullable: true,
    deleteRule: 'no action',
  })
  @Index()
  qualifyTrackVariant: TrackVariant | null = null;

  @Property({ type: 'integer', nullable: true })
  qualifyLaps: number | null = null;

  @Property({ type: 'integer', nullable: true })
  qualifyLengthMinutes: number | null = null;

  @OneToMany(() => Race, (race) => race.raceEvent, { orderBy: { position: 'asc' } })
  races = new Collection<Race>(this);
}

@Entity({ tableName: 'races' })
@Unique({ properties: ['raceEvent', 'position'] })
@Check({ name: 'races_race_event_type_known', expression: "race_event_type in ('PRACTICE','SPRINT','RACE','FEATURE','ENDURANCE')" })
export class Race extends SerialIdEntity {
  @ManyToOne(() => RaceEvent, { deleteRule: 'cascade' })
  raceEvent!: RaceEvent;

  @Property({ type: 'smallint' })
  position!: number;

  @Property({ type: 'string', length: 16 })
  raceEventType!: RaceEventType;

  @ManyToOne(entityNamed<TrackVariant>('TrackVariant'), { nullable: true, deleteRule: 'no action' })
  @Index()
  trackVariant: TrackVariant | null = null;

  @Property({ type: 'integer', nullable: true })
  laps: number | null = null;

  @Property({ type: 'integer', nullable: true })
  lengthMinutes: number | null = null;
}

const SEATS_TRIGGER_BODY =
  "if tg_op = 'INSERT' then update events set seats_taken = seats_taken + 1 where id = new.event_id; return new; " +
  'else update events set seats_taken = seats_taken - 1 where id = old.event_id; return old; end if;';

/**
 * A team never has more drivers in an event than the event's team size: the event row is locked first
 * (concurrent entries of one event queue on it, as seats do), then the team's drivers are counted.
 */
const TEAM_SIZE_TRIGGER_BODY =
  'if new.team_id is null then return new; end if; ' +
  'perform 1 from events where id = new.event_id for update; ' +
  'if (select count(*) from event_attendance where event_id = new.event_id and team_id = new.team_id) > ' +
  '(select team_size_max from events where id = new.event_id) then ' +
  "raise exception 'event_attendance_team_size_within_max: team % has more drivers than event % allows', new.team_id, new.event_id " +
  "using errcode = 'check_violation'; end if; return new;";

/** A driver's seat in an event (entered by themselves, an organizer, or their team's captain). */
@Entity({
  tableName: 'event_attendance',
  triggers: [
    { name: 'event_attendance_seats', timing: 'after', events: ['insert', 'delete'], forEach: 'row', body: SEATS_TRIGGER_BODY },
    { name: 'event_attendance_team_size', timing: 'after', events: ['insert', 'update'], forEach: 'row', body: TEAM_SIZE_TRIGGER_BODY },
  ],
})
export class EventAttendance {
  [PrimaryKeyProp]?: ['event', 'profile'];

  @ManyToOne(() => LeagueEvent, { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  event!: LeagueEvent;

  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  @Index()
  profile!: DriverProfile;

  @ManyToOne(entityNamed<Team>('Team'), { nullable: true, deleteRule: 'set null' })
  @Index()
  team: Team | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  joinedAt: Date & Opt = new Date();
}

/** The event being raced (and streamed) right now; at most one row. */
@Entity({ tableName: 'live_event' })
@Check({ name: 'live_event_singleton', expression: 'singleton' })
export class LiveEvent {
  @PrimaryKey({ type: 'boolean', defaultRaw: 'true' })
  singleton: boolean & Opt = true;

  @OwnedBy(() => LeagueEvent)
  event!: LeagueEvent;

  @Property({ type: 'string', length: 300 })
  streamUrl!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  startedAt: Date & Opt = new Date();
}

/** The events module's tables. */
export const EVENTS_ENTITIES = [LeagueEvent, RaceEvent, Race, EventAttendance, LiveEvent] as const;
