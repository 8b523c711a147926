import type { EntityManager } from '@mikro-orm/postgresql';
import { TOKEN_MARKET_RULES, type BiddingCurrency, type LotKind, type TieBreak } from '../../backend/src/contracts/bidding.js';
import { BiddingLot, BiddingRound } from '../../backend/src/modules/bidding/bidding.entities.js';
import { nextNumber } from './sequence.js';

const HOUR = 3600 * 1000;

export interface RoundLot {
  kind: LotKind;
  label: string;
  manufacturer?: string | null;
}

export interface RoundOverrides {
  name?: string;
  seasonId?: number | null;
  opensAt?: Date;
  closesAt?: Date;
  counterBidHours?: number;
  currency?: BiddingCurrency;
  tokensPerBidder?: number | null;
  minimumBid?: number;
  increment?: number;
  manufacturerCap?: number | null;
  tieBreak?: TieBreak;
  lots?: RoundLot[];
}

/** An open league-wide round for numbers 7, 44 and 77: 100 tokens each, bids from 10 in steps of 5, open since an hour, closing in three days. */
export async function newBiddingRound(em: EntityManager, overrides: RoundOverrides = {}): Promise<BiddingRound> {
  const { lots = ['7', '44', '77'].map((label): RoundLot => ({ kind: 'NUMBER', label })), ...fields } = overrides;
  const round = em.create(BiddingRound, {
    name: `Market ${nextNumber()}`,
    seasonId: null,
    opensAt: new Date(Date.now() - HOUR),
    closesAt: new Date(Date.now() + 72 * HOUR),
    ...TOKEN_MARKET_RULES,
    ...fields,
  });
  for (const lot of lots) em.create(BiddingLot, { round, kind: lot.kind, label: lot.label, manufacturer: lot.manufacturer ?? null, closesAt: round.closesAt });
  await em.flush();
  return round;
}
