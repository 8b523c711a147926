import { ArgsType, Field, Float, Int } from '@nestjs/graphql';
import { IsInt, IsOptional, Min } from 'class-validator';
import { PageQuery } from '../../../common/pagination.js';
import {
  POINTS_PRESET_NAMES,
  RESULT_STATUSES,
  type CoDriverDto,
  type CompetitionDto,
  type CompetitionGroupDto,
  type CompetitionSummaryDto,
  type DriverStandingDto,
  type PointsSystem,
  type QualifyingDto,
  type RaceResultDto,
  type RaceResultsDto,
  type SeasonDto,
  type SeasonEventDetailsDto,
  type SeasonEventDto,
  type SeasonRaceDto,
  type SeasonRaceEventDto,
  type SeasonSummaryDto,
  type StandingsDto,
  type TeamStandingDto,
} from '../../../contracts/competitions.js';
import { contractType, field, graphqlEnum, pageType, pick } from '../../../infra/graphql/contract-types.js';
import { IdArgs, PageArgs } from '../../../infra/graphql/graphql-types.js';
import { PlatformEnum } from '../../catalogue/index.js';
import { CompetitionGameType, CompetitionStyleEnum, RaceEventTypeEnum } from '../../events/index.js';

/** GraphQL shapes of competitions, seasons, results and standings, from the REST contract (contracts/competitions.ts). */

export const ResultStatusEnum = graphqlEnum(RESULT_STATUSES, 'ResultStatus');
export const PointsPresetEnum = graphqlEnum(POINTS_PRESET_NAMES, 'PointsPreset');

const iconFields = {
  icon: field(String, { nullable: true, description: 'URL of the webp icon' }),
  banner: field(String, { nullable: true, description: 'URL of the webp banner' }),
};

export const CompetitionGroupType = contractType<CompetitionGroupDto>('CompetitionGroup', {
  id: Int,
  name: String,
  description: field(String, { nullable: true }),
  ...iconFields,
  live: field(Boolean, { description: 'Whether the group has a current competition' }),
  position: field(Int, { description: 'Groups are listed by position, then name' }),
});

type NamedRef = NonNullable<CompetitionSummaryDto['group']>;

export const NamedRefType = contractType<NamedRef>('NamedRef', { id: Int, name: String }, 'Another record by id and name');

const competitionSummaryFields = {
  id: Int,
  name: String,
  description: field(String, { nullable: true }),
  style: CompetitionStyleEnum,
  ...iconFields,
  current: Boolean,
  group: field(NamedRefType, { nullable: true }),
  game: field(CompetitionGameType, { nullable: true }),
  platforms: [PlatformEnum],
  currentSeason: field(NamedRefType, { nullable: true, description: 'The season running now (or the latest one)' }),
  leaderboardsEnabled: field(Boolean, { description: 'Offered on the Series leaderboard' }),
} as const;

export const CompetitionSummaryType = contractType<CompetitionSummaryDto>('CompetitionSummary', competitionSummaryFields, 'A competition as lists show it');

export const SeasonSummaryType = contractType<SeasonSummaryDto>('SeasonSummary', {
  id: Int,
  name: String,
  rounds: field(Int, { description: 'Rounds (events) in the season' }),
  roundsWithResults: Int,
});

export const CompetitionType = contractType<CompetitionDto>(
  'Competition',
  { ...competitionSummaryFields, seasons: field([SeasonSummaryType], { listSize: 3 }) },
  'A competition with its seasons',
);

export const CompetitionSummaryPageType = pageType('CompetitionSummaryPage', CompetitionSummaryType);

const pointsTable = field([Float], { nullable: true });

export const PointsTablesType = contractType<PointsSystem['tables']>(
  'PointsTables',
  { RACE: pointsTable, SPRINT: pointsTable, QUALIFYING: pointsTable },
  'Points by finishing position (index 0 is P1) for each kind of race; a missing kind scores nothing',
);

export const PointsBonusesType = contractType<PointsSystem['bonuses']>('PointsBonuses', {
  pole: Float,
  fastestLap: Float,
  onlyInsideTop: field(Int, { nullable: true, description: 'Only a driver finishing inside the top N gets a bonus (null: anyone classified)' }),
});

