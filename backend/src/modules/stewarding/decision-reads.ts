import type { EntityManager } from '@mikro-orm/postgresql';
import type { TicketOutcome } from '../../contracts/stewarding.js';

/*
 * Stewarding's read contract for results and standings: what each ticket's standing decision (its
 * highest round) says, in the caller's `em` (its transaction). Read as rows: no entity leaves the module.
 */

/** The outcomes of every standing decision of the race, tickets in filing order. */
export async function standingOutcomes(em: EntityManager, raceId: number): Promise<TicketOutcome[]> {
  const rows = await em.execute<{ outcomes: TicketOutcome[] }[]>(
    `select d.outcomes from ticket_decisions d join tickets t on t.id = d.ticket_id
     where t.race_id = ? and d.round = (select max(round) from ticket_decisions o where o.ticket_id = d.ticket_id) order by t.id`,
    [raceId],
  );
  return rows.flatMap((row) => row.outcomes);
}

/** A points deduction of a standing decision; `id` is one per outcome, so a deduction counts once. */
export interface PointsDeduction {
  id: number;
  profileId: number;
  eventId: number;
  points: number;
}

/** The POINTS_DEDUCTION outcomes of the standing decisions of the season's tickets. */
export async function pointsDeductions(em: EntityManager, seasonId: number): Promise<PointsDeduction[]> {
  const rows = await em.execute<{ id: number; event_id: number; outcomes: TicketOutcome[] }[]>(
    `select d.id, t.event_id, d.outcomes from ticket_decisions d join tickets t on t.id = d.ticket_id
     where t.season_id = ? and d.round = (select max(round) from ticket_decisions o where o.ticket_id = d.ticket_id)`,
    [seasonId],
  );
  return rows.flatMap((row) =>
    row.outcomes.flatMap((outcome, index) =>
      outcome.kind === 'POINTS_DEDUCTION' ? [{ id: row.id * 1000 + index, profileId: outcome.profileId, eventId: row.event_id, points: outcome.amount ?? 0 }] : [],
    ),
  );
}

/** A ticket's race and its parties (the filer and each accused driver, by profile); null when it was deleted since. */
export async function ticketParties(
  em: EntityManager,
  ticketId: number,
): Promise<{ eventId: number; raceId: number; parties: { profileId: number; role: 'FILER' | 'ACCUSED' }[] } | null> {
  const rows = await em.execute<{ event_id: number; race_id: number; profile_id: number | null; role: 'FILER' | 'ACCUSED' | null }[]>(
    `select t.event_id, t.race_id, p.profile_id, p.role from tickets t left join ticket_parties p on p.ticket_id = t.id where t.id = ? order by p.id`,
    [ticketId],
  );
  if (!rows.length) return null;
  return {
    eventId: rows[0].event_id,
    raceId: rows[0].race_id,
    parties: rows.flatMap((row) => (row.profile_id === null || row.role === null ? [] : [{ profileId: row.profile_id, role: row.role }])),
  };
}
