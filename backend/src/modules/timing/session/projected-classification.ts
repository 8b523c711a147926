import type { ScoredLine } from '../../competitions/index.js';
import { orderedCars, sessionBest } from './live-timing-view.js';
import type { TimingSession } from './timing-session.js';

/**
 * The race's classification were it to end now, for the standings projection: the cars in the live order
 * (the tower's), each scored as a finisher but a car that left with laps done (retired) or without (not
 * started); the fastest lap on the session best's car. The car's first driver is the line's, the others its
 * co-drivers (a driver matched to no profile is a guest). Null outside a race or before it has a car.
 */
export function projectedClassification(session: TimingSession): ScoredLine[] | null {
  const state = session.state();
  if (state.session.kind !== 'RACE' || state.session.phase === 'PRE') return null;
  const cars = orderedCars(state);
  if (cars.length === 0) return null;
  const fastest = sessionBest(cars, state.sessionBestCarId).carId;
  return cars.map((car, index): ScoredLine => {
    const [driver, ...others] = car.drivers;
    return {
      profileId: driver?.profileId ?? null,
      coDrivers: others.map((other) => ({ profileId: other.profileId, drivingTimeMs: null })),
      teamId: null,
      position: index + 1,
      status: car.finished || car.connected ? 'FINISHED' : car.laps === 0 ? 'DNS' : 'DNF',
      laps: car.laps,
      pole: false,
      fastestLap: car.carId === fastest,
    };
  });
}
