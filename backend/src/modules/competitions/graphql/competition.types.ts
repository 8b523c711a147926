import { ArgsType, Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { IsInt, IsOptional, Min } from 'class-validator';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../../common/pagination.js';
import type { Platform } from '../../../contracts/catalogue.js';
import {
  RESULT_STATUSES,
  type CompetitionGroupDto,
  type CompetitionStyle,
  type CompetitionSummaryDto,
  type DriverStandingDto,
  type PointsPreset,
  type PointsSystem,
  type CoDriverDto,
  type QualifyingDto,
  type RaceResultDto,
  type RaceResultsDto,
  type ResultStatus,
  type SeasonDto,
  type SeasonEventDetailsDto,
  type SeasonEventDto,
  type SeasonRaceDto,
  type SeasonRaceEventDto,
  type SeasonSummaryDto,
  type StandingsDto,
  type TeamStandingDto,
} from '../../../contracts/competitions.js';
import { ListSize, PageOf, graphqlEnum } from '../../../infra/graphql/graphql-types.js';
import { PlatformEnum } from '../../catalogue/index.js';
import { CompetitionStyleEnum } from '../../events/index.js';

/** GraphQL shapes of competitions, seasons, results and standings, as the REST contract has them (contracts/competitions.ts). */

export const ResultStatusEnum = graphqlEnum(RESULT_STATUSES, 'ResultStatus');
export const PointsPresetEnum = graphqlEnum(['F1', 'SPREAD', 'SPRINT', 'CUSTOM'] as const satisfies readonly PointsPreset[], 'PointsPreset');

@ObjectType('CompetitionGroup')
export class CompetitionGroupType implements CompetitionGroupDto {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'URL of the webp icon' })
  icon!: string | null;

  @Field(() => String, { nullable: true, description: 'URL of the webp banner' })
  banner!: string | null;

  @Field(() => Boolean, { description: 'Whether the group has a current competition' })
  live!: boolean;

  @Field(() => Int, { description: 'Groups are listed by position, then name' })
  position!: number;
}

@ObjectType('NamedRef', { description: 'Another record by id and name' })
export class NamedRefType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;
}

@ObjectType('CompetitionGame')
export class CompetitionGameType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  icon!: string | null;
}

@ObjectType('CompetitionSummary', { description: 'A competition as lists show it' })
export class CompetitionSummaryType implements CompetitionSummaryDto {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => CompetitionStyleEnum)
  style!: CompetitionStyle;

  @Field(() => String, { nullable: true })
  icon!: string | null;

  @Field(() => String, { nullable: true })
  banner!: string | null;

  @Field(() => Boolean)
  current!: boolean;

  @Field(() => NamedRefType, { nullable: true })
  group!: NamedRefType | null;

  @Field(() => CompetitionGameType, { nullable: true })
  game!: CompetitionGameType | null;

  @Field(() => [PlatformEnum])
  platforms!: Platform[];

  @Field(() => NamedRefType, { nullable: true, description: 'The season running now (or the latest one)' })
  currentSeason!: NamedRefType | null;

  @Field(() => Boolean, { description: 'Offered on the Series leaderboard' })
  leaderboardsEnabled!: boolean;
}

@ObjectType('SeasonSummary')
export class SeasonSummaryType implements SeasonSummaryDto {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int, { description: 'Rounds (events) in the season' })
  rounds!: number;

  @Field(() => Int)
  roundsWithResults!: number;
}

@ObjectType('Competition', { description: 'A competition with its seasons' })
export class CompetitionType extends CompetitionSummaryType {
  @ListSize(3)
  @Field(() => [SeasonSummaryType])
  seasons!: SeasonSummaryType[];
}

@ObjectType('CompetitionSummaryPage')
export class CompetitionSummaryPageType extends PageOf(CompetitionSummaryType) {}

@ObjectType('PointsTables', { description: 'Points by finishing position (index 0 is P1) for each kind of race; a missing kind scores nothing' })
export class PointsTablesType {
  @Field(() => [Float], { nullable: true })
  RACE?: number[];

  @Field(() => [Float], { nullable: true })
  SPRINT?: number[];

  @Field(() => [Float], { nullable: true })
  QUALIFYING?: number[];
}

@ObjectType('PointsBonuses')
export class PointsBonusesType {
  @Field(() => Float)
  pole!: number;

  @Field(() => Float)
  fastestLap!: number;

  @Field(() => Int, { nullable: true, description: 'Only a driver finishing inside the top N gets a bonus (null: anyone classified)' })
  onlyInsideTop!: number | null;
}

@ObjectType('PointsSystem', { description: "A season's scoring rules" })
export class PointsSystemType implements PointsSystem {
  @Field(() => PointsPresetEnum)
  preset!: PointsPreset;

  @Field(() => PointsTablesType)
  tables!: PointsTablesType;

  @Field(() => PointsBonusesType)
  bonuses!: PointsBonusesType;

  @Field(() => Float, { description: "Percent of the winner's laps a finisher must cover to score" })
  minimumDistancePercent!: number;

