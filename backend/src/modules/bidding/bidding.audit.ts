import { snapshotOf } from '../audit/index.js';
import type { BiddingLot, BiddingRound } from './bidding.entities.js';

/** What the audit log keeps of a round's settings and of a settled lot. */
const ROUND_AUDITED_FIELDS = [
  'name',
  'seasonId',
  'opensAt',
  'closesAt',
  'counterBidHours',
  'currency',
  'tokensPerBidder',
  'minimumBid',
  'increment',
  'manufacturerCap',
  'tieBreak',
] as const;
const SETTLED_LOT_FIELDS = ['settledAt', 'winner', 'winningAmount', 'outcome'] as const;

export const auditedRound = (round: BiddingRound) => ({
  ...snapshotOf(round, ROUND_AUDITED_FIELDS),
  lots: round.lots.getItems().map((lot) => ({ kind: lot.kind, label: lot.label, manufacturer: lot.manufacturer })),
});

/** A settlement's before and after: the lots it settled, unsettled and then with their outcome. */
export const auditedSettlement = (settled: BiddingLot[]) => ({
  before: { lots: settled.map((lot) => ({ kind: lot.kind, label: lot.label, settledAt: null })) },
  after: { lots: settled.map((lot) => ({ kind: lot.kind, label: lot.label, ...snapshotOf(lot, SETTLED_LOT_FIELDS) })) },
});
