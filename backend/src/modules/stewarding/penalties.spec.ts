import { describe, expect, it } from '@jest/globals';
import type { RaceResultLine } from '../../contracts/competitions.js';
import { applyPenalties, outcomesKey } from './penalties.js';

const line = (profileId: number, position: number, totalTimeMs: number | null = 1_000_000 + position * 1000, more: Partial<RaceResultLine> = {}): RaceResultLine => ({
  profileId,
  position,
  status: 'FINISHED',
  laps: 10,
  totalTimeMs,
  ...more,
});
const order = (lines: RaceResultLine[]) => lines.map((each) => [each.profileId, each.position, each.status]);

describe('applyPenalties', () => {
  const base = [line(1, 1), line(2, 2), line(3, 3), line(4, 4, null, { status: 'DNF', laps: 5 })];

  it('leaves the classification as it is without outcomes', () => {
    expect(order(applyPenalties(base, []))).toEqual(order(base));
  });

  it('adds a time penalty to the finisher’s time and re-orders the finishers by it', () => {
    const result = applyPenalties(base, [{ kind: 'TIME_PENALTY', profileId: 1, amount: 1.5 }]);
    expect(order(result)).toEqual([
      [2, 1, 'FINISHED'],
      [1, 2, 'FINISHED'],
      [3, 3, 'FINISHED'],
      [4, 4, 'DNF'],
    ]);
    expect(result[1].totalTimeMs).toBe(1_002_500);
  });

  it('moves a driver down by a position penalty, not below the last classified line', () => {
    expect(order(applyPenalties(base, [{ kind: 'POSITION_PENALTY', profileId: 1, amount: 2 }])).map(([id]) => id)).toEqual([2, 3, 1, 4]);
    expect(order(applyPenalties(base, [{ kind: 'POSITION_PENALTY', profileId: 2, amount: 10 }])).map(([id]) => id)).toEqual([1, 3, 4, 2]);
  });

  it('puts a disqualified driver last with status DSQ', () => {
    expect(order(applyPenalties(base, [{ kind: 'DSQ', profileId: 1 }]))).toEqual([
      [2, 1, 'FINISHED'],
      [3, 2, 'FINISHED'],
      [4, 3, 'DNF'],
      [1, 4, 'DSQ'],
    ]);
  });

  it('ignores outcomes that do not change results and does not change the base lines', () => {
    const copy = structuredClone(base);
    applyPenalties(base, [
      { kind: 'WARNING', profileId: 1 },
      { kind: 'TIME_PENALTY', profileId: 1, amount: 30 },
    ]);
    expect(base).toEqual(copy);
    expect(order(applyPenalties(base, [{ kind: 'POINTS_DEDUCTION', profileId: 1, amount: 5 }]))).toEqual(order(base));
  });
});

describe('outcomesKey', () => {
  it('is the same for the same outcomes in any order and differs by amount', () => {
    const a = { kind: 'TIME_PENALTY' as const, profileId: 1, amount: 5 };
    const b = { kind: 'LICENCE_POINTS' as const, profileId: 1, amount: 2 };
    expect(outcomesKey([a, b])).toBe(outcomesKey([b, a]));
    expect(outcomesKey([a])).not.toBe(outcomesKey([{ ...a, amount: 10 }]));
  });
});
