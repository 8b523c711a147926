import { ArgsType, Field, Int, ObjectType } from '@nestjs/graphql';
import { DEFAULT_PAGE_SIZE } from '../../../common/pagination.js';
import type { Platform } from '../../../contracts/catalogue.js';
import {
  CAR_TUNING_RULES,
  CAR_UPGRADE_RULES,
  COMPETITION_STYLES,
  RACE_EVENT_TYPES,
  type AttendeeDto,
  type CarTuningRule,
  type CarUpgradeRule,
  type CompetitionStyle,
  type EventDetailsDto,
  type EventDto,
  type QualifyDto,
  type RaceDto,
  type RaceEventDto,
  type RaceEventType as RaceKind,
} from '../../../contracts/events.js';
import { ListSize, PageOf, graphqlEnum } from '../../../infra/graphql/graphql-types.js';
import { GameType, PlatformEnum, PlatformFilterEnum, TrackRefType } from '../../catalogue/index.js';
import { TeamRefType } from '../../teams/index.js';
import { EventListQuery } from '../dto/event.dto.js';

/** GraphQL shapes of events, as the REST contract has them (contracts/events.ts). */

export const CompetitionStyleEnum = graphqlEnum(COMPETITION_STYLES, 'CompetitionStyle', 'SOLO (individual), TEAM, LVL (league vs league)');
export const CarTuningRuleEnum = graphqlEnum(CAR_TUNING_RULES, 'CarTuningRule');
export const CarUpgradeRuleEnum = graphqlEnum(CAR_UPGRADE_RULES, 'CarUpgradeRule');
export const RaceEventTypeEnum = graphqlEnum(RACE_EVENT_TYPES, 'RaceEventType');

@ObjectType('Race')
export class RaceType implements RaceDto {
  @Field(() => Int)
  id!: number;

  @Field(() => RaceEventTypeEnum)
  raceEventType!: RaceKind;

  @Field(() => TrackRefType, { nullable: true })
  track!: TrackRefType | null;

  @Field(() => Int, { nullable: true })
  laps!: number | null;

  @Field(() => Int, { nullable: true, description: 'Minutes' })
  length!: number | null;
}

@ObjectType('Qualify')
export class QualifyType implements QualifyDto {
  @Field(() => TrackRefType, { nullable: true })
  track!: TrackRefType | null;

  @Field(() => Int, { nullable: true })
  laps!: number | null;

  @Field(() => Int, { nullable: true, description: 'Minutes' })
  length!: number | null;
}

@ObjectType('RaceEvent', { description: 'A round of an event at one track: optional qualifying and its races' })
export class RaceEventType implements RaceEventDto {
  @Field(() => Int)
  id!: number;

  @Field(() => TrackRefType, { nullable: true })
  track!: TrackRefType | null;

  @Field(() => String, { nullable: true, description: 'A track outside the catalogue' })
  externalTrackName!: string | null;

  @Field(() => Boolean)
  qualifyEnabled!: boolean;

  @Field(() => QualifyType, { nullable: true })
  qualify!: QualifyType | null;

  @ListSize(2)
  @Field(() => [RaceType])
  races!: RaceType[];
}

@ObjectType('EventCompetition')
export class EventCompetitionType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;
}

@ObjectType('EventSeason', { description: 'The season an event is a round of' })
export class EventSeasonType {
  @Field(() => Int)
  id!: number;

  @Field(() => EventCompetitionType)
  competition!: EventCompetitionType;
}

@ObjectType('Event', { description: 'A published event as every list shows it' })
export class EventType implements EventDto {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'Start, UTC, ISO 8601' })
  date!: string;

  @Field(() => Boolean)
  assessmentEvent!: boolean;

  @Field(() => Boolean)
  published!: boolean;

  @Field(() => EventSeasonType, { nullable: true, description: 'Null for individual and assessment events' })
  season!: EventSeasonType | null;

  @Field(() => GameType)
  game!: GameType;

  @Field(() => [PlatformEnum])
  platforms!: Platform[];

  @Field(() => Int)
  seats!: number;

  @Field(() => CompetitionStyleEnum)
  competitionStyle!: CompetitionStyle;

  @Field(() => CarTuningRuleEnum)
  carTuningRule!: CarTuningRule;

  @Field(() => CarUpgradeRuleEnum)
  carUpgradeRule!: CarUpgradeRule;

  @Field(() => Boolean)
  stewarded!: boolean;

  @Field(() => Boolean)
  leaderboardsEnabled!: boolean;

  @Field(() => Int)
  teamSizeMin!: number;

  @Field(() => Int)
  teamSizeMax!: number;

  @Field(() => Int, { description: 'Captains set their line-ups until this many minutes before the start' })
  lineupLockMinutes!: number;

  @Field(() => String, { nullable: true })
  youtubeUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'URL of the webp icon' })
  icon!: string | null;

  @ListSize(2)
  @Field(() => [RaceEventType])
  raceEvents!: RaceEventType[];

  @Field(() => Int)
  attendanceCount!: number;

  @Field(() => Int)
  seatsLeft!: number;

  @Field(() => Boolean, { description: 'Whether the event is live right now' })
  live!: boolean;
}

@ObjectType('Attendee', { description: 'A driver in an event; who the driver is (name, number) is `driver`' })
export class AttendeeType implements Pick<AttendeeDto, 'profileId' | 'team'> {
  @Field(() => Int)
  profileId!: number;

  @Field(() => TeamRefType, { nullable: true })
  team!: TeamRefType | null;
}

@ObjectType('EventDetails', { description: 'One event with the drivers in it, in the order they joined' })
export class EventDetailsType extends EventType implements Omit<EventDetailsDto, 'attendance'> {
  @ListSize(30)
  @Field(() => [AttendeeType])
  attendance!: AttendeeType[];
}

@ObjectType('EventPage')
export class EventPageType extends PageOf(EventType) {}

/** `plannedEvents` / `pastEvents` arguments: REST's `?pageNumber&pageSize&gameId&platform`, validated by the same DTO. */
@ArgsType()
export class EventListArgs extends EventListQuery {
  @Field(() => Int, { defaultValue: 0, description: '0-based' })
  override pageNumber = 0;

  @Field(() => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'At most 1000' })
  override pageSize = DEFAULT_PAGE_SIZE;

  @Field(() => Int, { nullable: true })
  override gameId?: number = undefined;

  @Field(() => PlatformFilterEnum, { nullable: true })
  override platform?: Platform | 'ALL' = undefined;
}
