/**
 * A season's standings "if the race ended now": the season's rounds with a live race's classification in
 * place of whatever results it has, scored by the one standings function beside the standings without it.
 * Pure, like the standings themselves: the service reads the season, this scores it.
 */
import type { PointsSystem } from '../../../contracts/competitions.js';
import { racesOf, type SeasonRound } from '../../events/index.js';
import { scoredSessionOf } from '../season-rules.js';
import { computeStandings, type PointsPenalty, type ScoredLine, type ScoredRace, type ScoredRound } from './standings.js';

/** What a season's standings are scored from, as read from the database. */
export interface SeasonData {
  seasonId: number;
  /** The season's results version. */
  version: number;
  pointsSystem: PointsSystem;
  /** The season's rounds, in season order. */
  events: SeasonRound[];
  /** The latest RACE revision of each race with results. */
  revisionOfRace: Map<number, number>;
  linesOfRevision: Map<number, ScoredLine[]>;
  /** The qualifying P1 of each race (its latest qualifying revision's). */
  poleSitterOf: Map<number, number | null>;
  signedUp: { eventId: number; profileId: number }[];
  penalties: PointsPenalty[];
}

/** A live race's classification as it stands (positions from 1), scored in place of the race's stored results. */
export interface LiveRaceLines {
  raceId: number;
  lines: ScoredLine[];
}

/** A driver's standing were the race to end now, beside their standing without it. */
export interface ProjectedStanding {
  profileId: number;
  position: number;
  /** null: not in the standings without the race. */
  currentPosition: number | null;
  points: number;
  projectedPoints: number;
}

/**
 * The race's lines with the pole on the car of the qualifying P1 when the race's lines set no pole
 * (a guest on qualifying pole: nobody gets it).
 */
export function withQualifyingPole(lines: ScoredLine[], poleSitter: number | null): ScoredLine[] {
  if (poleSitter === null || lines.some((line) => line.pole)) return lines;
  return lines.map((line) => (line.profileId === poleSitter || line.coDrivers?.some((coDriver) => coDriver.profileId === poleSitter) ? { ...line, pole: true } : line));
}

/**
 * The season's rounds as scored: a round counts once one of its scored races has results (`live`: the live
 * race has the lines given, whatever is stored); its no-shows only once it has started by `now`.
 */
export function roundsOf(data: SeasonData, now: Date, live?: LiveRaceLines): ScoredRound[] {
  const rounds: ScoredRound[] = [];
  for (const event of data.events) {
    const scored: ScoredRace[] = [];
    for (const race of racesOf(event)) {
      const session = scoredSessionOf(race.raceEventType);
      const revisionId = data.revisionOfRace.get(race.raceId);
      const lines = live?.raceId === race.raceId ? live.lines : revisionId === undefined ? undefined : (data.linesOfRevision.get(revisionId) ?? []);
      if (!session || lines === undefined) continue;
      scored.push({ raceId: race.raceId, session, lines: withQualifyingPole(lines, data.poleSitterOf.get(race.raceId) ?? null) });
    }
    if (!scored.length) continue;
    const started = event.startsAt.getTime() <= now.getTime();
    rounds.push({
      eventId: event.eventId,
      races: scored,
      signedUp: started ? data.signedUp.filter((row) => row.eventId === event.eventId).map((row) => row.profileId) : [],
    });
  }
  return rounds;
}

/** The driver standings were `live` to end now, in their projected order, each with where they stand without it. */
export function projectSeason(data: SeasonData, now: Date, live: LiveRaceLines): ProjectedStanding[] {
  const current = new Map(computeStandings(data.pointsSystem, roundsOf(data, now), data.penalties).drivers.map((driver) => [driver.profileId, driver]));
  return computeStandings(data.pointsSystem, roundsOf(data, now, live), data.penalties).drivers.map((driver) => ({
    profileId: driver.profileId,
    position: driver.position,
    currentPosition: current.get(driver.profileId)?.position ?? null,
    points: current.get(driver.profileId)?.points ?? 0,
    projectedPoints: driver.points,
  }));
}