  @Field(() => Int, { nullable: true, description: 'Only the best N rounds count (null: all)' })
  countBestRounds!: number | null;

  @Field(() => Int, { description: 'The last K rounds are never dropped' })
  neverDropLastRounds!: number;

  @Field(() => Float, { description: 'Points taken for signing up and not starting' })
  noShowPenalty!: number;

  @Field(() => Boolean)
  dnfScores!: boolean;

  @Field(() => Int, { nullable: true, description: "Team standings count each team's best M drivers per race (null: all)" })
  teamBestDrivers!: number | null;
}

@ObjectType('SeasonRace')
export class SeasonRaceType implements SeasonRaceDto {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  position!: number;

  @Field(() => String)
  raceEventType!: string;

  @Field(() => Int, { nullable: true })
  laps!: number | null;

  @Field(() => Int, { nullable: true })
  lengthMinutes!: number | null;

  @Field(() => Boolean)
  hasResults!: boolean;
}

@ObjectType('SeasonRaceEvent')
export class SeasonRaceEventType implements SeasonRaceEventDto {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  position!: number;

  @Field(() => String, { nullable: true })
  trackName!: string | null;

  @ListSize(2)
  @Field(() => [SeasonRaceType])
  races!: SeasonRaceType[];
}

@ObjectType('CoDriver', { description: "Another driver of the car: a league driver, or a guest shown by the file's name" })
export class CoDriverType implements CoDriverDto {
  @Field(() => Int, { nullable: true, description: 'null: a guest' })
  profileId!: number | null;

  @Field(() => String)
  driverName!: string;

  @Field(() => Int, { nullable: true })
  driverNumber!: number | null;

  @Field(() => Boolean)
  guest!: boolean;

  @Field(() => Int, { nullable: true })
  laps!: number | null;

  @Field(() => Float, { nullable: true })
  drivingTimeMs!: number | null;

  @Field(() => Float, { description: 'Points this driver scored with the car' })
  points!: number;
}

@ObjectType('RaceResult', { description: 'One line of a race\'s classification (a hidden driver is "Private driver"; a guest is shown by the file\'s name)' })
export class RaceResultType implements RaceResultDto {
  @Field(() => Int, { nullable: true, description: 'null: a guest (a driver outside the league)' })
  profileId!: number | null;

  @Field(() => String)
  driverName!: string;

  @Field(() => Int, { nullable: true })
  driverNumber!: number | null;

  @Field(() => Boolean, { description: 'A driver outside the league: scores nothing, keeps its position' })
  guest!: boolean;

  @Field(() => Int, { nullable: true })
  teamId!: number | null;

  @Field(() => String, { nullable: true })
  teamName!: string | null;

  @Field(() => Int)
  position!: number;

  @Field(() => ResultStatusEnum)
  status!: ResultStatus;

  @Field(() => Int)
  laps!: number;

  @Field(() => Float, { nullable: true })
  totalTimeMs!: number | null;

  @Field(() => Float, { nullable: true })
  bestLapMs!: number | null;

  @Field(() => Boolean)
  pole!: boolean;

  @Field(() => Boolean)
  fastestLap!: boolean;

  @Field(() => Float, { description: 'Points this line scored in the latest standings, bonuses included' })
  points!: number;

  // Most cars have one driver: a small size keeps a season's results inside the cost limit.
  @ListSize(1)
  @Field(() => [CoDriverType])
  coDrivers!: CoDriverType[];

  @Field(() => Float, { nullable: true, description: 'Time added after the race, already in totalTimeMs' })
  penaltyMs!: number | null;

  @Field(() => String, { nullable: true, description: 'Why the line is classified as it is' })
  reason!: string | null;

  @Field(() => Float, { nullable: true })
  drivingTimeMs!: number | null;
}

@ObjectType('Qualifying', { description: "A race's qualifying classification: the grid, P1 on pole" })
export class QualifyingType implements QualifyingDto {
  @Field(() => Int)
  revision!: number;

  @ListSize(25)
  @Field(() => [RaceResultType])
  grid!: RaceResultType[];
}

@ObjectType('RaceResults', { description: "A race's latest results" })
export class RaceResultsType implements RaceResultsDto {
  @Field(() => QualifyingType, { nullable: true, description: 'The grid, when a qualifying was saved' })
  qualifying?: QualifyingType | null;

  @Field(() => Int)
  raceId!: number;

  @Field(() => Int, { nullable: true, description: 'The revision shown (null: no results yet)' })
  revision!: number | null;

  @ListSize(25)
  @Field(() => [RaceResultType])
  results!: RaceResultType[];
}

@ObjectType({ isAbstract: true })
abstract class SeasonEventFields implements SeasonEventDto {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'Start, UTC, ISO 8601' })
  date!: string;

  @Field(() => Int, { description: '1-based round number in the season, by date' })
  round!: number;

  @Field(() => Boolean)
  published!: boolean;

  @ListSize(2)
  @Field(() => [SeasonRaceEventType])
  raceEvents!: SeasonRaceEventType[];
}

