import type { ScoredSession } from '../../contracts/competitions.js';
import type { RaceEventType } from '../../contracts/events.js';

/** A season as the choice of the current one sees it: when its first round is (null: no rounds yet). */
export interface DatedSeason {
  id: number;
  firstRound: Date | null;
}

/**
 * The season running now, or the latest: of the seasons whose first round has started, the one that
 * started last; else the next to start; else (no season has rounds) the newest.
 */
export function currentSeasonOf<S extends DatedSeason>(seasons: readonly S[], now: Date): S | null {
  const dated = seasons.filter((season) => season.firstRound !== null).sort((a, b) => a.firstRound!.getTime() - b.firstRound!.getTime() || a.id - b.id);
  const started = dated.filter((season) => season.firstRound!.getTime() <= now.getTime());
  if (started.length) return started[started.length - 1];
  if (dated.length) return dated[0];
  return seasons.reduce<S | null>((newest, season) => (!newest || season.id > newest.id ? season : newest), null);
}

/** Which points table scores a race of this type; practice scores nothing (null). */
export function scoredSessionOf(type: RaceEventType): ScoredSession | null {
  switch (type) {
    case 'PRACTICE':
      return null;
    case 'SPRINT':
      return 'SPRINT';
    case 'RACE':
    case 'FEATURE':
    case 'ENDURANCE':
      return 'RACE';
  }
}
