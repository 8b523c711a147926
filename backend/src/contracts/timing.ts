/**
 * Live timing of a race as it runs (issue #26): what the timing tower, the stream overlay and the "if the race
 * ended now" standings show, pushed to the `live:<raceId>` room. Times are in milliseconds.
 */
import { noContent, route } from './http.js';

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
 * The fields of a car a delta carries when they changed, by their index on the wire (append only: a
 * viewer's page of an older release reads the indexes it knows). `carId` names the car instead.
 */
export const LIVE_CAR_FIELDS = [
  'position',
  'raceNumber',
  'driverName',
  'profileId',
  'carModel',
  'laps',
  'gapMs',
  'lapsDown',
  'intervalMs',
  'lastLapMs',
  'bestLapMs',
  'lastSectorsMs',
  'lastLapPersonalBest',
  'location',
  'connected',
] as const satisfies readonly Exclude<keyof LiveCar, 'carId'>[];

/** Compiles only while LIVE_CAR_FIELDS lists every field of LiveCar. */
export const EVERY_LIVE_CAR_FIELD_LISTED: [Exclude<keyof LiveCar, 'carId' | (typeof LIVE_CAR_FIELDS)[number]>] extends [never] ? true : never = true;

export type LiveCarValue = LiveCar[keyof LiveCar];

/**
 * What changed of one car, compact: its id, then pairs of a field's index in LIVE_CAR_FIELDS and the field's
 * new value, e.g. `[12, 9, 95007, 11, [30000, 35000, 30007]]` (car 12's last lap and sectors). A car the viewer
 * may not have (new to the session since the delta's base) comes with every field.
 */
export type LiveCarChange = [carId: number, ...fieldsAndValues: LiveCarValue[]];

/**
 * The car after `change` (a new object; `car` is what the viewer has of it), or null when the viewer does not
 * have the car and the change does not carry every field: frames were missed.
 */
export function applyCarChange(car: LiveCar | undefined, change: LiveCarChange): LiveCar | null {
  const pairs = (change.length - 1) / 2;
  if (!car && pairs < LIVE_CAR_FIELDS.length) return null;
  const next: Record<string, LiveCarValue> = { ...car, carId: change[0] };
  for (let at = 1; at + 1 < change.length; at += 2) {
    const field = LIVE_CAR_FIELDS[change[at] as number] as (typeof LIVE_CAR_FIELDS)[number] | undefined;
    if (field) next[field] = change[at + 1];
  }
  return next as unknown as LiveCar;
}

/**
 * What a viewer of `live:<raceId>` receives: the whole timing on joining and after a gap, else what changed
 * since `baseVersion`: the fields of the cars that changed (LiveCarChange), the order when it did, the session
 * when it did. Sent to thousands of sockets several times a second, hence the compact cars.
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
      cars: LiveCarChange[];
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

/** A row of the season's driver standings "if the race ended now". */
export interface LiveStandingsRow {
  /** Where the driver would stand. */
  position: number;
  /** Where the driver stands now (the standings before this race); null: not in them yet. */
  currentPosition: number | null;
  profile: { id: number; driverName: string; driverNumber: number | null };
  /** Points in the standings now. */
  points: number;
  /** Points were the race to end now, scored by the season's own points system. */
  projectedPoints: number;
}

/**
 * To `live:<raceId>`, from the worker ingesting the race (at most once a second, when the classification
 * changed), and to one socket as it joins: the season's standings were the race to end in the live order.
 * `seasonId` null: the race is not a round of a season; `rows` empty: nobody would have points.
 */
export interface LiveStandingsMessage {
  raceId: number;
  seasonId: number | null;
  /** The live timing version the projection was made from. */
  version: number;
  rows: LiveStandingsRow[];
}

/**
 * A race's timing source as organizers see it. The connection and command passwords stay on the server:
 * an answer only says whether one is set.
 */
export interface TimingSourceDto {
  raceId: number;
  game: TimingGame;
  /** The game server's address: ACC's broadcasting port, or where AC's plugin commands go. */
  host: string;
  port: number;
  /** AC: the port the worker listens on for the server's plugin messages (the server's UDP_PLUGIN_ADDRESS); null for ACC. */
  localPort: number | null;
  hasPassword: boolean;
  hasCommandPassword: boolean;
  updatedAt: string;
}

/** Connects or changes a race's source. A password left out keeps the one stored; null clears it. */
export interface TimingSourceRequest {
  game: TimingGame;
  host: string;
  port: number;
  localPort?: number | null;
  password?: string | null;
  commandPassword?: string | null;
}

export const timingRoutes = {
  'GET /races/:raceId/timing-source': route<TimingSourceDto>('isOrganizer'),
  'PUT /races/:raceId/timing-source': route<TimingSourceDto, TimingSourceRequest>('isOrganizer'),
  'DELETE /races/:raceId/timing-source': noContent('isOrganizer'),
  /** The race's live timing as it is now (404 while no source has sent anything). */
  'GET /races/:raceId/timing': route<LiveTiming>('public'),
  /** The incidents the race's source reported, oldest first. */
  'GET /races/:raceId/incidents': route<LiveIncident[]>('isSteward'),
};
