import type { LiveCarLocation, LiveFlag, LiveIncident, LiveSessionKind, LiveSessionPhase, TimingGame } from '../../../contracts/timing.js';

/** Bumped when the saved shape changes: a state of another shape is not restored. */
export const TIMING_STATE_FORMAT = 1;

/**
 * What a real session stays within (the result import's bounds are wider): a packet beyond them is damaged
 * and is not taken, or its lap time is dropped, so that no number the draft hands `classify` is refused.
 */
export const LIMITS = { laps: 10_000, clockMs: 2 * 24 * 60 * 60 * 1000, lapMs: 24 * 60 * 60 * 1000, raceNumber: 999_999, speedKmh: 1_000 };

/** A lap or split time, whole ms, or null when the source has none or it is beyond any lap. */
export function lapTime(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value <= 0 || value > LIMITS.lapMs) return null;
  return Math.round(value);
}

/** A session clock reading within a real session, or null. */
export function clockReading(value: number): number | null {
  return Number.isFinite(value) && Math.abs(value) <= LIMITS.clockMs ? Math.round(value) : null;
}

export interface DriverState {
  name: string;
  platformId: string | null;
  profileId: number | null;
}

export interface CarState {
  carId: number;
  raceNumber: number | null;
  teamName: string | null;
  carModel: string | null;
  /** Everyone who drove the car this session, in the order they first did. */
  drivers: DriverState[];
  /** Index in `drivers` of the driver in the car now. */
  currentDriver: number;
  connected: boolean;
  laps: number;
  /** Lap number → the session clock when the car completed it; a lap completed unseen (before we joined, a lost packet) is absent. */
  crossingsMs: Record<number, number>;
  lastLapMs: number | null;
  bestLapMs: number | null;
  lastSectorsMs: (number | null)[];
  lastLapPersonalBest: boolean;
  location: LiveCarLocation;
  /** The position the source gives (ACC's official position, AC's leaderboard rank); 0 when it gave none. */
  sourcePosition: number;
  /** AC: how far round the lap the car is since its last completed lap (0 to 1; negative on the grid behind the line); null until a car update says. */
  splinePosition: number | null;
  /** Took the chequered flag. */
  finished: boolean;
}

export interface SessionClock {
  /** The session clock (ms since the session started; negative while an AC race waits to start)… */
  elapsedMs: number;
  /** …as it read when this message was received (epoch ms). */
  receivedAtMs: number;
}

export interface SessionInfoState {
  /** The source's index of the session: another index is another session, and starts the laps afresh. */
  sourceIndex: number | null;
  kind: LiveSessionKind;
  phase: LiveSessionPhase;
  flag: LiveFlag;
  clock: SessionClock;
  /** The clock shown: moves only with the messages that are applied. */
  elapsedMs: number;
  remainingMs: number | null;
  /** AC timed sessions: the length, for the time remaining. */
  durationMs: number | null;
  totalLaps: number | null;
  /** The session clock when the race started: total times are from here. */
  greenAtMs: number;
}

export interface TimingSessionState {
  format: typeof TIMING_STATE_FORMAT;
  raceId: number;
  game: TimingGame;
  version: number;
  trackName: string | null;
  session: SessionInfoState;
  /** In the order the source first named them. */
  cars: CarState[];
  /** The version each shown part last changed at: a delta since any version is built from these. */
  changedAt: { cars: Record<string, number>; order: number; session: number; sessionBest: number; track: number };
  /** Who set the session best first, kept so a later equal time does not take it. */
  sessionBestCarId: number | null;
  entryListWanted: boolean;
  incidentCount: number;
  pendingIncidents: LiveIncident[];
}

export function emptyState(raceId: number, game: TimingGame): TimingSessionState {
  return {
    format: TIMING_STATE_FORMAT,
    raceId,
    game,
    version: 0,
    trackName: null,
    session: {
      sourceIndex: null,
      kind: 'OTHER',
      phase: 'PRE',
      flag: 'NONE',
      clock: { elapsedMs: 0, receivedAtMs: 0 },
      elapsedMs: 0,
      remainingMs: null,
      durationMs: null,
      totalLaps: null,
      greenAtMs: 0,
    },
    cars: [],
    changedAt: { cars: {}, order: 0, session: 0, sessionBest: 0, track: 0 },
    sessionBestCarId: null,
    entryListWanted: false,
    incidentCount: 0,
    pendingIncidents: [],
  };
}

/** A car's laps before its first: what a new car starts with, and what a new session resets (with a fresh object and array each time, so cars never share them). */
const NO_LAPS = {
  laps: 0,
  crossingsMs: {},
  lastLapMs: null,
  bestLapMs: null,
  lastSectorsMs: [],
  lastLapPersonalBest: false,
  location: 'TRACK',
  sourcePosition: 0,
  splinePosition: null,
  finished: false,
} as const satisfies Partial<CarState>;

export function newCar(carId: number): CarState {
  return { carId, raceNumber: null, teamName: null, carModel: null, drivers: [], currentDriver: 0, connected: true, ...NO_LAPS, crossingsMs: {}, lastSectorsMs: [] };
}

/** A new session of the same source: the cars and their drivers stay, their laps start afresh. */
export function clearLaps(car: CarState): void {
  Object.assign(car, { ...NO_LAPS, crossingsMs: {}, lastSectorsMs: [] });
}

/** The session clock at `receivedAtMs`: the last reading moved on by the time since (never backwards). */
export function clockAt(clock: SessionClock, receivedAtMs: number): number {
  return clock.elapsedMs + Math.max(0, receivedAtMs - clock.receivedAtMs);
}

/** Records a driver in the car (adding them when new) and makes them the current one. */
export function seatDriver(car: CarState, driver: DriverState): void {
  const index = car.drivers.findIndex((known) => known.name === driver.name && known.platformId === driver.platformId);
  if (index >= 0) car.currentDriver = index;
  else {
    car.drivers.push(driver);
    car.currentDriver = car.drivers.length - 1;
  }
}

export function currentDriverOf(car: CarState): DriverState | null {
  return car.drivers[car.currentDriver] ?? null;
}

export function nextIncidentId(state: TimingSessionState): string {
  state.incidentCount++;
  return `${state.raceId}-${state.incidentCount}`;
}
