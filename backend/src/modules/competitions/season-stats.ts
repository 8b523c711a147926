import type { EntityManager } from '@mikro-orm/postgresql';
import { EVENT_RACES, LEAGUE_EVENTS } from '../events/index.js';

export interface SeasonStats {
  /** Published events of the season. */
  rounds: number;
  /** Of those, the ones with results for at least one race. */
  roundsWithResults: number;
  /** The earliest round's start, or null without rounds. */
  firstRound: Date | null;
}

export const NO_ROUNDS: SeasonStats = { rounds: 0, roundsWithResults: 0, firstRound: null };

/** `in (?, ?, …)` for a non-empty list of ids. */
export const placeholders = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

/** Rounds, rounds with results and the first round's date of each season, in one query whatever their number. */
export async function seasonStats(em: EntityManager, seasonIds: readonly number[]): Promise<Map<number, SeasonStats>> {
  if (!seasonIds.length) return new Map();
  const rows = await em.execute<{ season_id: number; rounds: number; with_results: number; first_round: Date | string | null }[]>(
    `select e.season_id, count(*)::int as rounds, min(e.starts_at) as first_round,
       count(*) filter (where exists (
         select 1 from ${EVENT_RACES} r join result_revisions rr on rr.race_id = r.id where r.event_id = e.id
       ))::int as with_results
     from ${LEAGUE_EVENTS} e where e.published and e.season_id in (${placeholders(seasonIds)}) group by e.season_id`,
    [...seasonIds],
  );
  return new Map(
    rows.map((row) => [row.season_id, { rounds: row.rounds, roundsWithResults: row.with_results, firstRound: row.first_round === null ? null : new Date(row.first_round) }]),
  );
}
