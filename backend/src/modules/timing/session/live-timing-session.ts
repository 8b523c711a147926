import type { LiveCar, LiveIncident, LiveTiming, LiveTimingFrame, TimingGame } from '../../../contracts/timing.js';
import { applyAcMessage } from './ac-session.js';
import { applyAccMessage } from './acc-session.js';
import { viewOf } from './live-timing-view.js';
import { emptyState, TIMING_STATE_FORMAT, type TimingSessionState } from './session-state.js';
import type { ResolveDriver, TimingMessage, TimingSession } from './timing-session.js';

export interface TimingSessionOptions {
  raceId: number;
  game: TimingGame;
  resolveDriver: ResolveDriver;
}

export function createTimingSession({ raceId, game, resolveDriver }: TimingSessionOptions): TimingSession {
  return new LiveTimingSession(emptyState(raceId, game), resolveDriver);
}

/**
 * A session as `state()` saved it, continuing with the same version, laps and incident numbers. Drivers are
 * matched again with `resolveDriver` (the race's entrants may have changed). Null for a state of another format.
 */
export function restoreTimingSession(state: TimingSessionState, resolveDriver: ResolveDriver): TimingSession | null {
  if (state.format !== TIMING_STATE_FORMAT) return null;
  const copy = structuredClone(state);
  for (const car of copy.cars) for (const driver of car.drivers) driver.profileId = resolveDriver(driver.name, driver.platformId);
  return new LiveTimingSession(copy, resolveDriver);
}

const sameList = <T>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((item, index) => item === b[index]);

/** Every field but the sectors (a list): a record, so that a field LiveCar gains and this forgets does not compile. */
const COMPARED_CAR_FIELDS: Record<Exclude<keyof LiveCar, 'lastSectorsMs'>, true> = {
  carId: true,
  position: true,
  raceNumber: true,
  driverName: true,
  profileId: true,
  carModel: true,
  laps: true,
  gapMs: true,
  lapsDown: true,
  intervalMs: true,
  lastLapMs: true,
  bestLapMs: true,
  lastLapPersonalBest: true,
  location: true,
  connected: true,
};
const CAR_FIELDS = Object.keys(COMPARED_CAR_FIELDS) as (keyof typeof COMPARED_CAR_FIELDS)[];

function sameCar(a: LiveCar | undefined, b: LiveCar): boolean {
  return a !== undefined && CAR_FIELDS.every((field) => a[field] === b[field]) && sameList(a.lastSectorsMs, b.lastSectorsMs);
}

const COMPARED_SESSION_FIELDS: Record<keyof LiveTiming['session'], true> = { kind: true, phase: true, flag: true, elapsedMs: true, remainingMs: true, totalLaps: true };
const SESSION_FIELDS = Object.keys(COMPARED_SESSION_FIELDS) as (keyof LiveTiming['session'])[];

function sameSession(a: LiveTiming['session'], b: LiveTiming['session']): boolean {
  return SESSION_FIELDS.every((field) => a[field] === b[field]);
}

/**
 * No history of frames is kept: each car, the order, the session, the session best and the track carry the
 * version they last changed at (`changedAt`), so the memory is bounded by the grid, and a delta can be built
 * from any version this session has had. A snapshot is answered for a version it never had (negative, or
 * newer than its own: another worker's), and when the track changed since (deltas do not carry it).
 */
class LiveTimingSession implements TimingSession {
  /** What viewers were last shown. */
  private shown: LiveTiming;

  constructor(
    private readonly current: TimingSessionState,
    private readonly resolveDriver: ResolveDriver,
  ) {
    this.shown = viewOf(current);
  }

  get raceId(): number {
    return this.current.raceId;
  }

  get game(): TimingGame {
    return this.current.game;
  }

  get version(): number {
    return this.current.version;
  }

  get entryListWanted(): boolean {
    return this.current.entryListWanted;
  }

  apply(message: TimingMessage, receivedAtMs: number): boolean {
    if (message.game !== this.current.game || !Number.isFinite(receivedAtMs)) return false;
    // The appliers check a message before they change anything; what changed is found by comparing what is shown.
    try {
      if (message.game === 'ACC') applyAccMessage(this.current, message.message, receivedAtMs, this.resolveDriver);
      else applyAcMessage(this.current, message.message, receivedAtMs, this.resolveDriver);
    } catch {
      // A shape the decoders never make: whatever it changed before failing is published like any change.
    }
    return this.publish();
  }

  /** Compares the new view with what was shown and stamps what changed with a new version. */
  private publish(): boolean {
    const state = this.current;
    const view = viewOf(state);
    const before = this.shown;
    const version = state.version + 1;
    let changed = false;
    const stamp = (part: 'order' | 'session' | 'sessionBest' | 'track') => {
      state.changedAt[part] = version;
      changed = true;
    };
    const carsBefore = new Map(before.cars.map((car) => [car.carId, car]));
    for (const car of view.cars) {
      if (!sameCar(carsBefore.get(car.carId), car)) {
        state.changedAt.cars[car.carId] = version;
        changed = true;
      }
    }
    const orderBefore = before.cars.map((car) => car.carId);
    if (
      !sameList(
        orderBefore,
        view.cars.map((car) => car.carId),
      )
    )
      stamp('order');
    if (!sameSession(before.session, view.session)) stamp('session');
    if (before.sessionBestLapMs !== view.sessionBestLapMs || before.sessionBestCarId !== view.sessionBestCarId) stamp('sessionBest');
    if (before.trackName !== view.trackName) stamp('track');
    state.sessionBestCarId = view.sessionBestCarId;
    if (!changed) return false;
    state.version = version;
    this.shown = { ...view, version };
    return true;
  }

  snapshot(): LiveTiming {
    return structuredClone(this.shown);
  }

  frameSince(version: number): LiveTimingFrame {
    const { changedAt } = this.current;
    const now = this.current.version;
    if (!Number.isInteger(version) || version < 0 || version > now || changedAt.track > version) return { kind: 'snapshot', timing: this.snapshot() };
    const shown = this.shown;
    const cars: LiveCar[] = shown.cars.filter((car) => (changedAt.cars[car.carId] ?? 0) > version).map((car) => ({ ...car, lastSectorsMs: [...car.lastSectorsMs] }));
    return {
      kind: 'delta',
      raceId: shown.raceId,
      baseVersion: version,
      version: now,
      ...(changedAt.session > version ? { session: { ...shown.session } } : {}),
      ...(changedAt.sessionBest > version ? { sessionBestLapMs: shown.sessionBestLapMs, sessionBestCarId: shown.sessionBestCarId } : {}),
      cars,
      ...(changedAt.order > version ? { order: shown.cars.map((car) => car.carId) } : {}),
    };
  }

  takeIncidents(): LiveIncident[] {
    const taken = this.current.pendingIncidents;
    this.current.pendingIncidents = [];
    return taken;
  }

  state(): TimingSessionState {
    return structuredClone(this.current);
  }
}
