import { describe, expect, it } from '@jest/globals';
import { settleLots, type SettlementBid, type SettlementInput, type SettlementLot } from './settlement.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 12, minute));
const bid = (lotId: number, bidder: string, amount: number, minute = 0): SettlementBid => ({ lotId, bidder, amount, placedAt: at(minute) });
const number = (id: number): SettlementLot => ({ id, kind: 'NUMBER', manufacturer: null });
const car = (id: number, manufacturer: string): SettlementLot => ({ id, kind: 'CAR', manufacturer });

function input(lots: SettlementLot[], bids: SettlementBid[], overrides: Partial<SettlementInput> = {}): SettlementInput {
  const bidders = new Set(bids.map((b) => b.bidder));
  return {
    lots,
    bids,
    minimumBid: 10,
    budgets: new Map([...bidders].map((b) => [b, 100])),
    spentBefore: new Map(),
    carsBefore: new Map(),
    manufacturerCap: null,
    numberWinnersBefore: new Set(),
    positions: null,
    ...overrides,
  };
}

const winners = (outcomes: ReturnType<typeof settleLots>) => Object.fromEntries(outcomes.map((o) => [o.lotId, o.winner && `${o.winner.bidder}@${o.winner.amount}`]));

describe('settleLots (sealed first-price settlement)', () => {
  it('gives each lot to its highest bid at the price bid, and says so', () => {
    const outcomes = settleLots(input([number(1), number(2)], [bid(1, 'p:1', 20), bid(1, 'p:2', 30), bid(2, 'p:1', 15)]));
    expect(winners(outcomes)).toEqual({ 1: 'p:2@30', 2: 'p:1@15' });
    expect(outcomes[0].outcome).toBe('won for 30');
  });

  it('breaks a tie by the better championship position, then by the earlier bid', () => {
    const bids = [bid(1, 'p:1', 30, 1), bid(1, 'p:2', 30, 5)];
    expect(
      winners(
        settleLots(
          input([number(1)], bids, {
            positions: new Map([
              ['p:2', 1],
              ['p:1', 4],
            ]),
          }),
        ),
      ),
    ).toEqual({ 1: 'p:2@30' });
    // A bidder without a position ranks behind those with one.
    expect(winners(settleLots(input([number(1)], bids, { positions: new Map([['p:2', 9]]) })))).toEqual({ 1: 'p:2@30' });
    // Earliest bid when ties break that way (or positions are equal).
    expect(winners(settleLots(input([number(1)], bids)))).toEqual({ 1: 'p:1@30' });
    expect(
      winners(
        settleLots(
          input([number(1)], bids, {
            positions: new Map([
              ['p:1', 2],
              ['p:2', 2],
            ]),
          }),
        ),
      ),
    ).toEqual({ 1: 'p:1@30' });
  });

  it('awards no lot to a bid under the minimum', () => {
    const [outcome] = settleLots(input([number(1)], [bid(1, 'p:1', 5)]));
    expect(outcome).toEqual({ lotId: 1, winner: null, outcome: 'not awarded: no bid reached the minimum of 10' });
  });

  it('says "no bids" for a lot nobody bid on', () => {
    expect(settleLots(input([number(1)], []))[0].outcome).toBe('not awarded: no bids');
  });

  it('never lets a bidder spend more than their budget: the next bid takes the lot', () => {
    const lots = [car(1, 'Ferrari'), car(2, 'BMW')];
    const bids = [bid(1, 't:1', 70), bid(2, 't:1', 60), bid(2, 't:2', 40)];
    expect(winners(settleLots(input(lots, bids)))).toEqual({ 1: 't:1@70', 2: 't:2@40' });
    // What was won in an earlier settlement of the round counts too.
    expect(winners(settleLots(input(lots, bids, { spentBefore: new Map([['t:1', 35]]) })))).toEqual({ 1: null, 2: 't:1@60' });
  });

  it('refuses a lot outright when no bidder can pay it', () => {
    const [outcome] = settleLots(input([number(1)], [bid(1, 'p:1', 40)], { budgets: new Map([['p:1', 30]]) }));
    expect(outcome).toEqual({ lotId: 1, winner: null, outcome: 'not awarded: the highest bidders could no longer pay' });
  });

  it('holds the manufacturer cap across the round, counting earlier awards', () => {
    const lots = [car(1, 'Ferrari'), car(2, 'Ferrari'), car(3, 'BMW')];
    const bids = [bid(1, 't:1', 50), bid(2, 't:2', 40), bid(3, 't:3', 30)];
    const outcomes = settleLots(input(lots, bids, { manufacturerCap: 1 }));
    expect(winners(outcomes)).toEqual({ 1: 't:1@50', 2: null, 3: 't:3@30' });
    expect(outcomes[1].outcome).toBe('not awarded: the cap of 1 Ferrari cars is reached');
    expect(winners(settleLots(input(lots, bids, { manufacturerCap: 1, carsBefore: new Map([['Ferrari', 1]]) })))).toEqual({ 1: null, 2: null, 3: 't:3@30' });
  });

  it('gives a driver at most one number: their lower bids go to the next bidder', () => {
    const bids = [bid(1, 'p:1', 50), bid(2, 'p:1', 40), bid(2, 'p:2', 20)];
    expect(winners(settleLots(input([number(1), number(2)], bids)))).toEqual({ 1: 'p:1@50', 2: 'p:2@20' });
    expect(winners(settleLots(input([number(2)], bids, { numberWinnersBefore: new Set(['p:1']) })))).toEqual({ 2: 'p:2@20' });
  });

  it('ignores bids on lots that are not closing now', () => {
    expect(winners(settleLots(input([number(1)], [bid(1, 'p:1', 20), bid(2, 'p:2', 99)])))).toEqual({ 1: 'p:1@20' });
  });
});