/** A round in a season; `results` is resolved for all the season's rounds at once. */
@ObjectType('SeasonEvent', { description: 'A round of the season' })
export class SeasonEventType extends SeasonEventFields {
  /** Not a field: which season the round was read in (its results' points are that season's). */
  seasonId!: number;
}

@ObjectType('SeasonEventDetails', { description: 'One round with the latest results of each of its races' })
export class SeasonEventDetailsType extends SeasonEventFields implements SeasonEventDetailsDto {
  @Field(() => Int)
  seasonId!: number;

  @Field(() => NamedRefType)
  competition!: NamedRefType;

  @ListSize(2)
  @Field(() => [RaceResultsType], { description: 'One entry per race, in race order' })
  results!: RaceResultsType[];
}

@ObjectType('Season', { description: 'A season with its competition, points system and rounds in date order' })
export class SeasonType implements Omit<SeasonDto, 'events'> {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  rules!: string | null;

  @Field(() => CompetitionSummaryType)
  competition!: CompetitionSummaryType;

  @Field(() => PointsSystemType)
  pointsSystem!: PointsSystemType;

  @ListSize(10)
  @Field(() => [SeasonEventType])
  events!: SeasonEventType[];
}

@ObjectType('StandingProfile')
export class StandingProfileType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  driverName!: string;

  @Field(() => Int, { nullable: true })
  driverNumber!: number | null;

  @Field(() => String, { nullable: true })
  country!: string | null;
}

@ObjectType('StandingTeam')
export class StandingTeamType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: '#rrggbb' })
  colour!: string;
}

@ObjectType('DriverRoundPoints')
export class DriverRoundPointsType {
  @Field(() => Int)
  eventId!: number;

  @Field(() => Float, { nullable: true, description: 'Null: did not take part' })
  points!: number | null;

  @Field(() => Boolean, { description: 'A dropped round (does not count)' })
  dropped!: boolean;
}

@ObjectType('TeamRoundPoints')
export class TeamRoundPointsType {
  @Field(() => Int)
  eventId!: number;

  @Field(() => Float, { nullable: true })
  points!: number | null;
}

@ObjectType('DriverStanding')
export class DriverStandingType implements DriverStandingDto {
  @Field(() => Int)
  position!: number;

  @Field(() => StandingProfileType, { description: 'A hidden driver is "Private driver"' })
  profile!: StandingProfileType;

  @Field(() => StandingTeamType, { nullable: true })
  team!: StandingTeamType | null;

  @Field(() => Float)
  points!: number;

  @ListSize(10)
  @Field(() => [DriverRoundPointsType])
  rounds!: DriverRoundPointsType[];

  @Field(() => Int)
  wins!: number;

  @Field(() => Int)
  podiums!: number;

  @Field(() => Float)
  penaltyPoints!: number;
}

@ObjectType('TeamStanding')
export class TeamStandingType implements TeamStandingDto {
  @Field(() => Int)
  position!: number;

  @Field(() => StandingTeamType)
  team!: StandingTeamType;

  @Field(() => Float)
  points!: number;

  @ListSize(10)
  @Field(() => [TeamRoundPointsType])
  rounds!: TeamRoundPointsType[];
}

@ObjectType('Standings', { description: "A season's driver and team standings" })
export class StandingsType implements StandingsDto {
  @Field(() => Int)
  seasonId!: number;

  @Field(() => Int, { description: 'Rises with every results change: a newer version replaces an older one' })
  version!: number;

  @Field(() => [Int], { description: "Rounds counted that are not published yet (only in an organizer's preview)" })
  unpublishedEventIds!: number[];

  @ListSize(40)
  @Field(() => [DriverStandingType])
  drivers!: DriverStandingType[];

  @ListSize(15)
  @Field(() => [TeamStandingType])
  teams!: TeamStandingType[];
}

/** `currentCompetitions` arguments: REST's page query, optionally one group's (`GET /api/competitions/current/group/{id}`). */
@ArgsType()
export class CurrentCompetitionsArgs extends PageQuery {
  @Field(() => Int, { defaultValue: 0, description: '0-based' })
  override pageNumber = 0;

  @Field(() => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: 'At most 1000' })
  override pageSize = DEFAULT_PAGE_SIZE;

  @Field(() => Int, { nullable: true, description: "Only this group's" })
  @IsOptional()
  @IsInt()
  @Min(1)
  groupId?: number = undefined;
}

/** `(seasonId, eventId)` of one round, as REST's `/seasons/{season}/events/{event}`. */
@ArgsType()
export class SeasonEventArgs {
  @Field(() => Int)
  @IsInt()
  @Min(1)
  seasonId!: number;

  @Field(() => Int)
  @IsInt()
  @Min(1)
  eventId!: number;
}

/** `(seasonId)` of a season's standings. */
@ArgsType()
export class SeasonIdArgs {
  @Field(() => Int)
  @IsInt()
  @Min(1)
  seasonId!: number;
}
