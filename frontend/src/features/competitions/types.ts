/** Competition shapes come from the backend contracts (imported type-only, never copied). */
export type {
  CompetitionDto,
  CompetitionGroupRequest,
  CompetitionRequest,
  CompetitionSearchRequest,
  CompetitionSortField,
  CompetitionGroupDto,
  CompetitionStyle,
  CompetitionSummaryDto,
  DriverStandingDto,
  PointsPreset,
  PointsSystem,
  PointsTable,
  RaceResultDto,
  RaceResultLine,
  RaceResultsDto,
  RaceResultsRequest,
  ResultImportMapping,
  ResultRevisionDto,
  ResultSource,
  ResultSourceDto,
  ResultStatus,
  ScoredSession,
  SeasonDto,
  SeasonEventDetailsDto,
  SeasonEventsRequest,
  SeasonRequest,
  SeasonEventDto,
  SeasonRaceDto,
  SeasonRaceEventDto,
  SeasonSummaryDto,
  StandingsDto,
  TeamStandingDto,
} from '@paddock/contracts/competitions.js';
export type { Page } from '@paddock/contracts/api.js';
export type { Platform } from '@paddock/contracts/catalogue.js';
export type { DriverListItemDto } from '@paddock/contracts/profiles.js';

/** The answer of `POST …/results/{race}/import`, until the contract names it. */
export interface ImportAnswer {
  results: import('@paddock/contracts/competitions.js').RaceResultsDto | null;
  unmatched: { line: number; name: string; platformId: string | null }[];
}