export const PointsSystemType = contractType<PointsSystem>(
  'PointsSystem',
  {
    preset: PointsPresetEnum,
    tables: PointsTablesType,
    bonuses: PointsBonusesType,
    minimumDistancePercent: field(Float, { description: "Percent of the winner's laps a finisher must cover to score" }),
    countBestRounds: field(Int, { nullable: true, description: 'Only the best N rounds count (null: all)' }),
    neverDropLastRounds: field(Int, { description: 'The last K rounds are never dropped' }),
    noShowPenalty: field(Float, { description: 'Points taken for signing up and not starting' }),
    dnfScores: Boolean,
    teamBestDrivers: field(Int, { nullable: true, description: "Team standings count each team's best M drivers per race (null: all)" }),
    minDrivingSharePercent: field(Float, {
      nullable: true,
      description: "A driver of a shared car scores only with at least this percent of the car's driving time (null: no minimum)",
    }),
  },
  "A season's scoring rules",
);

export const SeasonRaceType = contractType<SeasonRaceDto>('SeasonRace', {
  id: Int,
  position: Int,
  raceEventType: RaceEventTypeEnum,
  laps: field(Int, { nullable: true }),
  lengthMinutes: field(Int, { nullable: true }),
  hasResults: Boolean,
});

export const SeasonRaceEventType = contractType<SeasonRaceEventDto>('SeasonRaceEvent', {
  id: Int,
  position: Int,
  trackName: field(String, { nullable: true }),
  races: field([SeasonRaceType], { listSize: 2 }),
});

/** What a result line and each of its co-drivers say alike. */
const carDriverFields = {
  driverName: String,
  driverNumber: field(Int, { nullable: true }),
  drivingTimeMs: field(Float, { nullable: true }),
} as const;

export const CoDriverType = contractType<CoDriverDto>(
  'CoDriver',
  {
    profileId: field(Int, { nullable: true, description: 'null: a guest' }),
    ...carDriverFields,
    guest: Boolean,
    laps: field(Int, { nullable: true }),
    points: field(Float, { description: 'Points this driver scored with the car' }),
  },
  "Another driver of the car: a league driver, or a guest shown by the file's name",
);

export const RaceResultType = contractType<RaceResultDto>(
  'RaceResult',
  {
    profileId: field(Int, { nullable: true, description: 'null: a guest (a driver outside the league)' }),
    ...carDriverFields,
    guest: field(Boolean, { description: 'A driver outside the league: scores nothing, keeps its position' }),
    teamId: field(Int, { nullable: true }),
    teamName: field(String, { nullable: true }),
    position: Int,
    status: ResultStatusEnum,
    laps: Int,
    totalTimeMs: field(Float, { nullable: true }),
    bestLapMs: field(Float, { nullable: true }),
    pole: Boolean,
    fastestLap: Boolean,
    points: field(Float, { description: 'Points this line scored in the latest standings, bonuses included' }),
    // Most cars have one driver: a small size keeps a season's results inside the cost limit.
    coDrivers: field([CoDriverType], { listSize: 1 }),
    penaltyMs: field(Float, { nullable: true, description: 'Time added after the race, already in totalTimeMs' }),
    reason: field(String, { nullable: true, description: 'Why the line is classified as it is' }),
  },
  'One line of a race\'s classification (a hidden driver is "Private driver"; a guest is shown by the file\'s name)',
);

const resultLines = field([RaceResultType], { listSize: 25 });

export const QualifyingType = contractType<QualifyingDto>('Qualifying', { revision: Int, grid: resultLines }, "A race's qualifying classification: the grid, P1 on pole");

export const RaceResultsType = contractType<RaceResultsDto>(
  'RaceResults',
  {
    qualifying: field(QualifyingType, { nullable: true, description: 'The grid, when a qualifying was saved' }),
    raceId: Int,
    revision: field(Int, { nullable: true, description: 'The revision shown (null: no results yet)' }),
    results: resultLines,
  },
  "A race's latest results",
);

