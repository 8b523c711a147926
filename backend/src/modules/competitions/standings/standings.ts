/**
 * The one standings function: a season's driver and team standings from its results, its points
 * system and its penalties. Pure — no database, no clock — so every rule is unit-tested by hand-worked
 * cases (standings.spec.ts), and the worker, the REST reads and GraphQL all call it.
 *
 * The league rules it applies, where the points system leaves a choice:
 * - Classified: a line is classified when it is FINISHED, or DNF with `dnfScores`, and (in RACE and
 *   SPRINT sessions) covered the minimum distance — `laps * 100 >= percent * winner's laps`, the winner
 *   being the FINISHED line with the most laps. Only classified lines score anything (points, bonuses)
 *   and only they count as wins, podiums and countback places. DNS and DSQ are never classified.
 *   Positions are taken as entered: a DSQ'd P1 leaves P1's points unpaid, nobody moves up.
 * - Tables: a session kind without a table pays no position points and no race bonuses; a QUALIFYING
 *   session still pays the pole bonus to its P1 (the usual way qualifying pays). When a round has a
 *   QUALIFYING session, pole comes from it only and `pole` flags on its other races are ignored, so the
 *   bonus is not paid twice. `onlyInsideTop` is checked against the line's own position.
 * - Wins, podiums and countback come from RACE (feature) sessions only.
 * - Drops: only rounds with results take part. The last K rounds of `rounds` (the season's, so a final
 *   round not raced yet forces nothing) always count, each taking one of the N slots (a driver absent
 *   from one counts it as 0); the best of the others fill the remaining slots (equal scores: the later
 *   round is kept). Dropped is flagged only on rounds the driver took part in.
 * - No-show: signed up for a round with results but in none of its races (a DNS line is not a
 *   no-show). That round shows `-noShowPenalty`, is never dropped, and the penalty is part of
 *   `penaltyPoints`; with a penalty of 0 the round is simply null.
 * - Penalties are subtracted after drops, once per id; they do not touch team points.
 * - Ties: equal points → countback (more wins, then more 2nds, …), then the better finish in the latest
 *   round both raced a RACE in (an unclassified line is worse than any place). Still equal → the same
 *   position, listed by id. Teams: points, then countback on their RACE places, then their latest round.
 * - Teams: per race, the best M classified scores of each team count (null: all); no drops for teams.
 *   A car counts once, whatever the number of its drivers.
 * - Guests (a line without a profile) keep their position and points follow positions: a guest's
 *   points, bonuses and win are paid to nobody (leagues score by finishing position, guests included).
 *   They never score, never count for a team and are never no-shows.
 * - Co-drivers: every league driver of a car is credited with the car's result (points, win, podium,
 *   presence). With `minDrivingSharePercent` > 0, a driver of a shared car scores only with at least that
 *   share of the car's driving time, checked only where every driver's time is known; below it the
 *   driver took part (0 points, unclassified for countback).
 */
import type { PointsSystem, ResultStatus, ScoredSession } from '../../../contracts/competitions.js';

/** A line (a car) of one race (the latest revision's). */
export interface ScoredLine {
  /** null: a guest. */
  profileId: number | null;
  teamId: number | null;
  position: number;
  status: ResultStatus;
  laps: number;
  pole: boolean;
  fastestLap: boolean;
  /** The line's own driver's driving time, where known. */
  drivingTimeMs?: number | null;
  /** The car's other drivers (null profile: a guest, who only adds to the car's driving time). */
  coDrivers?: { profileId: number | null; drivingTimeMs: number | null }[];
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
  /** Points each driver scored, bonuses included: `linePoints.get(raceId)?.get(profileId)` (co-drivers too). */
  linePoints: Map<number, Map<number, number>>;
}

export function computeStandings(system: PointsSystem, rounds: readonly ScoredRound[], penalties: readonly PointsPenalty[]): SeasonStandings {
  const classified = classifiedLines(system, rounds);
  const carPoints = scoreCars(system, rounds, classified);
  const linePoints = driverPoints(system, rounds, carPoints);
  return {
    drivers: driverStandings(system, rounds, penalties, classified, linePoints),
    teams: teamStandings(system, rounds, classified, carPoints),
    linePoints,
  };
}

