/** Two revisions of a race's classification side by side: which cells of each differ from the other. */
import type { RaceResultDto } from '../types.js';

export const COMPARED_FIELDS = ['position', 'status', 'laps', 'totalTimeMs', 'bestLapMs', 'pole', 'fastestLap', 'teamId'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/** By driver (`lineKey`): the fields that differ in the other revision, or `missing` when the driver is not in it at all. */
export type Differences = Map<string, Set<ComparedField> | 'missing'>;

/** A line's driver: a league driver by profile, a guest by name. */
export const lineKey = (line: Pick<RaceResultDto, 'profileId' | 'driverName'>): string => (line.profileId === null ? `guest:${line.driverName}` : String(line.profileId));

export function differences(lines: RaceResultDto[], other: RaceResultDto[]): Differences {
  const otherByDriver = new Map(other.map((line) => [lineKey(line), line]));
  const found: Differences = new Map();
  for (const line of lines) {
    const counterpart = otherByDriver.get(lineKey(line));
    if (!counterpart) {
      found.set(lineKey(line), 'missing');
      continue;
    }
    const changed = new Set(COMPARED_FIELDS.filter((field) => line[field] !== counterpart[field]));
    if (changed.size > 0) found.set(lineKey(line), changed);
  }
  return found;
}

/** Whether a cell differs between the two revisions. */
export function isChanged(found: Differences, key: string, field: ComparedField): boolean {
  const entry = found.get(key);
  return entry === 'missing' || (entry !== undefined && entry.has(field));
}
