// Helpers for the session specs: packets go through the protocols' encoders and decoders, as from a game server.
import { expect } from '@jest/globals';
import { applyCarChange, type LiveCar, type LiveTiming, type LiveTimingFrame } from '../../../contracts/timing.js';
import { decodeAcServerPluginPacket } from '../protocols/ac-server-plugin/decode.js';
import { encodeAcServerPluginMessage } from '../protocols/ac-server-plugin/encode.js';
import type { AcServerMessage } from '../protocols/ac-server-plugin/messages.js';
import { decodeAccBroadcastingPacket } from '../protocols/acc-broadcasting/decode.js';
import { encodeAccBroadcastingMessage } from '../protocols/acc-broadcasting/encode.js';
import type { AccLap, AccServerMessage } from '../protocols/acc-broadcasting/messages.js';
import type { ResolveDriver, TimingMessage } from './timing-session.js';

export function accPacket(message: AccServerMessage): TimingMessage {
  const decoded = decodeAccBroadcastingPacket(encodeAccBroadcastingMessage(message));
  if (decoded.kind === 'malformed' || decoded.kind === 'unknown') throw new Error(`ACC packet did not decode: ${JSON.stringify(decoded)}`);
  return { game: 'ACC', message: decoded };
}

export function acPacket(message: AcServerMessage): TimingMessage {
  const decoded = decodeAcServerPluginPacket(encodeAcServerPluginMessage(message));
  if (decoded.kind === 'malformed' || decoded.kind === 'unknown') throw new Error(`AC packet did not decode: ${JSON.stringify(decoded)}`);
  return { game: 'AC', message: decoded };
}

export function accLap(overrides: Partial<AccLap> = {}): AccLap {
  return {
    lapTimeMs: null,
    carIndex: 0,
    driverIndex: 0,
    splitsMs: [],
    isInvalid: false,
    isValidForBest: true,
    isOutLap: false,
    isInLap: false,
    ...overrides,
  };
}

/** The league's entrants by name: a guest is anyone else. */
export const entrants =
  (profiles: Record<string, number>): ResolveDriver =>
  (name) =>
    profiles[name] ?? null;

/**
 * What a browser does with a frame: the shown timing after it. `shown` is at the delta's base version, or
 * newer (`newerThanBase`: a delta carries everything that changed since its base, so it still applies).
 */
export function applyFrame(shown: LiveTiming, frame: LiveTimingFrame, { newerThanBase = false } = {}): LiveTiming {
  if (frame.kind === 'snapshot') return frame.timing;
  if (newerThanBase) expect(frame.baseVersion).toBeLessThanOrEqual(shown.version);
  else expect(frame.baseVersion).toBe(shown.version);
  const cars = new Map(shown.cars.map((car) => [car.carId, car]));
  for (const change of frame.cars) {
    const car: LiveCar | null = applyCarChange(cars.get(change[0]), change);
    expect(car).not.toBeNull();
    cars.set(change[0], car!);
  }
  const order = frame.order ?? shown.cars.map((car) => car.carId);
  return {
    ...shown,
    version: frame.version,
    session: frame.session ?? shown.session,
    sessionBestLapMs: frame.sessionBestLapMs !== undefined ? frame.sessionBestLapMs : shown.sessionBestLapMs,
    sessionBestCarId: frame.sessionBestCarId !== undefined ? frame.sessionBestCarId : shown.sessionBestCarId,
    cars: order.map((carId) => cars.get(carId)!),
  };
}