/** The league drivers a car's result is credited to, and whether each scores (the minimum driving share). */
export function creditedDrivers(system: PointsSystem, line: ScoredLine): { profileId: number; scores: boolean }[] {
  const drivers = [{ profileId: line.profileId, drivingTimeMs: line.drivingTimeMs ?? null }, ...(line.coDrivers ?? [])];
  const minimum = system.minDrivingSharePercent ?? 0;
  const times = drivers.map((driver) => driver.drivingTimeMs);
  const enforced = minimum > 0 && drivers.length > 1 && times.every((time) => time !== null);
  const total = enforced ? times.reduce<number>((sum, time) => sum + time!, 0) : 0;
  return drivers.flatMap((driver) =>
    driver.profileId === null ? [] : [{ profileId: driver.profileId, scores: !enforced || total === 0 || driver.drivingTimeMs! * 100 >= minimum * total }],
  );
}

/* ---- Lines ---- */

type LinePoints = Map<number, Map<number, number>>;

function classifiedLines(system: PointsSystem, rounds: readonly ScoredRound[]): Set<ScoredLine> {
  const classified = new Set<ScoredLine>();
  for (const race of rounds.flatMap((round) => round.races)) {
    const minimumLaps = minimumLapsToScore(system, race);
    for (const line of race.lines) {
      const statusScores = line.status === 'FINISHED' || (line.status === 'DNF' && system.dnfScores);
      if (statusScores && line.laps * 100 >= minimumLaps) classified.add(line);
    }
  }
  return classified;
}

/** The minimum distance, in laps × 100 (integers: no rounding at the boundary). */
function minimumLapsToScore(system: PointsSystem, race: ScoredRace): number {
  if (race.session === 'QUALIFYING' || system.minimumDistancePercent <= 0) return 0;
  const winnerLaps = Math.max(0, ...race.lines.filter((line) => line.status === 'FINISHED').map((line) => line.laps));
  return system.minimumDistancePercent * winnerLaps;
}

/** Points of each car (line), bonuses included: what its position pays, guests' too (paid to nobody). */
function scoreCars(system: PointsSystem, rounds: readonly ScoredRound[], classified: Set<ScoredLine>): Map<ScoredLine, number> {
  const carPoints = new Map<ScoredLine, number>();
  for (const round of rounds) {
    const poleFromQualifying = round.races.some((race) => race.session === 'QUALIFYING');
    for (const race of round.races) for (const line of race.lines) carPoints.set(line, classified.has(line) ? linePointsOf(system, race, line, poleFromQualifying) : 0);
  }
  return carPoints;
}

/** Each league driver's points per race: their car's, when they score with it. */
function driverPoints(system: PointsSystem, rounds: readonly ScoredRound[], carPoints: Map<ScoredLine, number>): LinePoints {
  const linePoints: LinePoints = new Map();
  for (const race of rounds.flatMap((round) => round.races)) {
    const points = new Map<number, number>();
    for (const line of race.lines) for (const driver of creditedDrivers(system, line)) points.set(driver.profileId, driver.scores ? carPoints.get(line)! : 0);
    linePoints.set(race.raceId, points);
  }
  return linePoints;
}

function linePointsOf(system: PointsSystem, race: ScoredRace, line: ScoredLine, poleFromQualifying: boolean): number {
  const table = system.tables[race.session];
  const insideTop = system.bonuses.onlyInsideTop === null || line.position <= system.bonuses.onlyInsideTop;
  const position = table ? (table[line.position - 1] ?? 0) : 0;
  const hasPole = race.session === 'QUALIFYING' ? line.position === 1 || line.pole : line.pole && !poleFromQualifying && table !== undefined;
  const hasFastestLap = race.session !== 'QUALIFYING' && line.fastestLap && table !== undefined;
  const bonus = insideTop ? (hasPole ? system.bonuses.pole : 0) + (hasFastestLap ? system.bonuses.fastestLap : 0) : 0;
  return position + bonus;
}

/* ---- Countback ---- */

/** Places in RACE sessions: `places[i]` = how many times P(i+1); `finishes[round]` = best place (Infinity: raced, unclassified). */
interface Countback {
  places: number[];
  finishes: Map<number, number>;
}

function emptyCountback(): Countback {
  return { places: [], finishes: new Map() };
}

function addRaceLine(countback: Countback, roundIndex: number, line: ScoredLine, classified: boolean): void {
  const finish = classified ? line.position : Infinity;
  countback.finishes.set(roundIndex, Math.min(finish, countback.finishes.get(roundIndex) ?? Infinity));
  if (!classified || line.position < 1) return;
  for (let index = countback.places.length; index < line.position; index++) countback.places.push(0);
  countback.places[line.position - 1] += 1;
}

