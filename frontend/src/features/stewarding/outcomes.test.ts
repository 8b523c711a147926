import { describe, expect, it } from '@jest/globals';
import { checkOutcomes, outcomesOf, outcomesText, rowsOf } from './outcomes.js';
import type { TicketOutcomeDto } from './types.js';

const dto = (outcome: Omit<TicketOutcomeDto, 'label'>, label = ''): TicketOutcomeDto => ({ ...outcome, label });

describe('outcomes as read', () => {
  it('names the driver and the outcome with its amount, worded by the contract', () => {
    const outcomes = [
      dto({ kind: 'TIME_PENALTY', profileId: 1, amount: 5, driverName: '[ 7 ] - Kim' }),
      dto({ kind: 'POSITION_PENALTY', profileId: 1, amount: 1, driverName: '[ 7 ] - Kim' }),
      dto({ kind: 'RACE_BAN', profileId: 2, amount: 2, driverName: '[ 9 ] - Lou' }),
      dto({ kind: 'DSQ', profileId: 2, driverName: '[ 9 ] - Lou' }),
    ];
    expect(outcomesText(outcomes)).toBe(
      '[ 7 ] - Kim: Time penalty: 5 s; [ 7 ] - Kim: Position penalty: 1 place; [ 9 ] - Lou: Race ban: next 2 events; [ 9 ] - Lou: Disqualified',
    );
  });

  it("prefers the server's own label when it sends one", () => {
    expect(outcomesText([dto({ kind: 'LICENCE_POINTS', profileId: 1, amount: 3, driverName: 'Kim' }, 'Licence points: 3 (expire after 10 events)')])).toBe(
      'Kim: Licence points: 3 (expire after 10 events)',
    );
  });

  it('reads no outcomes as no further action', () => {
    expect(outcomesText([])).toBe('No further action');
    expect(outcomesText(null)).toBe('No further action');
  });
});

describe('the decision form', () => {
  it('asks for a driver, a whole amount where the kind needs one, and a reason', () => {
    const messages = checkOutcomes({
      rows: [
        { kind: 'TIME_PENALTY', profileId: 3, amount: '0' },
        { kind: 'WARNING', profileId: null, amount: '' },
        { kind: 'RACE_BAN', profileId: 3, amount: '1.5' },
      ],
      reason: 'short',
    });
    expect(messages).toEqual({
      'rows.0.amount': 'Seconds: a whole number from 1.',
      'rows.1.profileId': 'Pick the driver.',
      'rows.2.amount': 'Events: a whole number from 1.',
      reason: 'Write the reason the drivers will read (at least 10 characters).',
    });
  });

  it('needs at least one outcome', () => {
    expect(checkOutcomes({ rows: [], reason: 'A racing incident, no driver wholly to blame.' }).rows).toBe('Add at least one outcome (No further action counts).');
  });

  it('sends amounts only for the kinds that have one, and reads them back as rows', () => {
    const rows = [
      { kind: 'POINTS_DEDUCTION' as const, profileId: 4, amount: ' 10 ' },
      { kind: 'WARNING' as const, profileId: 5, amount: '3' },
    ];
    expect(checkOutcomes({ rows, reason: 'Unsafe rejoin at turn one.' })).toEqual({});
    const outcomes = outcomesOf(rows);
    expect(outcomes).toEqual([
      { kind: 'POINTS_DEDUCTION', profileId: 4, amount: 10 },
      { kind: 'WARNING', profileId: 5, amount: null },
    ]);
    expect(rowsOf(outcomes)).toEqual([
      { kind: 'POINTS_DEDUCTION', profileId: 4, amount: '10' },
      { kind: 'WARNING', profileId: 5, amount: '' },
    ]);
  });
});
