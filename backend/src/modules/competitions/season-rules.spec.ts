import { describe, expect, it } from '@jest/globals';
import { currentSeasonOf, scoredSessionOf } from './season-rules.js';

const now = new Date('2026-06-01T12:00:00Z');
const season = (id: number, firstRound: string | null) => ({ id, firstRound: firstRound ? new Date(firstRound) : null });

describe('the current season of a competition', () => {
  it('is the season that started last, not one still to come', () => {
    const seasons = [season(1, '2026-01-10T19:00:00Z'), season(2, '2026-04-10T19:00:00Z'), season(3, '2026-09-01T19:00:00Z')];
    expect(currentSeasonOf(seasons, now)?.id).toBe(2);
  });

  it('is the next to start when none has started', () => {
    expect(currentSeasonOf([season(1, '2026-09-01T19:00:00Z'), season(2, '2026-07-01T19:00:00Z')], now)?.id).toBe(2);
  });

  it('is the newest when no season has rounds, and none without seasons', () => {
    expect(currentSeasonOf([season(4, null), season(7, null)], now)?.id).toBe(7);
    expect(currentSeasonOf([], now)).toBeNull();
  });

  it('prefers a season with rounds to a newer one without', () => {
    expect(currentSeasonOf([season(1, '2026-01-10T19:00:00Z'), season(2, null)], now)?.id).toBe(1);
  });
});

describe('which points table a race uses', () => {
  it('scores sprints by the sprint table, races, features and endurance races by the race table, practice not at all', () => {
    expect(scoredSessionOf('SPRINT')).toBe('SPRINT');
    expect(['RACE', 'FEATURE', 'ENDURANCE'].map((type) => scoredSessionOf(type as 'RACE'))).toEqual(['RACE', 'RACE', 'RACE']);
    expect(scoredSessionOf('PRACTICE')).toBeNull();
  });
});