/** Negative when `a` is ahead. */
function compareCountback(a: Countback, b: Countback): number {
  for (let index = 0; index < Math.max(a.places.length, b.places.length); index++) {
    const difference = (b.places[index] ?? 0) - (a.places[index] ?? 0);
    if (difference !== 0) return difference;
  }
  const latestFirst = [...a.finishes.keys()].filter((round) => b.finishes.has(round)).sort((x, y) => y - x);
  for (const round of latestFirst) {
    const finishA = a.finishes.get(round) ?? Infinity;
    const finishB = b.finishes.get(round) ?? Infinity;
    if (finishA !== finishB) return finishA < finishB ? -1 : 1;
  }
  return 0;
}

interface Contender<T> {
  id: number;
  points: number;
  countback: Countback;
  standing: T;
}

function compareContenders<T>(a: Contender<T>, b: Contender<T>): number {
  return b.points - a.points || compareCountback(a.countback, b.countback);
}

/** By points, then countback, then id; contenders equal on points and countback share a position (1, 1, 3). */
function ranked<T>(contenders: Contender<T>[]): (T & { position: number })[] {
  const sorted = [...contenders].sort((a, b) => compareContenders(a, b) || a.id - b.id);
  const positions: number[] = [];
  sorted.forEach((contender, index) => positions.push(index > 0 && compareContenders(sorted[index - 1], contender) === 0 ? positions[index - 1] : index + 1));
  return sorted.map((contender, index) => ({ position: positions[index], ...contender.standing }));
}

/* ---- Drivers ---- */

interface DriverTally {
  profileId: number;
  teamId: number | null;
  /** Racing points per round index the driver took part in. */
  racing: Map<number, number>;
  noShows: Set<number>;
  countback: Countback;
  wins: number;
  podiums: number;
  stewardingPoints: number;
}

function driverStandings(
  system: PointsSystem,
  rounds: readonly ScoredRound[],
  penalties: readonly PointsPenalty[],
  classified: Set<ScoredLine>,
  linePoints: LinePoints,
): DriverStanding[] {
  const tallies = new Map<number, DriverTally>();
  const tally = (profileId: number): DriverTally => {
    let existing = tallies.get(profileId);
    if (!existing) {
      existing = { profileId, teamId: null, racing: new Map(), noShows: new Set(), countback: emptyCountback(), wins: 0, podiums: 0, stewardingPoints: 0 };
      tallies.set(profileId, existing);
    }
    return existing;
  };

  rounds.forEach((round, roundIndex) => {
    for (const race of round.races) {
      for (const line of race.lines) {
        for (const credited of creditedDrivers(system, line)) {
          const driver = tally(credited.profileId);
          driver.teamId = line.teamId;
          driver.racing.set(roundIndex, (driver.racing.get(roundIndex) ?? 0) + (linePoints.get(race.raceId)?.get(credited.profileId) ?? 0));
          if (race.session === 'RACE') countRaceFinish(driver, roundIndex, line, classified.has(line) && credited.scores);
        }
      }
    }
    if (system.noShowPenalty > 0) for (const profileId of noShowsOf(system, round)) tally(profileId).noShows.add(roundIndex);
  });
  for (const penalty of uniqueById(penalties)) tally(penalty.profileId).stewardingPoints += penalty.points;

  const hasResults = rounds.map((round) => round.races.some((race) => race.lines.length > 0));
  return ranked(
    [...tallies.values()].map((driver) => {
      const standing = driverStanding(system, rounds, hasResults, driver);
      return { id: driver.profileId, points: standing.points, countback: driver.countback, standing };
    }),
  );
}

function countRaceFinish(driver: DriverTally, roundIndex: number, line: ScoredLine, classified: boolean): void {
  addRaceLine(driver.countback, roundIndex, line, classified);
  if (!classified) return;
  if (line.position === 1) driver.wins += 1;
  if (line.position >= 1 && line.position <= 3) driver.podiums += 1;
}

function noShowsOf(system: PointsSystem, round: ScoredRound): number[] {
  if (!round.races.some((race) => race.lines.length)) return []; // no results yet: nobody can have missed it
  const present = new Set(round.races.flatMap((race) => race.lines.flatMap((line) => creditedDrivers(system, line).map((driver) => driver.profileId))));
  return [...new Set(round.signedUp)].filter((profileId) => !present.has(profileId));
}

