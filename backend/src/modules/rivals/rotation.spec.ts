import { describe, expect, it } from '@jest/globals';
import { advance, dailyMinutes, nextBoundary, plan } from './rotation.js';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('rivals rotation (fake clock)', () => {
  it('finds the next boundary of an every-N-hours rotation counted from its anchor', () => {
    const anchor = at('2026-11-23T10:15:00Z');
    expect(nextBoundary({ kind: 'EVERY_HOURS', everyHours: 2 }, anchor, anchor).toISOString()).toBe('2026-11-23T12:15:00.000Z');
    expect(nextBoundary({ kind: 'EVERY_HOURS', everyHours: 2 }, anchor, at('2026-11-23T13:59:59Z')).toISOString()).toBe('2026-11-23T14:15:00.000Z');
    expect(nextBoundary({ kind: 'EVERY_HOURS', everyHours: 2 }, anchor, at('2026-11-23T14:15:00Z')).toISOString()).toBe('2026-11-23T16:15:00.000Z');
  });

  it('finds the next daily HH:MM UTC strictly after the moment', () => {
    const anchor = at('2026-01-01T00:00:00Z');
    expect(nextBoundary({ kind: 'DAILY', dailyAt: '20:00' }, anchor, at('2026-11-23T19:59:00Z')).toISOString()).toBe('2026-11-23T20:00:00.000Z');
    expect(nextBoundary({ kind: 'DAILY', dailyAt: '20:00' }, anchor, at('2026-11-23T20:00:00Z')).toISOString()).toBe('2026-11-24T20:00:00.000Z');
    expect(nextBoundary({ kind: 'DAILY', dailyAt: '00:30' }, anchor, at('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T00:30:00.000Z');
    expect(dailyMinutes('24:00')).toBeNull();
  });

  it('moves a server on one track per boundary passed, wrapping round, and nothing before it is due', () => {
    const anchor = at('2026-11-23T00:00:00Z');
    const rotation = { kind: 'EVERY_HOURS', everyHours: 1 } as const;
    const state = { currentIndex: 2, currentSince: anchor, nextRotationAt: at('2026-11-23T01:00:00Z') };
    expect(advance(rotation, anchor, state, 3, at('2026-11-23T00:59:59Z'))).toMatchObject({ steps: 0, currentIndex: 2 });
    const once = advance(rotation, anchor, state, 3, at('2026-11-23T01:00:00Z'));
    expect(once).toMatchObject({ steps: 1, currentIndex: 0 });
    expect(once.currentSince.toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(once.nextRotationAt.toISOString()).toBe('2026-11-23T02:00:00.000Z');
    // A worker down for 4.5 hours catches up at once.
    const late = advance(rotation, anchor, state, 3, at('2026-11-23T05:30:00Z'));
    expect(late).toMatchObject({ steps: 5, currentIndex: (2 + 5) % 3 });
    expect(late.currentSince.toISOString()).toBe('2026-11-23T05:00:00.000Z');
  });

  it('plans the current track and each next one until the horizon', () => {
    const anchor = at('2026-11-23T00:00:00Z');
    const state = { currentIndex: 0, currentSince: anchor, nextRotationAt: new Date(anchor.getTime() + 8 * HOUR) };
    const planned = plan({ kind: 'EVERY_HOURS', everyHours: 8 }, anchor, state, 2, new Date(anchor.getTime() + 24 * HOUR));
    expect(planned.map((entry) => [entry.index, entry.at.toISOString()])).toEqual([
      [0, '2026-11-23T00:00:00.000Z'],
      [1, '2026-11-23T08:00:00.000Z'],
      [0, '2026-11-23T16:00:00.000Z'],
      [1, '2026-11-24T00:00:00.000Z'],
    ]);
    expect(plan({ kind: 'DAILY', dailyAt: '20:00' }, anchor, state, 0, new Date())).toEqual([]);
  });
});
