import { describe, expect, it } from '@jest/globals';
import { liveCar, liveTiming } from '../testing/timingFixture.js';
import { lapEvents } from './ticker.js';

describe('lapEvents', () => {
  it('lists the laps completed since the previous timing, a new session best first', () => {
    const before = liveTiming();
    const after = liveTiming({
      version: 11,
      sessionBestLapMs: 99_500,
      sessionBestCarId: 2,
      cars: [
        liveCar({ carId: 1, position: 1, driverName: 'Ada Leader', laps: 6, lastLapMs: 100_400 }),
        liveCar({ carId: 2, position: 2, driverName: 'Ben Second', raceNumber: 22, laps: 6, lastLapMs: 99_500, lastLapPersonalBest: true }),
        before.cars[2]!,
      ],
    });
    expect(lapEvents(before, after)).toEqual([
      { id: '2:6:fastest', kind: 'fastest', carId: 2, driverName: 'Ben Second', raceNumber: 22, lap: 6, lapMs: 99_500, personalBest: true },
      { id: '1:6:lap', kind: 'lap', carId: 1, driverName: 'Ada Leader', raceNumber: 11, lap: 6, lapMs: 100_400, personalBest: false },
    ]);
  });

  it('lists nothing without a previous timing of the same race, or when no lap was completed', () => {
    expect(lapEvents(null, liveTiming())).toEqual([]);
    expect(lapEvents(liveTiming({ raceId: 8 }), liveTiming({ version: 11 }))).toEqual([]);
    expect(lapEvents(liveTiming(), liveTiming({ version: 11 }))).toEqual([]);
  });
});
