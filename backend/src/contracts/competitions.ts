/**
 * Competitions, seasons, results and standings (SPEC §3 Competition, §7 Competitions, §9 styles),
 * shared with the web client. Types and pure rules only; the standings function lives in the API
 * (`modules/competitions/standings`).
 */
import type { Platform } from './catalogue.js';

/** SPEC §9: SOLO (Individual), TEAM (Teams), LVL (League VS League). */
export const COMPETITION_STYLES = ['SOLO', 'TEAM', 'LVL'] as const;
export type CompetitionStyle = (typeof COMPETITION_STYLES)[number];

export const RESULT_STATUSES = ['FINISHED', 'DNF', 'DNS', 'DSQ'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** The kind of race a points table applies to (a race's `raceEventType`, grouped). */
export const SCORED_SESSIONS = ['RACE', 'SPRINT', 'QUALIFYING'] as const;
export type ScoredSession = (typeof SCORED_SESSIONS)[number];

/** Points by finishing position: index 0 is P1. Positions past the end score 0. */
export type PointsTable = number[];

export const POINTS_PRESETS = {
  /** F1: 25-18-15-12-10-8-6-4-2-1. */
  F1: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1],
  /** Points for a full grid, so every finisher scores: 30 for P1 down to 1 for P30. */
  SPREAD: Array.from({ length: 30 }, (_, index) => 30 - index),
  /** F1 sprint: 8-7-6-5-4-3-2-1. */
  SPRINT: [8, 7, 6, 5, 4, 3, 2, 1],
} as const satisfies Record<string, PointsTable>;
export type PointsPreset = keyof typeof POINTS_PRESETS | 'CUSTOM';

/** A season's points system: every rule the standings function applies. */
export interface PointsSystem {
  /** Which preset the tables came from (for the organizer's form); the tables are what counts. */
  preset: PointsPreset;
  /** Points by position for each kind of race; a missing kind scores nothing. */
  tables: Partial<Record<ScoredSession, PointsTable>>;
  /** Bonus points for pole (qualifying P1 or the result's `pole` flag) and for the fastest lap. */
  bonuses: {
    pole: number;
    fastestLap: number;
    /** Only a driver who finishes inside the top N gets a bonus (null: anyone classified). */
    onlyInsideTop: number | null;
  };
  /** A finisher must have covered at least this percent of the winner's laps to score (0: no minimum). */
  minimumDistancePercent: number;
  /** Count only the best N rounds (null: all rounds count). */
  countBestRounds: number | null;
  /** The last K rounds can never be dropped. */
  neverDropLastRounds: number;
  /** Points taken from a driver who signed up for a round and did not start without signing out (0: none). */
  noShowPenalty: number;
  /** DNF: scores its position's points when it covered the minimum distance (`true`) or scores nothing. */
  dnfScores: boolean;
  /** Team standings: count the best M drivers of each team per race (null: every driver). */
  teamBestDrivers: number | null;
}

/* ---- Reads ---- */

export interface CompetitionGroupDto {
  id: number;
  name: string;
  description: string | null;
  icon: string | null;
  banner: string | null;
  /** True while the group has a current competition (`GET /competitions/groups/live`). */
  live: boolean;
}

export interface CompetitionSummaryDto {
  id: number;
  name: string;
  description: string | null;
  style: CompetitionStyle;
  icon: string | null;
  banner: string | null;
  current: boolean;
  group: { id: number; name: string } | null;
  game: { id: number; name: string; icon: string | null } | null;
  platforms: Platform[];
  /** The season running now (or the latest one), if any. */
  currentSeason: { id: number; name: string } | null;
}

export interface CompetitionDto extends CompetitionSummaryDto {
  seasons: SeasonSummaryDto[];
}

export interface SeasonSummaryDto {
  id: number;
  name: string;
  /** Rounds (events) in the season, and how many have results. */
  rounds: number;
  roundsWithResults: number;
}

export interface SeasonRaceDto {
  id: number;
  position: number;
  raceEventType: string;
  laps: number | null;
  lengthMinutes: number | null;
  /** Whether the race has results (any revision). */
  hasResults: boolean;
}

export interface SeasonRaceEventDto {
  id: number;
  position: number;
  trackName: string | null;
  races: SeasonRaceDto[];
}

export interface SeasonEventDto {
  id: number;
  name: string;
  date: string;
  /** 1-based round number in the season, by date. */
  round: number;
  raceEvents: SeasonRaceEventDto[];
}

/** `GET /api/seasons/{season}`: the season with its competition, points system and events. */
export interface SeasonDto {
  id: number;
  name: string;
  rules: string | null;
  competition: CompetitionSummaryDto;
  pointsSystem: PointsSystem;
  events: SeasonEventDto[];
}

/** One line of a race's classification, as saved (a revision's rows). */
export interface RaceResultDto {
  profileId: number;
  driverName: string;
  driverNumber: number | null;
  teamId: number | null;
  teamName: string | null;
  position: number;
  status: ResultStatus;
  laps: number;
  totalTimeMs: number | null;
  bestLapMs: number | null;
  pole: boolean;
  fastestLap: boolean;
  /** Points this line scored in the latest standings (bonuses included). */
  points: number;
}

export interface RaceResultsDto {
  raceId: number;
  revision: number | null;
  results: RaceResultDto[];
}

export interface ResultRevisionDto {
  revision: number;
  author: { userId: number; name: string };
  createdAt: string;
  /** "saved", "imported from acc.json", "reverted to revision 2". */
  note: string;
  lines: number;
}

export interface DriverStandingDto {
  position: number;
  profile: { id: number; driverName: string; driverNumber: number | null; country: string | null };
  team: { id: number; name: string; colour: string } | null;
  points: number;
  /** Points by round (null: did not take part; dropped rounds are flagged). */
  rounds: { eventId: number; points: number | null; dropped: boolean }[];
  wins: number;
  podiums: number;
  penaltyPoints: number;
}

export interface TeamStandingDto {
  position: number;
  team: { id: number; name: string; colour: string };
  points: number;
  rounds: { eventId: number; points: number | null }[];
}

/** `GET /api/seasons/{season}/standings` and the `season.standings.changed` push. */
export interface StandingsDto {
  seasonId: number;
  /** The revision of results they come from (rises with every save): clients ignore older pushes. */
  version: number;
  drivers: DriverStandingDto[];
  teams: TeamStandingDto[];
}

/* ---- Requests: the API's DTOs implement them ---- */

export interface RaceResultLine {
  profileId: number;
  position: number;
  status: ResultStatus;
  laps: number;
  totalTimeMs?: number | null;
  bestLapMs?: number | null;
  pole?: boolean;
  fastestLap?: boolean;
  teamId?: number | null;
}

/** `PUT /api/seasons/{season}/events/{event}/results/{race}`. */
export interface RaceResultsRequest {
  results: RaceResultLine[];
}
