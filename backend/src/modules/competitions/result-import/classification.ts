/**
 * What a parsed result file gives the import: the session's classification as the game server wrote it,
 * before any driver is matched to a profile. Shared by the ACC, Assetto Corsa and rFactor 2 / Le Mans
 * Ultimate readers, which all end in `classify`: one place for positions, the fastest lap and the bounds
 * every number must keep.
 */
import type { ImportPreviewDriverDto, ResultStatus } from '../../../contracts/competitions.js';

export type ResultFileFormat = 'ACC' | 'AC' | 'RF2' | 'LMU';

/** The game each format is from, as the catalogue names it. */
export const GAME_NAMES: Record<ResultFileFormat, string> = {
  ACC: 'Assetto Corsa Competizione',
  AC: 'Assetto Corsa',
  RF2: 'rFactor 2',
  LMU: 'Le Mans Ultimate',
};

/** A driver as the file gives them: the preview's driver before the import suggests a profile. */
export type ImportedDriver = Omit<ImportPreviewDriverDto, 'key' | 'match'>;

export interface ImportedLine {
  /** 1-based, contiguous. Race: finishers and retirements in the file's order, then disqualified, then non-starters. Qualifying: by best lap. */
  position: number;
  status: ResultStatus;
  laps: number;
  /** Race time at the chequered flag, penalties included: finishers of a race only. */
  totalTimeMs: number | null;
  bestLapMs: number | null;
  /** The lowest best lap of the session (one line at most; disqualified lines never). */
  fastestLap: boolean;
  /** The car's first (entered) driver. */
  driver: ImportedDriver;
  /** Every driver of the car, the first one included, in the file's order. */
  drivers: ImportedDriver[];
  /** Car model as the file names it (display only), or null. */
  carModel: string | null;
  /** Post-race / unserved time penalties applied by the reader, in ms (0 when none). */
  penaltyMs: number;
  /** Why status/time/position are what they are; null when there is nothing to explain. */
  reason: string | null;
}

export interface ImportedClassification {
  format: ResultFileFormat;
  /** A file says race or qualifying; whether a race is a sprint is the season's business, not the file's. */
  session: 'RACE' | 'QUALIFYING';
  /** The game the file is from, as the catalogue would name it. */
  gameName: string;
  trackName: string | null;
  lines: ImportedLine[];
}

/** The start of the message for a file of no game the import reads. */
export const NOT_A_RESULT = 'Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file';

/** The file cannot be imported; the message says why, in words an organizer understands. */
export class ResultFileError extends Error {
  override readonly name = 'ResultFileError';
}

/** A line as a reader found it: position, fastest lap and the first driver are worked out for every format alike. */
export type ReadLine = Omit<ImportedLine, 'position' | 'fastestLap' | 'driver'>;

/** A cap on cars in one session, far above any server's grid: a larger list is not a real result. */
export const MAX_LINES = 500;
/** Far above any endurance race's laps. */
export const MAX_LAPS = 10_000;
/** Any time in a result file is shorter than a week (and so fits an int32 column in milliseconds). */
export const MAX_TIME_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_RACE_NUMBER = 999_999;

/** "No lap" as servers write it: AC 999999999, ACC 2147483647 (int32 max), some 0 or -1. */
const NO_TIME = new Set([0, -1, 999_999_999, 2_147_483_647]);

const STATUS_ORDER: Record<ResultStatus, number> = { FINISHED: 0, DNF: 0, DSQ: 1, DNS: 2 };

/**
 * Numbers the lines and marks the fastest lap. A race keeps the file's order of finishers and retirements
 * (disqualified, then non-starters, after them) and says how many laps down a lapped finisher was; a
 * qualifying is ordered by best lap, so position 1 is pole.
 */
export function classify(lines: readonly ReadLine[], label: string, session: ImportedClassification['session']): ImportedLine[] {
  if (lines.length === 0) throw new ResultFileError(`${label}: the session has no drivers`);
  if (lines.length > MAX_LINES) throw new ResultFileError(`${label}: ${lines.length} cars in one session is more than a result file can hold (${MAX_LINES})`);
  const rank = (line: ReadLine) => (session === 'QUALIFYING' && line.status !== 'DSQ' && line.bestLapMs === null ? STATUS_ORDER.DNS : STATUS_ORDER[line.status]);
  const ordered = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => rank(a.line) - rank(b.line) || (session === 'QUALIFYING' ? qualifyingOrder(a.line, b.line) : 0) || a.index - b.index);
  const leaderLaps = Math.max(...lines.filter((line) => line.status === 'FINISHED').map((line) => line.laps), 0);
  const classified = ordered.map(({ line }, index): ImportedLine => {
    const down = session === 'RACE' && line.status === 'FINISHED' ? leaderLaps - line.laps : 0;
    const lapsDown = down > 0 ? `finished ${down} lap${down === 1 ? '' : 's'} down` : null;
    return {
      position: index + 1,
      status: line.status,
      laps: line.laps,
      totalTimeMs: line.totalTimeMs,
      bestLapMs: line.bestLapMs,
      fastestLap: false,
      driver: line.drivers[0],
      drivers: line.drivers,
      carModel: line.carModel,
      penaltyMs: line.penaltyMs,
      reason: joinReasons(lapsDown, line.reason),
    };
  });
  let fastest: ImportedLine | undefined;
  for (const line of classified) {
    if (line.status === 'DSQ' || line.bestLapMs === null) continue;
    if (!fastest || line.bestLapMs < fastest.bestLapMs!) fastest = line;
  }
  if (fastest) fastest.fastestLap = true;
  for (const line of classified) assertInBounds(line, label);
  return classified;
}

