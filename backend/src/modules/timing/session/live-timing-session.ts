import { LIVE_CAR_FIELDS, type LiveCar, type LiveCarChange, type LiveIncident, type LiveTiming, type LiveTimingFrame, type TimingGame } from '../../../contracts/timing.js';
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

/** Whether a car's field (by its index in LIVE_CAR_FIELDS) differs between two views of the car. */
function fieldChanged(a: LiveCar, b: LiveCar, index: number): boolean {
  const field = LIVE_CAR_FIELDS[index];
  return field === 'lastSectorsMs' ? !sameList(a.lastSectorsMs, b.lastSectorsMs) : a[field] !== b[field];
}

/** The car's fields that changed after `since` (every field for a car new since then), for a delta. */
function carChange(car: LiveCar, fieldsChangedAt: readonly number[] | undefined, since: number): LiveCarChange {
  const change: LiveCarChange = [car.carId];
  LIVE_CAR_FIELDS.forEach((field, index) => {
    if ((fieldsChangedAt?.[index] ?? Infinity) <= since) return;
    const value = car[field];
    change.push(index, Array.isArray(value) ? [...value] : value);
  });
  return change;
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
 *
 * Each field of each shown car also carries its version (`fieldsChangedAt`, in memory only: a restored
 * session starts every field at its car's version, which sends at most a little more), so a delta carries
 * only the fields that changed: a lap completed is a few numbers, not the whole line.
 */
class LiveTimingSession implements TimingSession {
  /** What viewers were last shown. */
  private shown: LiveTiming;
  /** Car id → the version each of its fields (by index in LIVE_CAR_FIELDS) last changed at. */
  private readonly fieldsChangedAt = new Map<number, number[]>();

  constructor(
    private readonly current: TimingSessionState,
    private readonly resolveDriver: ResolveDriver,
  ) {
    this.shown = viewOf(current);
    for (const car of this.shown.cars)
      this.fieldsChangedAt.set(
        car.carId,
        LIVE_CAR_FIELDS.map(() => current.changedAt.cars[car.carId] ?? 0),
      );
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
      const carBefore = carsBefore.get(car.carId);
      // A car new to the view (first shown, or shown again) changed in every field: a viewer may not have it.
      const fields = (carBefore && this.fieldsChangedAt.get(car.carId)) || LIVE_CAR_FIELDS.map(() => version);
      let carChanged = !carBefore;
      if (carBefore) {
        for (let index = 0; index < fields.length; index++) {
          if (!fieldChanged(carBefore, car, index)) continue;
          fields[index] = version;
          carChanged = true;
        }
      }
      this.fieldsChangedAt.set(car.carId, fields);
      if (carChanged) {
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
    const cars = shown.cars.filter((car) => (changedAt.cars[car.carId] ?? 0) > version).map((car) => carChange(car, this.fieldsChangedAt.get(car.carId), version));
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
