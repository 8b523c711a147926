import { Field, Int, ArgsType } from '@nestjs/graphql';
import type { Platform } from '../../../contracts/catalogue.js';
import type { CompetitionSummaryDto } from '../../../contracts/competitions.js';
import {
  CAR_TUNING_RULES,
  CAR_UPGRADE_RULES,
  COMPETITION_STYLES,
  RACE_EVENT_TYPES,
  type AttendeeDto,
  type EventDetailsDto,
  type EventDto,
  type EventSeasonDto,
  type QualifyDto,
  type RaceDto,
  type RaceEventDto,
} from '../../../contracts/events.js';
import { contractType, field, graphqlEnum, pageType } from '../../../infra/graphql/contract-types.js';
import { GameType, PlatformEnum, PlatformFilterEnum, TrackRefType } from '../../catalogue/index.js';
import { TeamRefType } from '../../teams/index.js';
import { PageArgs } from '../../../infra/graphql/graphql-types.js';
import { EventListQuery } from '../dto/event.dto.js';

/** GraphQL shapes of events, from the REST contract (contracts/events.ts). */

export const CompetitionStyleEnum = graphqlEnum(COMPETITION_STYLES, 'CompetitionStyle', 'SOLO (individual), TEAM, LVL (league vs league)');
export const CarTuningRuleEnum = graphqlEnum(CAR_TUNING_RULES, 'CarTuningRule');
export const CarUpgradeRuleEnum = graphqlEnum(CAR_UPGRADE_RULES, 'CarUpgradeRule');
export const RaceEventTypeEnum = graphqlEnum(RACE_EVENT_TYPES, 'RaceEventType');

const qualifyFields = {
  track: field(TrackRefType, { nullable: true }),
  laps: field(Int, { nullable: true }),
  length: field(Int, { nullable: true, description: 'Minutes' }),
};

export const RaceType = contractType<RaceDto>('Race', { id: Int, raceEventType: RaceEventTypeEnum, ...qualifyFields });

export const QualifyType = contractType<QualifyDto>('Qualify', qualifyFields);

export const RaceEventType = contractType<RaceEventDto>(
  'RaceEvent',
  {
    id: Int,
    track: field(TrackRefType, { nullable: true }),
    externalTrackName: field(String, { nullable: true, description: 'A track outside the catalogue' }),
    qualifyEnabled: Boolean,
    qualify: field(QualifyType, { nullable: true }),
    races: field([RaceType], { listSize: 2 }),
  },
  'A round of an event at one track: optional qualifying and its races',
);

/** A competition by id and name. */
export const EventCompetitionType = contractType<EventSeasonDto['competition']>('EventCompetition', { id: Int, name: String });

/** A competition's game with its icon (the series' game of an event's season). */
export const CompetitionGameType = contractType<NonNullable<CompetitionSummaryDto['game']>>('CompetitionGame', {
  id: Int,
  name: String,
  icon: field(String, { nullable: true }),
});

export const EventSeasonType = contractType<EventSeasonDto>(
  'EventSeason',
  {
    id: Int,
    competition: EventCompetitionType,
    game: field(CompetitionGameType, { nullable: true, description: "The series' game (the event's own when the series names none)" }),
  },
  'The season an event is a round of',
);

const eventFields = {
  id: Int,
  name: String,
  date: field(String, { description: 'Start, UTC, ISO 8601' }),
  assessmentEvent: Boolean,
  published: Boolean,
  season: field(EventSeasonType, { nullable: true, description: 'Null for individual and assessment events' }),
  game: GameType,
  platforms: [PlatformEnum],
  seats: Int,
  competitionStyle: CompetitionStyleEnum,
  carTuningRule: CarTuningRuleEnum,
  carUpgradeRule: CarUpgradeRuleEnum,
  stewarded: Boolean,
  leaderboardsEnabled: Boolean,
  teamSizeMin: Int,
  teamSizeMax: Int,
  lineupLockMinutes: field(Int, { description: 'Captains set their line-ups until this many minutes before the start' }),
  youtubeUrl: field(String, { nullable: true }),
  icon: field(String, { nullable: true, description: 'URL of the webp icon' }),
  raceEvents: field([RaceEventType], { listSize: 2 }),
  attendanceCount: Int,
  seatsLeft: Int,
  live: field(Boolean, { description: 'Whether the event is live right now' }),
} as const;

export const EventType = contractType<EventDto>('Event', eventFields, 'A published event as every list shows it');

/** An attendee without the name and number REST shows: GraphQL answers them in `driver`, hidden as a visitor sees them. */
export type GraphqlAttendee = Pick<AttendeeDto, 'profileId' | 'team'>;

export const AttendeeType = contractType<GraphqlAttendee>(
  'Attendee',
  { profileId: Int, team: field(TeamRefType, { nullable: true }) },
  'A driver in an event; who the driver is (name, number) is `driver`',
);

export const EventDetailsType = contractType<Omit<EventDetailsDto, 'attendance'> & { attendance: GraphqlAttendee[] }>(
  'EventDetails',
  { ...eventFields, attendance: field([AttendeeType], { listSize: 30 }) },
  'One event with the drivers in it, in the order they joined',
);

export const EventPageType = pageType('EventPage', EventType);

/** `plannedEvents` / `pastEvents` arguments: REST's `?pageNumber&pageSize&gameId&platform`, validated by the same DTO. */
@ArgsType()
export class EventListArgs extends PageArgs(EventListQuery) {
  @Field(() => Int, { nullable: true })
  override gameId?: number = undefined;

  @Field(() => PlatformFilterEnum, { nullable: true })
  override platform?: Platform | 'ALL' = undefined;
}
