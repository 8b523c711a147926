import { describe, expect, it } from '@jest/globals';
import { liveCar, liveTiming } from '../testing/timingFixture.js';
import { clock, gapToLeader, intervalToAhead, lapTime, sessionProgress, towerSummary } from './format.js';

describe('timing formats', () => {
  it('shows lap times with minutes only past a minute, and a dash for none', () => {
    expect(lapTime(100_321)).toBe('1:40.321');
    expect(lapTime(58_004)).toBe('58.004');
    expect(lapTime(3_600_000 + 5)).toBe('60:00.005');
    expect(lapTime(null)).toBe('—');
  });

  it('shows the gap: Leader for the leader, laps for a lapped car, else the time', () => {
    expect(gapToLeader(liveCar({ carId: 1, position: 1 }))).toBe('Leader');
    expect(gapToLeader(liveCar({ carId: 2, position: 2, gapMs: 1_234 }))).toBe('+1.234');
    expect(gapToLeader(liveCar({ carId: 3, position: 3, lapsDown: 1 }))).toBe('+1 lap');
    expect(gapToLeader(liveCar({ carId: 4, position: 4, lapsDown: 2 }))).toBe('+2 laps');
    expect(intervalToAhead({ intervalMs: 65_432 })).toBe('+1:05.432');
    expect(intervalToAhead({ intervalMs: null })).toBe('—');
  });

  it('shows the session clock with hours only past an hour', () => {
    expect(clock(754_000)).toBe('12:34');
    expect(clock(3_723_000)).toBe('1:02:03');
    expect(clock(-5)).toBe('0:00');
  });

  it('says where the session stands: time left, or the leader’s lap out of the total', () => {
    expect(sessionProgress(liveTiming())).toBe('17:26 left');
    const overLaps = liveTiming({ session: { ...liveTiming().session, remainingMs: null, totalLaps: 20 } });
    expect(sessionProgress(overLaps)).toBe('Lap 6 of 20');
    expect(sessionProgress(liveTiming({ session: { ...liveTiming().session, phase: 'FINISHED' } }))).toBe('Finished');
  });

  it('sums the tower up for screen readers without the running clock', () => {
    expect(towerSummary(liveTiming())).toBe('Green flag. Leader: Ada Leader');
    const overLaps = liveTiming({ session: { ...liveTiming().session, flag: 'YELLOW', remainingMs: null, totalLaps: 20 } });
    expect(towerSummary(overLaps)).toBe('Yellow flag. Lap 6 of 20. Leader: Ada Leader');
  });
});