function qualifyingOrder(a: ReadLine, b: ReadLine): number {
  if (a.bestLapMs === null || b.bestLapMs === null) return 0;
  return a.bestLapMs - b.bestLapMs;
}

/** Reasons in the order they happened, or null when there is none. */
export function joinReasons(...reasons: (string | null | undefined)[]): string | null {
  const given = reasons.filter((reason): reason is string => Boolean(reason));
  return given.length ? given.join('; ') : null;
}

/**
 * Checks the numbers of one line of the file as they are read, so that an absurd value is refused naming
 * the line ("line 3 (Tom Baker)") and the file's field, never stored or turned into a database error.
 */
export class LineCheck {
  constructor(
    private readonly label: string,
    private readonly position: number,
    private readonly name: string,
  ) {}

  /** A lap count: a whole number from 0 to MAX_LAPS. */
  laps(value: number, field: string): number {
    if (!Number.isInteger(value) || value < 0 || value > MAX_LAPS) throw this.outOfRange(field, value, `a lap count is a whole number from 0 to ${MAX_LAPS}`);
    return value;
  }

  /** A time in milliseconds (rounded): from 0 to under 7 days. */
  time(milliseconds: number, field: string): number {
    const rounded = Math.round(milliseconds);
    if (!Number.isFinite(milliseconds) || rounded < 0 || rounded >= MAX_TIME_MS) throw this.outOfRange(field, milliseconds, 'a time is from 0 to 7 days');
    return rounded;
  }

  /** A time the file writes in seconds, in milliseconds: refused (with the file's value) like `time`. */
  seconds(seconds: number, field: string): number {
    const milliseconds = Math.round(seconds * 1000);
    if (!Number.isFinite(seconds) || milliseconds < 0 || milliseconds >= MAX_TIME_MS) throw this.outOfRange(field, seconds, 'a time is from 0 to 7 days');
    return milliseconds;
  }

  /** A lap or race time where servers write "none" as 0, -1, 999999999 or 2147483647: null for those. */
  optionalTime(milliseconds: number, field: string): number | null {
    if (NO_TIME.has(milliseconds)) return null;
    return this.time(milliseconds, field);
  }

  /** A car number: a whole number up to six digits, or null. */
  raceNumber(value: number | null, field: string): number | null {
    if (value === null) return null;
    if (!Number.isInteger(value) || value < 0 || value > MAX_RACE_NUMBER) throw this.outOfRange(field, value, `a car number is a whole number from 0 to ${MAX_RACE_NUMBER}`);
    return value;
  }

  outOfRange(field: string, value: number, rule: string): ResultFileError {
    return new ResultFileError(`${this.label}: line ${this.position} (${this.name}): ${field} is ${value}, which is out of range (${rule})`);
  }
}

/** The last guard: whatever a reader let through, no line leaves with a number a column or check constraint would refuse. */
function assertInBounds(line: ImportedLine, label: string): void {
  const check = new LineCheck(label, line.position, line.driver.name);
  check.laps(line.laps, 'laps');
  for (const [field, value] of [
    ['total time', line.totalTimeMs],
    ['best lap', line.bestLapMs],
    ['penalty', line.penaltyMs],
  ] as const) {
    if (value !== null && check.time(value, field) !== value) throw check.outOfRange(field, value, 'a time is a whole number of milliseconds');
  }
  for (const driver of line.drivers) {
    check.raceNumber(driver.raceNumber, 'car number');
    if (driver.laps !== null) check.laps(driver.laps, `laps of ${driver.name}`);
    if (driver.drivingTimeMs !== null && check.time(driver.drivingTimeMs, `driving time of ${driver.name}`) !== driver.drivingTimeMs) {
      throw check.outOfRange(`driving time of ${driver.name}`, driver.drivingTimeMs, 'a time is a whole number of milliseconds');
    }
  }
}

/** `S76561198012345678` or `76561198012345678` → `76561198012345678`; any other id is kept as written (trimmed). */
export function normalizePlatformId(id: string | null | undefined): string | null {
  const trimmed = id?.trim();
  if (!trimmed) return null;
  const steam = /^S?(\d{17})$/i.exec(trimmed);
  return steam ? steam[1] : trimmed;
}

export function blankToNull(text: string | null): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}
