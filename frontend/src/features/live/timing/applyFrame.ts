import { applyCarChange, type LiveCar, type LiveTiming, type LiveTimingFrame } from '@paddock/contracts/timing.js';

/** The race a frame is about. */
export const raceOfFrame = (frame: LiveTimingFrame): number => (frame.kind === 'snapshot' ? frame.timing.raceId : frame.raceId);

/** The cars in `order` (car ids); a car the order leaves out has left the session. */
function inOrder(cars: Map<number, LiveCar>, order: number[]): LiveCar[] {
  return order.flatMap((carId) => {
    const car = cars.get(carId);
    return car ? [car] : [];
  });
}

/**
 * The timing to show after `frame` arrives, given what is shown (`current`, null before the first snapshot):
 * - a snapshot replaces it, unless it is not newer;
 * - a delta not newer than what is shown is ignored (`current` is returned as it is);
 * - a delta built on a version newer than what is shown means frames were missed: `'resync'` (ask for a
 *   snapshot again). A delta built on an older version still applies: it carries everything that changed since;
 * - a delta's car changes carry only the fields that changed; one for a car not shown (so it must carry every
 *   field) that does not is a gap too: `'resync'`.
 * Frames of another race than `current`'s are the caller's to filter out.
 */
export function applyFrame(current: LiveTiming | null, frame: LiveTimingFrame): LiveTiming | 'resync' {
  if (frame.kind === 'snapshot') return current && frame.timing.version <= current.version ? current : frame.timing;
  if (!current || frame.baseVersion > current.version) return 'resync';
  if (frame.version <= current.version) return current;

  const cars = new Map(current.cars.map((car) => [car.carId, car]));
  const joined: number[] = [];
  for (const change of frame.cars) {
    const shown = cars.get(change[0]);
    const car = applyCarChange(shown, change);
    if (!car) return 'resync';
    if (!shown) joined.push(car.carId);
    cars.set(car.carId, car);
  }
  // Without a new order the cars keep theirs; a car that joined since goes last until the order moves.
  const order = frame.order ?? [...current.cars.map((car) => car.carId), ...joined];
  return {
    ...current,
    version: frame.version,
    session: frame.session ?? current.session,
    sessionBestLapMs: frame.sessionBestLapMs === undefined ? current.sessionBestLapMs : frame.sessionBestLapMs,
    sessionBestCarId: frame.sessionBestCarId === undefined ? current.sessionBestCarId : frame.sessionBestCarId,
    cars: inOrder(cars, order),
  };
}
