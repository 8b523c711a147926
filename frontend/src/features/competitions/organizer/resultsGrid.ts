/**
 * The results grid as data: one row per classified driver in finishing order (a row's position is its
 * place in the grid), the cells the organizer types, the keyboard moves between cells, the checks
 * with their messages, and the `RaceResultsRequest` a save sends.
 */
import { formatRaceTime, parseRaceTime } from '../raceTime.js';
import type { DriverListItemDto, RaceResultDto, RaceResultLine, RaceResultsRequest, ResultStatus } from '../types.js';

export const LAPS_MAX = 10_000;

export interface GridRow {
  /** Stable across reorders (React key, focus after a move). */
  key: string;
  /** null: a guest (saved with `carried.guestName`). */
  profileId: number | null;
  driverName: string;
  driverNumber: number | null;
  teamId: number | null;
  teamName: string | null;
  /** The teams the row may race for (a select when more than one). */
  teamOptions: { id: number; name: string }[];
  status: ResultStatus;
  laps: string;
  totalTime: string;
  bestLap: string;
  pole: boolean;
  fastestLap: boolean;
  /** What the grid does not edit but a save keeps: a guest's name, co-drivers, post-race penalty, reason, driving time. */
  carried: Pick<RaceResultLine, 'guestName' | 'coDrivers' | 'penaltyMs' | 'reason' | 'drivingTimeMs'>;
}

/** The cells the keyboard moves between, left to right. */
export const GRID_COLUMNS = ['status', 'laps', 'totalTime', 'bestLap', 'pole', 'fastestLap'] as const;
export type GridColumn = (typeof GRID_COLUMNS)[number];
export const TEXT_COLUMNS: readonly GridColumn[] = ['laps', 'totalTime', 'bestLap'];

export const COLUMN_LABELS: Record<GridColumn, string> = {
  status: 'Status',
  laps: 'Laps',
  totalTime: 'Total time',
  bestLap: 'Best lap',
  pole: 'Pole',
  fastestLap: 'Fastest lap',
};

export interface Cell {
  row: number;
  column: number;
}

/** Where a key sends the focus from a cell: another cell, the add-driver field below the last row, or nowhere (the key is the cell's own). */
export type Move = Cell | 'add' | null;

export interface KeyInfo {
  key: string;
  altKey?: boolean;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  /** For text cells: whether the caret sits at the start / end with nothing selected (left/right leave the cell only then). */
  caretAtStart?: boolean;
  caretAtEnd?: boolean;
}

/**
 * The grid's keys: Enter and ↓ go down (Enter past the last row goes to the add-driver field), ↑ up,
 * ← and → to the neighbouring cell (in a text cell only from its start or end). Alt+↑/↓ move the row
 * and are handled by `moveRow`.
 */
export function nextCell(from: Cell, keys: KeyInfo, rows: number, columns = GRID_COLUMNS.length): Move {
  if (keys.ctrlKey || keys.metaKey || keys.altKey) return null;
  switch (keys.key) {
    case 'Enter':
      if (keys.shiftKey) return from.row > 0 ? { row: from.row - 1, column: from.column } : null;
      return from.row + 1 < rows ? { row: from.row + 1, column: from.column } : 'add';
    case 'ArrowDown':
      return from.row + 1 < rows ? { row: from.row + 1, column: from.column } : null;
    case 'ArrowUp':
      return from.row > 0 ? { row: from.row - 1, column: from.column } : null;
    case 'ArrowLeft':
      return keys.caretAtStart !== false && from.column > 0 ? { row: from.row, column: from.column - 1 } : null;
    case 'ArrowRight':
      return keys.caretAtEnd !== false && from.column + 1 < columns ? { row: from.row, column: from.column + 1 } : null;
    default:
      return null;
  }
}

