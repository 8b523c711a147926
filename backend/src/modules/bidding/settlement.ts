import type { LotKind } from '../../contracts/bidding.js';

/** What settlement needs of a lot closing now. */
export interface SettlementLot {
  id: number;
  kind: LotKind;
  manufacturer: string | null;
}

export interface SettlementBid {
  lotId: number;
  /** `t:<teamId>` or `p:<profileId>`. */
  bidder: string;
  amount: number;
  placedAt: Date;
}

export interface SettlementInput {
  lots: SettlementLot[];
  bids: SettlementBid[];
  minimumBid: number;
  /** What each bidder may spend in the round, before anything is won. */
  budgets: Map<string, number>;
  /** What each bidder already won in the round's earlier settlements. */
  spentBefore: Map<string, number>;
  /** Cars already awarded per manufacturer in the round. */
  carsBefore: Map<string, number>;
  manufacturerCap: number | null;
  /** Bidders who already hold a number won in this round (a driver wins one number). */
  numberWinnersBefore: Set<string>;
  /** Championship position per bidder (1 is best) when ties break by it; absent: behind everyone placed. */
  positions: Map<string, number> | null;
}

export interface LotOutcome {
  lotId: number;
  winner: { bidder: string; amount: number } | null;
  outcome: string;
}

const NO_POSITION = Number.MAX_SAFE_INTEGER;

/**
 * Settles lots whose close has passed, as a sealed first-price auction: bids are taken highest first
 * (equal bids: the better championship position when `positions` is given, then the earlier bid), and
 * each wins its lot unless the lot is taken, the bid is under the minimum, the bidder's budget cannot
 * pay it after what they won, the manufacturer's cap is reached, or the driver already won a number.
 * A bid that loses for its bidder's reasons leaves the lot to the next bid. Pure: no clock, no I/O.
 */
export function settleLots(input: SettlementInput): LotOutcome[] {
  const lots = new Map(input.lots.map((lot) => [lot.id, lot]));
  const spent = new Map(input.spentBefore);
  const cars = new Map(input.carsBefore);
  const numberWinners = new Set(input.numberWinnersBefore);
  const won = new Map<number, { bidder: string; amount: number }>();
  const refusals = new Map<number, string>();
  const position = (bidder: string) => input.positions?.get(bidder) ?? NO_POSITION;

  const ordered = input.bids
    .filter((bid) => lots.has(bid.lotId))
    .sort((a, b) => b.amount - a.amount || (input.positions ? position(a.bidder) - position(b.bidder) : 0) || a.placedAt.getTime() - b.placedAt.getTime());

  for (const bid of ordered) {
    const lot = lots.get(bid.lotId)!;
    if (won.has(lot.id)) continue;
    const refuse = (why: string) => {
      if (!refusals.has(lot.id)) refusals.set(lot.id, why);
    };
    if (bid.amount < input.minimumBid) {
      refuse(`no bid reached the minimum of ${input.minimumBid}`);
      continue;
    }
    if ((spent.get(bid.bidder) ?? 0) + bid.amount > (input.budgets.get(bid.bidder) ?? 0)) {
      refuse('the highest bidders could no longer pay');
      continue;
    }
    if (lot.kind === 'CAR' && lot.manufacturer && input.manufacturerCap !== null && (cars.get(lot.manufacturer) ?? 0) >= input.manufacturerCap) {
      refuse(`the cap of ${input.manufacturerCap} ${lot.manufacturer} cars is reached`);
      continue;
    }
    if (lot.kind === 'NUMBER' && numberWinners.has(bid.bidder)) {
      refuse('the highest bidders already won a number');
      continue;
    }
    won.set(lot.id, { bidder: bid.bidder, amount: bid.amount });
    spent.set(bid.bidder, (spent.get(bid.bidder) ?? 0) + bid.amount);
    if (lot.kind === 'CAR' && lot.manufacturer) cars.set(lot.manufacturer, (cars.get(lot.manufacturer) ?? 0) + 1);
    if (lot.kind === 'NUMBER') numberWinners.add(bid.bidder);
  }

  return input.lots.map((lot) => {
    const winner = won.get(lot.id) ?? null;
    const outcome = winner ? `won for ${winner.amount}` : `not awarded: ${refusals.get(lot.id) ?? 'no bids'}`;
    return { lotId: lot.id, winner, outcome };
  });
}