const seasonEventFields = {
  id: Int,
  name: String,
  date: field(String, { description: 'Start, UTC, ISO 8601' }),
  round: field(Int, { description: '1-based round number in the season, by date' }),
  published: Boolean,
  raceEvents: field([SeasonRaceEventType], { listSize: 2 }),
} as const;

/** A round in a season; `results` is resolved for all the season's rounds at once. */
export const SeasonEventType = contractType<SeasonEventDto>('SeasonEvent', seasonEventFields, 'A round of the season');

/** A round as the resolvers hand it on: with the season it was read in (its results' points are that season's), which is no field. */
export type SeasonEventInSeason = SeasonEventDto & { seasonId: number };

export const SeasonEventDetailsType = contractType<SeasonEventDetailsDto>(
  'SeasonEventDetails',
  {
    ...seasonEventFields,
    seasonId: Int,
    competition: NamedRefType,
    results: field([RaceResultsType], { listSize: 2, description: 'One entry per race, in race order' }),
  },
  'One round with the latest results of each of its races',
);

export const SeasonType = contractType<SeasonDto>(
  'Season',
  {
    id: Int,
    name: String,
    rules: field(String, { nullable: true }),
    competition: CompetitionSummaryType,
    pointsSystem: PointsSystemType,
    events: field([SeasonEventType], { listSize: 10 }),
  },
  'A season with its competition, points system and rounds in date order',
);

export const StandingProfileType = contractType<DriverStandingDto['profile']>('StandingProfile', {
  id: Int,
  ...pick(carDriverFields, 'driverName', 'driverNumber'),
  country: field(String, { nullable: true }),
});

export const StandingTeamType = contractType<TeamStandingDto['team']>('StandingTeam', { id: Int, name: String, colour: field(String, { description: '#rrggbb' }) });

export const DriverRoundPointsType = contractType<DriverStandingDto['rounds'][number]>('DriverRoundPoints', {
  eventId: Int,
  points: field(Float, { nullable: true, description: 'Null: did not take part' }),
  dropped: field(Boolean, { description: 'A dropped round (does not count)' }),
});

export const TeamRoundPointsType = contractType<TeamStandingDto['rounds'][number]>('TeamRoundPoints', { eventId: Int, points: field(Float, { nullable: true }) });

export const DriverStandingType = contractType<DriverStandingDto>('DriverStanding', {
  position: Int,
  profile: field(StandingProfileType, { description: 'A hidden driver is "Private driver"' }),
  team: field(StandingTeamType, { nullable: true }),
  points: Float,
  rounds: field([DriverRoundPointsType], { listSize: 10 }),
  wins: Int,
  podiums: Int,
  penaltyPoints: Float,
});

export const TeamStandingType = contractType<TeamStandingDto>('TeamStanding', {
  position: Int,
  team: StandingTeamType,
  points: Float,
  rounds: field([TeamRoundPointsType], { listSize: 10 }),
});

export const StandingsType = contractType<StandingsDto>(
  'Standings',
  {
    seasonId: Int,
    version: field(Int, { description: 'Rises with every results change: a newer version replaces an older one' }),
    unpublishedEventIds: field([Int], { description: "Rounds counted that are not published yet (only in an organizer's preview)" }),
    drivers: field([DriverStandingType], { listSize: 40 }),
    teams: field([TeamStandingType], { listSize: 15 }),
  },
  "A season's driver and team standings",
);

/** `currentCompetitions` arguments: REST's page query, optionally one group's (`GET /api/competitions/current/group/{id}`). */
@ArgsType()
export class CurrentCompetitionsArgs extends PageArgs(PageQuery) {
  @Field(() => Int, { nullable: true, description: "Only this group's" })
  @IsOptional()
  @IsInt()
  @Min(1)
  groupId?: number = undefined;
}

/** `(seasonId, id)` of one round (the event's id), as REST's `/seasons/{season}/events/{event}`. */
@ArgsType()
export class SeasonEventArgs extends IdArgs {
  @Field(() => Int)
  @IsInt()
  @Min(1)
  seasonId!: number;
}

/** `(seasonId)` of a season's standings. */
@ArgsType()
export class SeasonIdArgs {
  @Field(() => Int)
  @IsInt()
  @Min(1)
  seasonId!: number;
}
