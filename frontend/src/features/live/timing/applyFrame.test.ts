import { describe, expect, it } from '@jest/globals';
import { carChange, deltaFrame, liveCar, liveTiming, snapshotFrame, wholeCar } from '../testing/timingFixture.js';
import { applyFrame } from './applyFrame.js';

const carIds = (timing: ReturnType<typeof applyFrame>) => (timing === 'resync' ? timing : timing.cars.map((car) => car.carId));

describe('applyFrame', () => {
  it('shows a snapshot when nothing is shown yet, and a newer snapshot instead of what is shown', () => {
    const first = liveTiming();
    expect(applyFrame(null, snapshotFrame(first))).toBe(first);
    const newer = liveTiming({ version: 11, trackName: 'Spa' });
    expect(applyFrame(first, snapshotFrame(newer))).toBe(newer);
  });

  it('applies a delta: the changed fields of the changed cars, the rest of them and the other cars as they were', () => {
    const current = liveTiming();
    const lap = { laps: 6, lastLapMs: 99_500, bestLapMs: 99_500, lastLapPersonalBest: true, lastSectorsMs: [30_100, 35_200, 34_200] };
    const next = applyFrame(current, deltaFrame({ baseVersion: 10, version: 11, cars: [carChange(2, lap)] }));
    expect(next).not.toBe('resync');
    if (next === 'resync') return;
    expect(next.version).toBe(11);
    expect(carIds(next)).toEqual([1, 2, 3]);
    expect(next.cars[1]).toEqual({ ...current.cars[1], ...lap });
    expect(current.cars[1]!.laps).toBe(5);
    expect(next.cars[0]).toBe(current.cars[0]);
    expect(next.cars[2]).toBe(current.cars[2]);
    // Not in the delta: unchanged.
    expect(next.session).toBe(current.session);
    expect(next.sessionBestLapMs).toBe(99_876);
    expect(next.sessionBestCarId).toBe(2);
  });

  it('applies a delta’s new order, session and session best (a null best included)', () => {
    const current = liveTiming();
    const session = { ...current.session, flag: 'YELLOW' as const, elapsedMs: 760_000 };
    const next = applyFrame(
      current,
      deltaFrame({
        baseVersion: 10,
        version: 12,
        cars: [carChange(2, { position: 1 }), carChange(1, { position: 2 })],
        order: [2, 1, 3],
        session,
        sessionBestLapMs: null,
        sessionBestCarId: null,
      }),
    );
    if (next === 'resync') throw new Error('expected timing');
    expect(carIds(next)).toEqual([2, 1, 3]);
    expect(next.cars.map((car) => car.position)).toEqual([1, 2, 3]);
    expect(next.session).toEqual(session);
    expect(next.sessionBestLapMs).toBeNull();
    expect(next.sessionBestCarId).toBeNull();
  });

  it('adds a car that joined (last until the order says otherwise) and drops one the new order leaves out', () => {
    const newcomer = liveCar({ carId: 9, position: 4 });
    const joined = applyFrame(liveTiming(), deltaFrame({ baseVersion: 10, version: 11, cars: [wholeCar(newcomer)] }));
    expect(carIds(joined)).toEqual([1, 2, 3, 9]);
    if (joined !== 'resync') expect(joined.cars[3]).toEqual(newcomer);
    const left = applyFrame(liveTiming(), deltaFrame({ baseVersion: 10, version: 11, cars: [], order: [1, 3] }));
    expect(carIds(left)).toEqual([1, 3]);
  });

  it('applies a delta built on an older version than the one shown: it carries all that changed since', () => {
    const next = applyFrame(liveTiming({ version: 10 }), deltaFrame({ baseVersion: 8, version: 11, cars: [carChange(3, { laps: 5 })] }));
    if (next === 'resync') throw new Error('expected timing');
    expect(next.version).toBe(11);
    expect(next.cars[2]!.laps).toBe(5);
  });

  it('ignores a frame not newer than what is shown: snapshot or delta', () => {
    const current = liveTiming({ version: 10 });
    expect(applyFrame(current, snapshotFrame(liveTiming({ version: 10, trackName: 'Old' })))).toBe(current);
    expect(applyFrame(current, snapshotFrame(liveTiming({ version: 9 })))).toBe(current);
    expect(applyFrame(current, deltaFrame({ baseVersion: 9, version: 10, cars: [carChange(1, { laps: 99 })] }))).toBe(current);
    expect(applyFrame(current, deltaFrame({ baseVersion: 4, version: 8, cars: [carChange(1, { laps: 99 })], order: [3, 2, 1] }))).toBe(current);
  });

  it('asks for a resync on a gap (a delta built on a version it never saw) or a delta before any snapshot', () => {
    expect(applyFrame(liveTiming({ version: 10 }), deltaFrame({ baseVersion: 11, version: 12, cars: [] }))).toBe('resync');
    expect(applyFrame(null, deltaFrame({ baseVersion: 1, version: 2, cars: [] }))).toBe('resync');
  });

  it('asks for a resync when a delta changes only some fields of a car it does not show (it must have missed the car)', () => {
    expect(applyFrame(liveTiming(), deltaFrame({ baseVersion: 10, version: 11, cars: [carChange(9, { laps: 3 })], order: [1, 2, 3, 9] }))).toBe('resync');
  });
});
