/**
 * A race to play, built from a result file's classification: every car's laps (each lap's time and when it
 * ends), one pit stop for cars with time to spare, a start order that differs from the finish (so places
 * change on track) and one collision. The file's numbers hold: laps, best lap and race time of every finisher
 * (post-race penalties are folded into the race time so the order at the flag is the file's).
 */
import { seededRandom } from '../../../common/seeded-random.js';
import type { ImportedClassification, ImportedLine } from '../../competitions/index.js';

export interface ScriptLap {
  /** 1-based. */
  number: number;
  timeMs: number;
  /** Race time at which the car crosses the line to end this lap. */
  endMs: number;
  splitsMs: [number, number, number];
  isOutLap: boolean;
  isInLap: boolean;
}

export interface ScriptCar {
  /** 0-based: the line's index in the file (the game's car index / car id). */
  carId: number;
  line: ImportedLine;
  raceNumber: number;
  laps: ScriptLap[];
  /** Whether the car takes the flag (finishers and disqualified cars), or retires at `stopsAtMs`. */
  finishes: boolean;
  /** Race time at which the car stops: its last crossing for a finisher, part way into a lap for a retirement; null: never starts. */
  stopsAtMs: number | null;
  pitStop: { lap: number; entersMs: number; leavesMs: number } | null;
}

export type ScriptEvent =
  | { kind: 'start'; atMs: 0 }
  | { kind: 'lap'; atMs: number; carId: number; lap: ScriptLap; personalBest: boolean; sessionBest: boolean }
  | { kind: 'collision'; atMs: number; carId: number; otherCarId: number; lap: number }
  /** The leader takes the chequered flag. */
  | { kind: 'flag'; atMs: number; carId: number }
  /** Every car has finished or stopped. */
  | { kind: 'end'; atMs: number };

export interface RaceScript {
  trackName: string;
  trackMeters: number;
  cars: ScriptCar[];
  /** Every event in time order. */
  events: ScriptEvent[];
  flagMs: number;
  endMs: number;
}

export interface CarState {
  carId: number;
  lapsDone: number;
  /** When the car ended its last completed lap (0 before it completes one). */
  lastCrossingMs: number;
  /** Time into the lap the car is on, and that lap's planned time. */
  lapElapsedMs: number;
  lapTimeMs: number;
  /** 0 to 1 around the lap. */
  spline: number;
  inPit: boolean;
  /** Retired, finished or never started: not moving. */
  stopped: boolean;
  lastLap: ScriptLap | null;
  bestLap: ScriptLap | null;
}

/** Lengths of tracks the fixtures and leagues use; others get a typical GT track's length. */
const TRACK_METERS: Record<string, number> = { monza: 5793, spa: 7004, imola: 4959, ks_red_bull_ring: 4318, ks_vallelunga: 4085, nurburgring: 5137, silverstone: 5891 };
const DEFAULT_TRACK_METERS = 5000;
/** Gap between consecutive cars at the end of the first lap. */
const START_GAP_MS = 900;
const SPLIT_SHARES = [0.34, 0.36] as const;

