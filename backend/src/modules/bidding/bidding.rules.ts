import type { EntityManager } from '@mikro-orm/postgresql';
import type { LotKind } from '../../contracts/bidding.js';
import type { BiddingLot } from './bidding.entities.js';

export const HOUR = 3600 * 1000;
/** Settled rounds stay on bidders' panels this long (their results). */
export const RESULTS_SHOWN_MS = 14 * 24 * HOUR;

export const biddingAggregate = (roundId: number) => ({ type: 'bidding-round', id: roundId });

/** A bidder is a team (`t:<teamId>`: seats and cars) or a driver (`p:<profileId>`: numbers). */
export const teamBidder = (teamId: number) => `t:${teamId}`;
export const driverBidder = (profileId: number) => `p:${profileId}`;
export const bidderKind = (bidder: string): 'TEAM' | 'DRIVER' => (bidder.startsWith('t:') ? 'TEAM' : 'DRIVER');
export const bidderId = (bidder: string) => Number(bidder.slice(2));
/** Seats and cars are bid for by teams, numbers by drivers. */
export const teamLot = (kind: LotKind) => kind !== 'NUMBER';

const KIND_ORDER: Record<LotKind, number> = { SEAT: 0, CAR: 1, NUMBER: 2 };
/** Seats, then cars, then numbers (in number order). */
export function byLot(a: BiddingLot, b: BiddingLot): number {
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.kind === 'NUMBER' ? Number(a.label) - Number(b.label) : a.label.localeCompare(b.label));
}

/** The lots of a round teams (seats and cars) or drivers (numbers) bid on, in order. */
export function lotsFor(teams: boolean, lots: BiddingLot[]): BiddingLot[] {
  return lots.filter((lot) => teams === teamLot(lot.kind)).sort(byLot);
}

/** What a bidder has committed in a round: open bids plus what was won; `exceptLot`: leaving out the bid on that lot (it is being replaced). */
export async function committedBudget(em: EntityManager, roundId: number, bidder: string, exceptLot: number | null): Promise<number> {
  const [row] = await em.execute<{ open: string | null; won: string | null }[]>(
    `select
       (select sum(b.amount) from bids b join bidding_lots l on l.id = b.lot_id where l.round_id = ? and b.bidder = ? and l.settled_at is null and l.id <> ?) as open,
       (select sum(l.winning_amount) from bidding_lots l where l.round_id = ? and l.winner = ?) as won`,
    [roundId, bidder, exceptLot ?? 0, roundId, bidder],
  );
  return Number(row?.open ?? 0) + Number(row?.won ?? 0);
}