/** The rows with one moved up (-1) or down (+1) a place; unchanged at either end. */
export function moveRow(rows: GridRow[], index: number, by: -1 | 1): GridRow[] {
  const target = index + by;
  if (target < 0 || target >= rows.length) return rows;
  const next = [...rows];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

let keys = 0;
const nextKey = () => `row-${++keys}`;

export function rowFromResult(line: RaceResultDto): GridRow {
  return {
    key: nextKey(),
    profileId: line.profileId,
    driverName: line.driverName,
    driverNumber: line.driverNumber,
    teamId: line.teamId,
    teamName: line.teamName,
    teamOptions: line.teamId !== null ? [{ id: line.teamId, name: line.teamName ?? `Team ${line.teamId}` }] : [],
    status: line.status,
    laps: String(line.laps),
    totalTime: formatRaceTime(line.totalTimeMs),
    bestLap: formatRaceTime(line.bestLapMs),
    pole: line.pole,
    fastestLap: line.fastestLap,
    carried: carriedOf(line),
  };
}

/** What a saved line has that the grid does not edit; only what is set, so a plain line is sent as before. */
function carriedOf(line: RaceResultDto): GridRow['carried'] {
  return {
    ...(line.profileId === null ? { guestName: line.driverName } : {}),
    ...(line.coDrivers.length
      ? {
          coDrivers: line.coDrivers.map((coDriver) => ({
            profileId: coDriver.profileId,
            name: coDriver.profileId === null ? coDriver.driverName : null,
            laps: coDriver.laps,
            drivingTimeMs: coDriver.drivingTimeMs,
          })),
        }
      : {}),
    ...(line.penaltyMs !== null ? { penaltyMs: line.penaltyMs } : {}),
    ...(line.reason !== null ? { reason: line.reason } : {}),
    ...(line.drivingTimeMs !== null ? { drivingTimeMs: line.drivingTimeMs } : {}),
  };
}

export function rowsFromResults(results: RaceResultDto[]): GridRow[] {
  return [...results].sort((a, b) => a.position - b.position).map(rowFromResult);
}

/** A driver added from the search: finished, with the laps of the row above (most of a field does the winner's laps). */
export function rowForDriver(driver: Pick<DriverListItemDto, 'id' | 'driverName' | 'driverNumber' | 'teams'>, above: GridRow | undefined): GridRow {
  const team = driver.teams.length === 1 ? driver.teams[0]! : null;
  return {
    key: nextKey(),
    profileId: driver.id,
    driverName: driver.driverName,
    driverNumber: driver.driverNumber,
    teamId: team?.id ?? null,
    teamName: team?.name ?? null,
    teamOptions: driver.teams.map(({ id, name }) => ({ id, name })),
    status: 'FINISHED',
    laps: above?.laps ?? '',
    totalTime: '',
    bestLap: '',
    pole: false,
    fastestLap: false,
    carried: {},
  };
}

/** What is wrong with a cell, by row key and column; empty when the grid can be saved. */
export type GridErrors = Map<string, Partial<Record<GridColumn, string>>>;

export function checkRows(rows: GridRow[]): { errors: GridErrors; general: string[] } {
  const errors: GridErrors = new Map();
  const general: string[] = [];
  const mark = (row: GridRow, column: GridColumn, message: string) => errors.set(row.key, { ...errors.get(row.key), [column]: message });
  for (const row of rows) {
    const laps = row.laps.trim();
    if (!/^\d+$/.test(laps) || Number(laps) > LAPS_MAX) mark(row, 'laps', `Laps: a whole number from 0 to ${LAPS_MAX}`);
    for (const column of ['totalTime', 'bestLap'] as const) {
      const parsed = parseRaceTime(row[column]);
      if (!parsed.ok) mark(row, column, parsed.message);
    }
    const total = parseRaceTime(row.totalTime);
    const best = parseRaceTime(row.bestLap);
    if (total.ok && best.ok && total.ms !== null && best.ms !== null && best.ms > total.ms) mark(row, 'bestLap', 'The best lap cannot be longer than the race');
  }
  const poles = rows.filter((row) => row.pole);
  if (poles.length > 1) {
    general.push('Only one driver can have pole position');
    for (const row of poles) mark(row, 'pole', 'Only one driver can have pole position');
  }
  const fastest = rows.filter((row) => row.fastestLap);
  if (fastest.length > 1) {
    general.push('Only one driver can have the fastest lap');
    for (const row of fastest) mark(row, 'fastestLap', 'Only one driver can have the fastest lap');
  }
  return { errors, general };
}

const ms = (text: string) => {
  const parsed = parseRaceTime(text);
  return parsed.ok ? parsed.ms : null;
};

/** The classification a save sends (after the checks passed): positions by grid order. */
export function resultsRequestFrom(rows: GridRow[]): RaceResultsRequest {
  return {
    results: rows.map((row, index) => ({
      profileId: row.profileId,
      position: index + 1,
      status: row.status,
      laps: Number(row.laps.trim()),
      totalTimeMs: ms(row.totalTime),
      bestLapMs: ms(row.bestLap),
      pole: row.pole,
      fastestLap: row.fastestLap,
      teamId: row.teamId,
      ...row.carried,
    })),
  };
}

/** Whether the grid differs from the saved classification (what a save would change). */
export function gridChanged(rows: GridRow[], saved: RaceResultDto[]): boolean {
  const now = JSON.stringify(resultsRequestFrom(rows).results);
  const before = JSON.stringify(resultsRequestFrom(rowsFromResults(saved)).results);
  return now !== before;
}

/** The API's 400 names lines as `results.3.laps`: the row and column it means, or null. */
export function gridFieldOf(path: string): { row: number; column: GridColumn | null } | null {
  const match = /^results\.(\d+)(?:\.(\w+))?/.exec(path);
  if (!match) return null;
  const field = match[2];
  const column: GridColumn | null =
    field === 'totalTimeMs' ? 'totalTime' : field === 'bestLapMs' ? 'bestLap' : GRID_COLUMNS.includes(field as GridColumn) ? (field as GridColumn) : null;
  return { row: Number(match[1]), column };
}