export function trackMetersOf(trackName: string | null): number {
  const key = (trackName ?? '').toLowerCase().split(/[\s(]/)[0];
  return TRACK_METERS[key] ?? DEFAULT_TRACK_METERS;
}

const splitsOf = (timeMs: number): [number, number, number] => {
  const first = Math.round(timeMs * SPLIT_SHARES[0]);
  const second = Math.round(timeMs * SPLIT_SHARES[1]);
  return [first, second, timeMs - first - second];
};

/** Lap times summing to `totalMs`, one of them `bestMs` and none faster, the first `firstLapMs` when it fits. */
function lapTimes(laps: number, totalMs: number, bestMs: number, firstLapMs: number, next: () => number): { times: number[]; pitLap: number | null; pitLossMs: number } {
  if (laps === 1) return { times: [totalMs], pitLap: null, pitLossMs: 0 };
  const slack = totalMs - laps * bestMs;
  if (slack <= 0) {
    // A file whose best lap does not fit its race time: even laps, the best lap is what it is.
    const times = Array.from({ length: laps }, () => Math.floor(totalMs / laps));
    times[0] += totalMs - times.reduce((sum, time) => sum + time, 0);
    return { times, pitLap: null, pitLossMs: 0 };
  }
  if (laps === 2) return { times: [totalMs - bestMs, bestMs], pitLap: null, pitLossMs: 0 };
  const first = Math.round(Math.min(Math.max(firstLapMs, bestMs + Math.min(500, slack / 2)), bestMs + slack * 0.8));
  let rest = totalMs - first - (laps - 1) * bestMs;
  const pitLossMs = laps >= 4 && rest * 0.6 >= 10_000 ? Math.round(Math.min(26_000, rest * 0.6)) : 0;
  const pitLap = pitLossMs > 0 ? Math.min(Math.max(Math.round(laps * 0.55), 2), laps - 1) : null;
  rest -= pitLossMs;
  // Laps 2..N (indexes 1..N-1): one is the best; the others share what is left.
  let bestIndex = 1 + Math.floor(next() * (laps - 1));
  if (pitLap !== null && bestIndex === pitLap - 1) bestIndex = bestIndex === laps - 1 ? 1 : bestIndex + 1;
  const shared = Array.from({ length: laps }, (_, index) => (index === 0 || index === bestIndex ? 0 : 0.5 + next()));
  const weight = shared.reduce((sum, value) => sum + value, 0);
  const times = shared.map((share, index) => (index === 0 ? first : bestMs + Math.floor((rest * share) / weight)));
  if (pitLap !== null) times[pitLap - 1] += pitLossMs;
  const remainder = totalMs - times.reduce((sum, time) => sum + time, 0);
  times[shared.findIndex((share) => share > 0)] += remainder;
  return { times, pitLap, pitLossMs };
}

/** Start order: the finish with the first two and the next two swapped (when both of a pair run a few laps). */
function startOrder(lines: ImportedLine[]): number[] {
  const order = lines.map((_, index) => index);
  for (const pair of [0, 2]) {
    const [ahead, behind] = [lines[pair], lines[pair + 1]];
    if (ahead && behind && ahead.laps >= 3 && behind.laps >= 3) [order[pair], order[pair + 1]] = [order[pair + 1], order[pair]];
  }
  return order;
}

export function buildRaceScript(classification: ImportedClassification, seed = 26): RaceScript {
  if (classification.session !== 'RACE') throw new Error('The simulator plays races: this result file is a qualifying session');
  // Seeded, so a file always plays the same race.
  const next = seededRandom(seed);
  const { lines } = classification;
  const bests = lines.flatMap((line) => (line.bestLapMs === null ? [] : [line.bestLapMs])).sort((a, b) => a - b);
  const typicalBestMs = bests[Math.floor(bests.length / 2)] ?? 100_000;
  const firstLapBaseMs = Math.round(typicalBestMs * 1.045);
  const grid = startOrder(lines);

  const cars: ScriptCar[] = lines.map((line, carId) => {
    const raceNumber = line.driver.raceNumber ?? carId + 1;
    const base = { carId, line, raceNumber, finishes: line.status === 'FINISHED' || line.status === 'DSQ' };
    const firstLapMs = firstLapBaseMs + grid.indexOf(carId) * START_GAP_MS;
    if (line.status === 'DNS') return { ...base, laps: [], stopsAtMs: null, pitStop: null };
    if (line.laps === 0) return { ...base, finishes: false, laps: [], stopsAtMs: Math.round(firstLapMs * 0.4), pitStop: null };
    const bestMs = line.bestLapMs ?? (line.totalTimeMs === null ? Math.round(typicalBestMs * 1.02) : Math.round((line.totalTimeMs / line.laps) * 0.98));
    const totalMs = line.totalTimeMs ?? firstLapMs + (line.laps - 1) * Math.round(bestMs * 1.015) + (line.laps >= 4 ? 24_000 : 0);
    const { times, pitLap, pitLossMs } = lapTimes(line.laps, totalMs, bestMs, firstLapMs, next);
    let endMs = 0;
    const laps = times.map((timeMs, index): ScriptLap => {
      endMs += timeMs;
      return { number: index + 1, timeMs, endMs, splitsMs: splitsOf(timeMs), isOutLap: pitLap !== null && index === pitLap, isInLap: pitLap !== null && index === pitLap - 1 };
    });
    const pitLapEnd = pitLap === null ? null : laps[pitLap - 1].endMs;
    const pitStop =
      pitLap === null || pitLapEnd === null ? null : { lap: pitLap, entersMs: pitLapEnd - Math.round(pitLossMs * 0.7), leavesMs: pitLapEnd + Math.round(pitLossMs * 0.3) };
    const stopsAtMs = base.finishes ? endMs : endMs + Math.round(bestMs * 0.4);
    return { ...base, laps, stopsAtMs, pitStop };
  });

  const finishers = cars.filter((car) => car.finishes && car.laps.length > 0);
  const mostLaps = Math.max(0, ...finishers.map((car) => car.laps.length));
  const winner = finishers.filter((car) => car.laps.length === mostLaps).sort((a, b) => (a.stopsAtMs ?? 0) - (b.stopsAtMs ?? 0))[0];
  const flagMs = winner?.stopsAtMs ?? 0;
  const endMs = Math.max(flagMs, ...cars.map((car) => car.stopsAtMs ?? 0));
  const script: RaceScript = { trackName: classification.trackName ?? 'unknown', trackMeters: trackMetersOf(classification.trackName), cars, events: [], flagMs, endMs };
  script.events = eventsOf(script, winner?.carId ?? null);
  return script;
}

function eventsOf(script: RaceScript, winnerId: number | null): ScriptEvent[] {
  const laps = script.cars.flatMap((car) => car.laps.map((lap) => ({ car, lap }))).sort((a, b) => a.lap.endMs - b.lap.endMs);
  const events: ScriptEvent[] = [{ kind: 'start', atMs: 0 }];
  const personalBests = new Map<number, number>();
  let sessionBest = Infinity;
  for (const { car, lap } of laps) {
    const personalBest = lap.timeMs < (personalBests.get(car.carId) ?? Infinity);
    if (personalBest) personalBests.set(car.carId, lap.timeMs);
    const isSessionBest = lap.timeMs < sessionBest;
    if (isSessionBest) sessionBest = lap.timeMs;
    events.push({ kind: 'lap', atMs: lap.endMs, carId: car.carId, lap, personalBest, sessionBest: isSessionBest });
  }
  const collision = collisionOf(script);
  if (collision) events.push(collision);
  if (winnerId !== null) events.push({ kind: 'flag', atMs: script.flagMs, carId: winnerId });
  events.push({ kind: 'end', atMs: script.endMs });
  const order: Record<ScriptEvent['kind'], number> = { start: 0, lap: 1, collision: 2, flag: 3, end: 4 };
  return events.sort((a, b) => a.atMs - b.atMs || order[a.kind] - order[b.kind]);
}

/** Midway through the race, the car in third touches the one ahead (or the first two, in a small field). */
function collisionOf(script: RaceScript): ScriptEvent | null {
  const atMs = Math.round(script.flagMs * 0.45);
  const running = standingsAt(script, atMs).filter((state) => !state.stopped && !state.inPit);
  const [ahead, behind] = running.length >= 3 ? [running[1], running[2]] : [running[0], running[1]];
  if (!ahead || !behind) return null;
  return { kind: 'collision', atMs, carId: behind.carId, otherCarId: ahead.carId, lap: behind.lapsDone + 1 };
}

export function carStateAt(car: ScriptCar, atMs: number): CarState {
  const done = car.laps.filter((lap) => lap.endMs <= atMs);
  const lastLap = done.at(-1) ?? null;
  const bestLap = done.reduce<ScriptLap | null>((best, lap) => (best === null || lap.timeMs < best.timeMs ? lap : best), null);
  const lastCrossingMs = lastLap?.endMs ?? 0;
  const stopped = car.stopsAtMs === null || atMs >= car.stopsAtMs;
  const lapTimeMs = car.laps[done.length]?.timeMs ?? bestLap?.timeMs ?? car.laps[0]?.timeMs ?? 100_000;
  const movingUntil = car.stopsAtMs === null ? 0 : Math.min(atMs, car.stopsAtMs);
  const lapElapsedMs = car.finishes && stopped ? 0 : Math.max(0, movingUntil - lastCrossingMs);
  const inPit = car.stopsAtMs === null || (!car.finishes && stopped) || (car.pitStop !== null && atMs >= car.pitStop.entersMs && atMs < car.pitStop.leavesMs);
  return {
    carId: car.carId,
    lapsDone: done.length,
    lastCrossingMs,
    lapElapsedMs,
    lapTimeMs,
    spline: Math.min(lapElapsedMs / lapTimeMs, 0.999),
    inPit,
    stopped,
    lastLap,
    bestLap,
  };
}

/**
 * The running order at a race time: more laps first, then who completed them first; on the first lap, who
 * is further round. Cars that never started come last.
 */
export function standingsAt(script: RaceScript, atMs: number): CarState[] {
  const rank = (state: CarState, car: ScriptCar) => (car.stopsAtMs === null ? -1 : state.lapsDone);
  return script.cars
    .map((car) => ({ car, state: carStateAt(car, atMs) }))
    .sort(
      (a, b) =>
        rank(b.state, b.car) - rank(a.state, a.car) ||
        (a.state.lapsDone === 0 ? b.state.spline - a.state.spline : a.state.lastCrossingMs - b.state.lastCrossingMs) ||
        a.car.carId - b.car.carId,
    )
    .map(({ state }) => state);
}

/** Events after `fromMs` up to and including `toMs`. */
export const eventsBetween = (script: RaceScript, fromMs: number, toMs: number): ScriptEvent[] => script.events.filter((event) => event.atMs > fromMs && event.atMs <= toMs);

/** A car's place on a round track of the script's length (the games send world coordinates). */
export function worldPosition(script: RaceScript, spline: number): { x: number; y: number; yaw: number } {
  const radius = script.trackMeters / (2 * Math.PI);
  const angle = spline * 2 * Math.PI;
  return { x: radius * Math.cos(angle), y: radius * Math.sin(angle), yaw: angle + Math.PI / 2 };
}

export const speedKmh = (script: RaceScript, state: CarState): number =>
  state.stopped || state.inPit ? (state.inPit && !state.stopped ? 60 : 0) : Math.round((script.trackMeters / state.lapTimeMs) * 3600);

export const formatLap = (timeMs: number): string =>
  `${Math.floor(timeMs / 60_000)}:${String(Math.floor((timeMs % 60_000) / 1000)).padStart(2, '0')}.${String(timeMs % 1000).padStart(3, '0')}`;
