import { useEffect, useRef, useState } from 'react';
import type { StandingsDto } from './types.js';

/** How long a row whose points changed stays highlighted after a live update. */
export const CHANGE_HIGHLIGHT_MS = 3000;

/** What moved between two standings: driver and team ids whose points changed (or who are new), with the points gained. */
export interface StandingsChanges {
  drivers: ReadonlyMap<number, number>;
  teams: ReadonlyMap<number, number>;
}

export const NO_CHANGES: StandingsChanges = { drivers: new Map(), teams: new Map() };

function pointsMoved<T>(before: T[], after: T[], idOf: (row: T) => number, pointsOf: (row: T) => number): Map<number, number> {
  const previous = new Map(before.map((row) => [idOf(row), pointsOf(row)]));
  const moved = new Map<number, number>();
  for (const row of after) {
    const was = previous.get(idOf(row));
    if (was === undefined || was !== pointsOf(row)) moved.set(idOf(row), pointsOf(row) - (was ?? 0));
  }
  return moved;
}

/** The rows whose points differ between two standings of one season. */
export function standingsChanges(before: StandingsDto, after: StandingsDto): StandingsChanges {
  if (before.seasonId !== after.seasonId) return NO_CHANGES;
  return {
    drivers: pointsMoved(
      before.drivers,
      after.drivers,
      (row) => row.profile.id,
      (row) => row.points,
    ),
    teams: pointsMoved(
      before.teams,
      after.teams,
      (row) => row.team.id,
      (row) => row.points,
    ),
  };
}

/**
 * The rows to highlight: those whose points changed when new standings of the shown season arrived
 * (a live push), for `CHANGE_HIGHLIGHT_MS`. The first standings shown, or another season's, highlight nothing.
 */
export function useStandingsChanges(standings: StandingsDto | undefined): StandingsChanges {
  const shown = useRef<StandingsDto | undefined>(undefined);
  const [changes, setChanges] = useState<StandingsChanges>(NO_CHANGES);
  useEffect(() => {
    const before = shown.current;
    shown.current = standings;
    if (!before || !standings || before === standings || before.seasonId !== standings.seasonId) {
      setChanges(NO_CHANGES);
      return undefined;
    }
    const moved = standingsChanges(before, standings);
    if (moved.drivers.size === 0 && moved.teams.size === 0) {
      setChanges(NO_CHANGES);
      return undefined;
    }
    setChanges(moved);
    const timer = setTimeout(() => setChanges(NO_CHANGES), CHANGE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [standings]);
  return changes;
}
