/** Two revisions of a race's classification side by side: which cells of each differ from the other. */
import type { RaceResultDto } from '../types.js';

export const COMPARED_FIELDS = ['position', 'status', 'laps', 'totalTimeMs', 'bestLapMs', 'pole', 'fastestLap', 'teamId'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/** By driver: the fields that differ in the other revision, or `missing` when the driver is not in it at all. */
export type Differences = Map<number, Set<ComparedField> | 'missing'>;

export function differences(lines: RaceResultDto[], other: RaceResultDto[]): Differences {
  const otherByDriver = new Map(other.map((line) => [line.profileId, line]));
  const found: Differences = new Map();
  for (const line of lines) {
    const counterpart = otherByDriver.get(line.profileId);
    if (!counterpart) {
      found.set(line.profileId, 'missing');
      continue;
    }
    const changed = new Set(COMPARED_FIELDS.filter((field) => line[field] !== counterpart[field]));
    if (changed.size > 0) found.set(line.profileId, changed);
  }
  return found;
}

/** Whether a cell differs between the two revisions. */
export function isChanged(found: Differences, profileId: number, field: ComparedField): boolean {
  const entry = found.get(profileId);
  return entry === 'missing' || (entry !== undefined && entry.has(field));
}
