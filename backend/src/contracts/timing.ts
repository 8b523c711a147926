/**
 * Live timing of a race as it runs (issue #26): what the timing tower, the stream overlay and the "if the race
 * ended now" standings show, pushed to the `live:<raceId>` room. Times are in milliseconds.
 */
import { route } from './http.js';

/** The games whose servers the league reads live: ACC's broadcasting protocol, Assetto Corsa's server plugin. */
export type TimingGame = 'ACC' | 'AC';

export type LiveSessionKind = 'PRACTICE' | 'QUALIFYING' | 'RACE' | 'OTHER';

/** The session's state: waiting for the start, running, or finished (the chequered flag fell). */
export type LiveSessionPhase = 'PRE' | 'RUNNING' | 'FINISHED';

export type LiveFlag = 'NONE' | 'GREEN' | 'YELLOW' | 'RED' | 'CHEQUERED';

/** Where a car is: on track, in the pit lane, or on its out lap. */
export type LiveCarLocation = 'TRACK' | 'PIT' | 'OUT_LAP';

export interface LiveCar {
  /** The source's own id of the car (ACC car index, AC car id). */
  carId: number;
  position: number;
  raceNumber: number | null;
  /** The driver now in the car, as the game names them. */
  driverName: string;
  /** The league driver matched to them, for a profile link; null for a guest. */
  profileId: number | null;
  carModel: string | null;
  laps: number;
  /** Behind the leader in time (null for the leader, or when a lap behind: see `lapsDown`). */
  gapMs: number | null;
  lapsDown: number;
  /** Behind the car ahead (null for the leader). */
  intervalMs: number | null;
  lastLapMs: number | null;
  bestLapMs: number | null;
  /** The last lap's sectors where the source has them (ACC), else empty. */
  lastSectorsMs: (number | null)[];
  /** The last completed lap was this driver's best so far. */
  lastLapPersonalBest: boolean;
  location: LiveCarLocation;
  connected: boolean;
}

export interface LiveTiming {
  raceId: number;
  /** Grows with every change; a viewer drops any frame not newer than what it shows. */
  version: number;
  game: TimingGame;
  trackName: string | null;
  session: {
    kind: LiveSessionKind;
    phase: LiveSessionPhase;
    flag: LiveFlag;
    /** Time since the session started. */
    elapsedMs: number;
    /** Time left in a timed session; null for a race over laps. */
    remainingMs: number | null;
    totalLaps: number | null;
  };
  sessionBestLapMs: number | null;
  sessionBestCarId: number | null;
  /** In position order. */
  cars: LiveCar[];
}

/**
 * What a viewer of `live:<raceId>` receives: the whole timing on joining and after a gap, else what changed
 * since `baseVersion` (the cars that changed, the order when it did, the session when it did).
 */
export type LiveTimingFrame =
  | { kind: 'snapshot'; timing: LiveTiming }
  | {
      kind: 'delta';
      raceId: number;
      baseVersion: number;
      version: number;
      session?: LiveTiming['session'];
      sessionBestLapMs?: number | null;
      sessionBestCarId?: number | null;
      cars: LiveCar[];
      /** Car ids in position order, when the order changed. */
      order?: number[];
    };

export type LiveIncidentKind = 'CAR_CONTACT' | 'ENVIRONMENT_CONTACT' | 'ACCIDENT';

/** A collision or accident the source reported, listed for the stewards as it happens. */
export interface LiveIncident {
  /** Unique within the race. */
  id: string;
  raceId: number;
  kind: LiveIncidentKind;
  lap: number | null;
  elapsedMs: number;
  cars: { carId: number; driverName: string; profileId: number | null; raceNumber: number | null }[];
  /** Impact speed where the source gives it. */
  speedKmh: number | null;
}

export const timingRoutes = {
  /** The race's live timing as it is now; 404 when the race has no live timing. Public: the stream overlay has no session. */
  'GET /races/:raceId/timing': route<LiveTiming>('public'),
} as const;
