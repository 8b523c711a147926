/**
 * What a parsed result file gives the import: the race's classification as the game server wrote it,
 * before any driver is matched to a profile. Shared by the ACC, Assetto Corsa and rFactor 2 readers.
 */
import type { ResultStatus, ScoredSession } from '../../../contracts/competitions.js';

export type ResultFileFormat = 'ACC' | 'AC' | 'RF2';

export interface ImportedDriver {
  name: string;
  /** Steam: the 17-digit SteamID64 (ACC `playerId` without its `S`, AC `DriverGuid`); null when the file has none (rFactor 2). */
  platformId: string | null;
  raceNumber: number | null;
  teamName: string | null;
}

export interface ImportedLine {
  /** 1-based, contiguous: finishers and retirements in the file's order, then disqualified, then non-starters. */
  position: number;
  status: ResultStatus;
  laps: number;
  /** Race time at the chequered flag: finishers of a race only. */
  totalTimeMs: number | null;
  bestLapMs: number | null;
  /** The lowest best lap of the session (one line at most; disqualified lines never). */
  fastestLap: boolean;
  driver: ImportedDriver;
}

export interface ImportedClassification {
  format: ResultFileFormat;
  /** A file says race or qualifying; whether a race is a sprint is the season's business, not the file's. */
  session: Extract<ScoredSession, 'RACE' | 'QUALIFYING'>;
  trackName: string | null;
  lines: ImportedLine[];
}

/** The file cannot be imported; the message says why, in words an organizer understands. */
export class ResultFileError extends Error {
  override readonly name = 'ResultFileError';
}

/** A line as a reader found it: position and fastest lap are worked out for every format alike. */
export type ReadLine = Omit<ImportedLine, 'position' | 'fastestLap'>;

/** A cap on cars in one session, far above any server's grid: a larger list is not a real result. */
export const MAX_LINES = 500;

const STATUS_ORDER: Record<ResultStatus, number> = { FINISHED: 0, DNF: 0, DSQ: 1, DNS: 2 };

/** Numbers the lines (keeping the file's order of finishers and retirements) and marks the fastest lap. */
export function classify(lines: readonly ReadLine[], label: string): ImportedLine[] {
  if (lines.length === 0) throw new ResultFileError(`${label}: the session has no drivers`);
  if (lines.length > MAX_LINES) throw new ResultFileError(`${label}: ${lines.length} cars in one session is more than a result file can hold (${MAX_LINES})`);
  const ordered = lines.map((line, index) => ({ line, index })).sort((a, b) => STATUS_ORDER[a.line.status] - STATUS_ORDER[b.line.status] || a.index - b.index);
  const classified = ordered.map(({ line }, index) => ({ ...line, position: index + 1, fastestLap: false }));
  let fastest: ImportedLine | undefined;
  for (const line of classified) {
    if (line.status === 'DSQ' || line.bestLapMs === null) continue;
    if (!fastest || line.bestLapMs < fastest.bestLapMs!) fastest = line;
  }
  if (fastest) fastest.fastestLap = true;
  return classified;
}

/** Servers write "no lap" as 0, -1, 999999999 (AC) or 2147483647 (ACC): a lap time is only a real one. */
export function lapTime(milliseconds: number): number | null {
  return Number.isFinite(milliseconds) && milliseconds > 0 && milliseconds < 999_999_999 ? Math.round(milliseconds) : null;
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