function uniqueById(penalties: readonly PointsPenalty[]): PointsPenalty[] {
  return [...new Map(penalties.map((penalty) => [penalty.id, penalty])).values()];
}

function driverStanding(system: PointsSystem, rounds: readonly ScoredRound[], hasResults: boolean[], driver: DriverTally): Omit<DriverStanding, 'position'> {
  const counted = countedRounds(system, rounds.length, hasResults, driver.racing);
  const noShowPoints = driver.noShows.size * system.noShowPenalty;
  const penaltyPoints = driver.stewardingPoints + noShowPoints;
  const racingPoints = [...counted].reduce((sum, roundIndex) => sum + (driver.racing.get(roundIndex) ?? 0), 0);
  return {
    profileId: driver.profileId,
    teamId: driver.teamId,
    points: racingPoints - penaltyPoints,
    rounds: rounds.map((round, roundIndex) => {
      if (driver.noShows.has(roundIndex)) return { eventId: round.eventId, points: -system.noShowPenalty, dropped: false };
      const points = driver.racing.get(roundIndex) ?? null;
      return { eventId: round.eventId, points, dropped: points !== null && !counted.has(roundIndex) };
    }),
    wins: driver.wins,
    podiums: driver.podiums,
    penaltyPoints,
  };
}

/** The round indexes whose racing points count, after drops. */
function countedRounds(system: PointsSystem, roundCount: number, hasResults: boolean[], racing: Map<number, number>): Set<number> {
  const withResults = hasResults.flatMap((has, roundIndex) => (has ? [roundIndex] : []));
  if (system.countBestRounds === null) return new Set(withResults);
  const firstNeverDropped = roundCount - system.neverDropLastRounds;
  const forced = withResults.filter((roundIndex) => roundIndex >= firstNeverDropped);
  const best = withResults
    .filter((roundIndex) => roundIndex < firstNeverDropped)
    .sort((a, b) => (racing.get(b) ?? 0) - (racing.get(a) ?? 0) || b - a)
    .slice(0, Math.max(0, system.countBestRounds - forced.length));
  return new Set([...forced, ...best]);
}

/* ---- Teams ---- */

interface TeamTally {
  teamId: number;
  rounds: Map<number, number>;
  countback: Countback;
}

function teamStandings(system: PointsSystem, rounds: readonly ScoredRound[], classified: Set<ScoredLine>, carPoints: Map<ScoredLine, number>): TeamStanding[] {
  const tallies = new Map<number, TeamTally>();
  rounds.forEach((round, roundIndex) => {
    for (const race of round.races) {
      for (const [teamId, lines] of linesByTeam(race)) {
        let team = tallies.get(teamId);
        if (!team) tallies.set(teamId, (team = { teamId, rounds: new Map(), countback: emptyCountback() }));
        const scores = lines.map((line) => carPoints.get(line) ?? 0);
        team.rounds.set(roundIndex, (team.rounds.get(roundIndex) ?? 0) + bestScores(scores, system.teamBestDrivers));
        if (race.session === 'RACE') for (const line of lines) addRaceLine(team.countback, roundIndex, line, classified.has(line));
      }
    }
  });
  return ranked(
    [...tallies.values()].map((team) => {
      const points = [...team.rounds.values()].reduce((sum, roundPoints) => sum + roundPoints, 0);
      const teamRounds = rounds.map((round, roundIndex) => ({ eventId: round.eventId, points: team.rounds.get(roundIndex) ?? null }));
      return { id: team.teamId, points, countback: team.countback, standing: { teamId: team.teamId, points, rounds: teamRounds } };
    }),
  );
}

function linesByTeam(race: ScoredRace): Map<number, ScoredLine[]> {
  const byTeam = new Map<number, ScoredLine[]>();
  for (const line of race.lines) if (line.teamId !== null && line.profileId !== null) byTeam.set(line.teamId, [...(byTeam.get(line.teamId) ?? []), line]);
  return byTeam;
}

function bestScores(scores: number[], best: number | null): number {
  const sorted = [...scores].sort((a, b) => b - a);
  return (best === null ? sorted : sorted.slice(0, best)).reduce((sum, points) => sum + points, 0);
}

/** Who leads the season: the first driver, once they have scored (no leader before any points). */
export function seasonLeader(drivers: readonly Pick<DriverStanding, 'profileId' | 'points'>[]): number | null {
  const [first] = drivers;
  return first && first.points > 0 ? first.profileId : null;
}
