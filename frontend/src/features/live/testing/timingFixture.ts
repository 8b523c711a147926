import { LIVE_CAR_FIELDS, type LiveCar, type LiveCarChange, type LiveTiming, type LiveTimingFrame } from '@paddock/contracts/timing.js';

/** A car on track, lapping; override what the test is about. */
export function liveCar(overrides: Partial<LiveCar> & Pick<LiveCar, 'carId'>): LiveCar {
  return {
    position: overrides.carId,
    raceNumber: overrides.carId * 10 + 1,
    driverName: `Driver ${overrides.carId}`,
    profileId: null,
    carModel: 'Porsche 911 GT3 R',
    laps: 5,
    gapMs: null,
    lapsDown: 0,
    intervalMs: null,
    lastLapMs: 101_234,
    bestLapMs: 100_500,
    lastSectorsMs: [],
    lastLapPersonalBest: false,
    location: 'TRACK',
    connected: true,
    ...overrides,
  };
}

/** Race 7 at version 10: three cars, the leader with a profile, the third a lap down and in the pits. */
export function liveTiming(overrides: Partial<LiveTiming> = {}): LiveTiming {
  return {
    raceId: 7,
    version: 10,
    game: 'ACC',
    trackName: 'Monza',
    session: { kind: 'RACE', phase: 'RUNNING', flag: 'GREEN', elapsedMs: 754_000, remainingMs: 1_046_000, totalLaps: null },
    sessionBestLapMs: 99_876,
    sessionBestCarId: 2,
    cars: [
      liveCar({ carId: 1, position: 1, driverName: 'Ada Leader', profileId: 42, raceNumber: 7, lastLapMs: 100_321, bestLapMs: 100_100, lastLapPersonalBest: true }),
      liveCar({ carId: 2, position: 2, driverName: 'Ben Second', raceNumber: 22, gapMs: 1_234, intervalMs: 1_234, bestLapMs: 99_876 }),
      liveCar({ carId: 3, position: 3, driverName: 'Cleo Guest', raceNumber: 33, laps: 4, gapMs: null, lapsDown: 1, intervalMs: 35_000, location: 'PIT' }),
    ],
    ...overrides,
  };
}

export const snapshotFrame = (timing: LiveTiming = liveTiming()): LiveTimingFrame => ({ kind: 'snapshot', timing });

export const deltaFrame = (frame: Omit<Extract<LiveTimingFrame, { kind: 'delta' }>, 'kind' | 'raceId'> & { raceId?: number }): LiveTimingFrame => ({
  kind: 'delta',
  raceId: 7,
  ...frame,
});

/** A delta's change of car `carId`: only the `fields` given, as the server sends what changed. */
export function carChange(carId: number, fields: Partial<Omit<LiveCar, 'carId'>>): LiveCarChange {
  const change: LiveCarChange = [carId];
  LIVE_CAR_FIELDS.forEach((field, index) => {
    if (field in fields) change.push(index, fields[field]!);
  });
  return change;
}

/** A delta's change of a car the viewer may not have: every field. */
export const wholeCar = ({ carId, ...fields }: LiveCar): LiveCarChange => carChange(carId, fields);
