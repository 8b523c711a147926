/**
 * The one standings function: a season's driver and team standings from its results, its points
 * system and its penalties. Pure — no database, no clock — so every rule is unit-tested by hand-worked
 * cases (standings.spec.ts), and the worker, the REST reads and GraphQL all call it.
 */
import type { PointsSystem, ResultStatus, ScoredSession } from '../../../contracts/competitions.js';

/** A classified line of one race (the latest revision's). */
export interface ScoredLine {
  profileId: number;
  teamId: number | null;
  position: number;
  status: ResultStatus;
  laps: number;
  pole: boolean;
  fastestLap: boolean;
}

export interface ScoredRace {
  raceId: number;
  session: ScoredSession;
  lines: ScoredLine[];
}

/** A round: one season event, in season order. */
export interface ScoredRound {
  eventId: number;
  races: ScoredRace[];
  /** Drivers who signed up and were still signed up at the start: those absent from every race are no-shows. */
  signedUp: number[];
}

/** A points deduction from stewarding; `id` makes it count once however often it is passed. */
export interface PointsPenalty {
  id: number;
  profileId: number;
  eventId: number;
  points: number;
}

export interface DriverStanding {
  position: number;
  profileId: number;
  /** The team the driver last raced for in the season. */
  teamId: number | null;
  points: number;
  /** Per round, in season order: null when the driver took no part. */
  rounds: { eventId: number; points: number | null; dropped: boolean }[];
  wins: number;
  podiums: number;
  penaltyPoints: number;
}

export interface TeamStanding {
  position: number;
  teamId: number;
  points: number;
  rounds: { eventId: number; points: number | null }[];
}

export interface SeasonStandings {
  drivers: DriverStanding[];
  teams: TeamStanding[];
  /** Points each line scored, bonuses included: `linePoints.get(raceId)?.get(profileId)`. */
  linePoints: Map<number, Map<number, number>>;
}

export function computeStandings(system: PointsSystem, rounds: readonly ScoredRound[], penalties: readonly PointsPenalty[]): SeasonStandings {
  void system;
  void rounds;
  void penalties;
  throw new Error('computeStandings: not implemented yet');
}
