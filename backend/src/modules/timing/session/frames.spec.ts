// Deltas against snapshots over long random races (fixed seeds), and input the session must shrug off.
import { describe, expect, it } from '@jest/globals';
import { seededRandom } from '../../../common/seeded-random.js';
import { LIVE_CAR_FIELDS, type LiveTiming, type LiveTimingFrame } from '../../../contracts/timing.js';
import { decodeAcServerPluginPacket } from '../protocols/ac-server-plugin/decode.js';
import { encodeAcServerPluginMessage } from '../protocols/ac-server-plugin/encode.js';
import type { AcLeaderboardEntry } from '../protocols/ac-server-plugin/messages.js';
import { decodeAccBroadcastingPacket } from '../protocols/acc-broadcasting/decode.js';
import { encodeAccBroadcastingMessage } from '../protocols/acc-broadcasting/encode.js';
import type { AccCarLocation, AccSessionPhase } from '../protocols/acc-broadcasting/messages.js';
import { draftClassification } from './draft-classification.js';
import { createTimingSession } from './live-timing-session.js';
import { accLap, accPacket, acPacket, applyFrame, entrants } from './session.spec-support.js';
import type { TimingMessage } from './timing-session.js';

const EPOCH = 1_700_000_000_000;
const resolveDriver = entrants({ 'Driver 1': 11 });

function randomAcMessages(seed: number, count: number): { at: number; message: TimingMessage }[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const laps = new Map<number, number>();
  const steps: { at: number; message: TimingMessage }[] = [
    {
      at: 0,
      message: acPacket({
        kind: 'newSession',
        protocolVersion: 4,
        sessionIndex: 0,
        currentSessionIndex: 0,
        sessionCount: 1,
        serverName: 'S',
        track: 'monza',
        trackConfig: '',
        name: 'Race',
        sessionType: 'race',
        durationMinutes: 0,
        laps: 20,
        waitTimeSeconds: 0,
        ambientTempC: 20,
        roadTempC: 25,
        weatherGraphics: '',
        elapsedMs: -2_000,
      }),
    },
  ];
  let at = 0;
  for (let index = 0; index < count; index++) {
    at += Math.floor(random() * 4_000);
    const carId = Math.floor(random() * 7);
    const roll = random();
    if (roll < 0.1) {
      steps.push({
        at,
        message: acPacket({
          kind: pick(['newConnection', 'connectionClosed'] as const),
          driverName: `Driver ${carId}`,
          driverGuid: `7656119800000000${carId}`,
          carId,
          carModel: 'ks_bmw_m235i_racing',
          carSkin: '',
        }),
      });
    } else if (roll < 0.5) {
      steps.push({
        at,
        message: acPacket({
          kind: 'carUpdate',
          carId,
          position: { x: 0, y: 0, z: 0 },
          velocity: { x: 0, y: 0, z: 0 },
          gear: 3,
          engineRpm: 5000,
          normalizedSplinePosition: random(),
        }),
      });
    } else if (roll < 0.85) {
      laps.set(carId, (laps.get(carId) ?? 0) + 1);
      const leaderboard: AcLeaderboardEntry[] = [...laps]
        .sort(([, a], [, b]) => b - a)
        .map(([listed, done]) => ({ carId: listed, timeMs: 0, laps: done, hasFinished: done >= 20 }));
      steps.push({
        at,
        message: acPacket({ kind: 'lapCompleted', carId, lapTimeMs: 80_000 + Math.floor(random() * 20_000), cuts: random() < 0.2 ? 1 : 0, leaderboard, gripLevel: 1 }),
      });
    } else if (roll < 0.95) {
      const event = random() < 0.5 ? ({ event: 'collisionWithCar', otherCarId: Math.floor(random() * 7) } as const) : ({ event: 'collisionWithEnvironment' } as const);
      steps.push({
        at,
        message: acPacket({ kind: 'clientEvent', carId, impactSpeed: random() * 100, worldPosition: { x: 0, y: 0, z: 0 }, relativePosition: { x: 0, y: 0, z: 0 }, ...event }),
      });
    } else {
      steps.push({ at, message: acPacket({ kind: 'chat', carId, message: 'gg' }) });
    }
  }
  return steps;
}

function randomAccMessages(seed: number, count: number): { at: number; message: TimingMessage }[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const laps = new Map<number, number>();
  const steps: { at: number; message: TimingMessage }[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    at += Math.floor(random() * 2_000);
    const carIndex = Math.floor(random() * 6);
    const roll = random();
    if (roll < 0.1) {
      steps.push({
        at,
        message: accPacket({
          kind: 'entryListCar',
          carIndex,
          carModelType: pick([0, 30, 53, 99]),
          teamName: '',
          raceNumber: carIndex * 7,
          cupCategory: 'overall',
          currentDriverIndex: 0,
          nationality: 0,
          drivers: [{ firstName: 'Driver', lastName: String(carIndex), shortName: 'DRV', category: 'silver', nationality: 0 }],
        }),
      });
    } else if (roll < 0.25) {
      steps.push({
        at,
        message: accPacket({
          kind: 'realtimeUpdate',
          eventIndex: 0,
          sessionIndex: 1,
          sessionType: 'race',
          phase: pick<AccSessionPhase>(['session', 'session', 'session', 'formationLap', 'sessionOver']),
          sessionTimeMs: at,
          sessionEndTimeMs: Math.max(0, 3_600_000 - at),
          focusedCarIndex: 0,
          activeCameraSet: '',
          activeCamera: '',
          currentHudPage: '',
          replay: null,
          timeOfDayMs: 0,
          ambientTempC: 20,
          trackTempC: 25,
          clouds: 0,
          rainLevel: 0,
          wetness: 0,
          bestSessionLap: accLap(),
        }),
      });
    } else if (roll < 0.9) {
      if (random() < 0.2) laps.set(carIndex, (laps.get(carIndex) ?? 0) + 1);
      const last = 90_000 + Math.floor(random() * 10_000);
      steps.push({
        at,
        message: accPacket({
          kind: 'realtimeCarUpdate',
          carIndex,
          driverIndex: 0,
          driverCount: 1,
          gear: 3,
          worldPosX: 0,
          worldPosY: 0,
          yaw: 0,
          location: pick<AccCarLocation>(['track', 'track', 'pitlane', 'pitExit', 'none']),
          speedKmh: 100,
          position: 1 + Math.floor(random() * 6),
          cupPosition: 1,
          trackPosition: 1,
          splinePosition: random(),
          laps: laps.get(carIndex) ?? 0,
          deltaMs: 0,
          bestSessionLap: accLap({ lapTimeMs: last - 1_000 }),
          lastLap: accLap({ lapTimeMs: last, splitsMs: [30_000, 30_000, last - 60_000], isInvalid: random() < 0.2 }),
          currentLap: accLap({ lapTimeMs: Math.floor(random() * 5_000), isOutLap: random() < 0.1 }),
        }),
      });
    } else if (roll < 0.97) {
      steps.push({
        at,
        message: accPacket({
          kind: 'broadcastingEvent',
          eventType: pick(['accident', 'lapCompleted', 'penalty', 'bestSessionLap'] as const),
          message: '',
          timeMs: at,
          carIndex,
        }),
      });
    } else {
      steps.push({
        at,
        message: accPacket({ kind: 'trackData', connectionId: 1, trackName: pick(['Spa', 'Monza']), trackId: 1, trackMeters: 7000, cameraSets: [], hudPages: [] }),
      });
    }
  }
  return steps;
}

/** Per car id, the names of the fields a delta carries. */
function changedFields(frame: Extract<LiveTimingFrame, { kind: 'delta' }>): Record<number, string[]> {
  return Object.fromEntries(frame.cars.map(([carId, ...pairs]) => [carId, pairs.filter((_, at) => at % 2 === 0).map((index) => LIVE_CAR_FIELDS[index as number])]));
}

/** Per car id, the fields of `now`'s cars that differ from `before`'s: every field of a car `before` did not show. */
function fieldsThatDiffer(before: LiveTiming, now: LiveTiming): Record<number, string[]> {
  const carsBefore = new Map(before.cars.map((car) => [car.carId, car]));
  const differing = now.cars.map((car) => {
    const was = carsBefore.get(car.carId);
    return [car.carId, LIVE_CAR_FIELDS.filter((field) => !was || JSON.stringify(was[field]) !== JSON.stringify(car[field]))] as const;
  });
  return Object.fromEntries(differing.filter(([, fields]) => fields.length > 0));
}

describe.each([['AC', randomAcMessages] as const, ['ACC', randomAccMessages] as const])('%s frames', (game, messages) => {
  it('applied to any earlier snapshot, the frame since its version gives the current snapshot; since the last version, only the fields that changed', () => {
    const random = seededRandom(7);
    const session = createTimingSession({ raceId: 1, game, resolveDriver });
    const shown = new Map<number, LiveTiming>([[0, session.snapshot()]]);
    let deltas = 0;
    for (const step of messages(20_251_126, 600)) {
      const before = session.version;
      const changed = session.apply(step.message, EPOCH + step.at);
      expect(changed).toBe(session.version > before);
      const now = session.snapshot();
      expect(now.version).toBe(session.version);
      shown.set(now.version, now);
      const versions = [...shown.keys()];
      const latest = session.frameSince(before);
      if (latest.kind === 'delta') expect(changedFields(latest)).toEqual(fieldsThatDiffer(shown.get(before)!, now));
      for (const base of [before, versions[Math.floor(random() * versions.length)], 0]) {
        const frame = session.frameSince(base);
        if (frame.kind === 'delta') deltas++;
        expect(applyFrame(shown.get(base)!, frame)).toEqual(now);
        // A viewer already past the base (it joined between a delta's build and its arrival) ends up at the same timing.
        const newer = versions.filter((version) => version >= base)[Math.floor(random() * versions.filter((version) => version >= base).length)];
        expect(applyFrame(shown.get(newer)!, frame, { newerThanBase: true })).toEqual(now);
      }
    }
    expect(deltas).toBeGreaterThan(500);
    expect(session.snapshot().cars.length).toBeGreaterThan(2);
  });

  it('answers a snapshot for a version it never had, and an empty delta for its own', () => {
    const session = createTimingSession({ raceId: 1, game, resolveDriver });
    for (const step of messages(99, 100)) session.apply(step.message, EPOCH + step.at);
    expect(session.frameSince(session.version)).toEqual({ kind: 'delta', raceId: 1, baseVersion: session.version, version: session.version, cars: [] });
    expect(session.frameSince(session.version + 1)).toEqual({ kind: 'snapshot', timing: session.snapshot() });
    expect(session.frameSince(-1)).toEqual({ kind: 'snapshot', timing: session.snapshot() });
  });
});

describe('input the session shrugs off', () => {
  it('a lap, a collision or an update of a car it does not know, or a message of the other game, changes nothing', () => {
    const session = createTimingSession({ raceId: 1, game: 'AC', resolveDriver });
    for (const step of randomAcMessages(5, 50)) session.apply(step.message, EPOCH + step.at);
    const before = session.state();
    const at = EPOCH + 500_000;
    expect(
      session.apply(
        acPacket({ kind: 'lapCompleted', carId: 200, lapTimeMs: 90_000, cuts: 0, leaderboard: [{ carId: 200, timeMs: 0, laps: 50, hasFinished: true }], gripLevel: 1 }),
        at,
      ),
    ).toBe(false);
    expect(
      session.apply(
        acPacket({ kind: 'carUpdate', carId: 200, position: { x: 0, y: 0, z: 0 }, velocity: { x: 0, y: 0, z: 0 }, gear: 1, engineRpm: 0, normalizedSplinePosition: 0.5 }),
        at,
      ),
    ).toBe(false);
    expect(
      session.apply(
        acPacket({
          kind: 'clientEvent',
          event: 'collisionWithEnvironment',
          carId: 200,
          impactSpeed: 10,
          worldPosition: { x: 0, y: 0, z: 0 },
          relativePosition: { x: 0, y: 0, z: 0 },
        }),
        at,
      ),
    ).toBe(false);
    expect(session.apply(acPacket({ kind: 'connectionClosed', driverName: 'Nobody', driverGuid: '', carId: 200, carModel: '', carSkin: '' }), at)).toBe(false);
    expect(session.apply(accPacket({ kind: 'trackData', connectionId: 1, trackName: 'Spa', trackId: 1, trackMeters: 7000, cameraSets: [], hudPages: [] }), at)).toBe(false);
    expect(session.apply(acPacket({ kind: 'chat', carId: 1, message: 'hello' }), at)).toBe(false);
    expect(
      session.apply(
        acPacket({ kind: 'carUpdate', carId: 1, position: { x: 0, y: 0, z: 0 }, velocity: { x: 0, y: 0, z: 0 }, gear: 1, engineRpm: 0, normalizedSplinePosition: 0.5 }),
        Number.NaN,
      ),
    ).toBe(false);
    expect(session.state()).toEqual(before);
  });

  it('never throws on whatever the decoders make of corrupted packets', () => {
    const random = seededRandom(42);
    let decoded = 0;
    for (const game of ['AC', 'ACC'] as const) {
      const session = createTimingSession({ raceId: 1, game, resolveDriver });
      for (const step of (game === 'AC' ? randomAcMessages : randomAccMessages)(3, 100)) session.apply(step.message, EPOCH + step.at);
      const packets = (game === 'AC' ? randomAcMessages : randomAccMessages)(4, 1_500).map((step) => encodeAs(step.message));
      for (const [index, packet] of packets.entries()) {
        // A few bytes past the type overwritten: same length, so most still decode, to odd numbers and names.
        const bytes = Buffer.from(packet);
        for (let flips = 0; flips < 3; flips++) bytes[1 + Math.floor(random() * (bytes.length - 1))] = Math.floor(random() * 256);
        const message = decodeAs(game, bytes);
        if (!message) continue;
        decoded++;
        expect(() => session.apply(message, EPOCH + index)).not.toThrow();
        expect(() => session.frameSince(Math.floor(random() * session.version))).not.toThrow();
      }
      expect(() => JSON.stringify(session.state())).not.toThrow();
      expect(() => draftClassification(session)).not.toThrow();
    }
    expect(decoded).toBeGreaterThan(1_000);
  });
});

function decodeAs(game: 'AC' | 'ACC', bytes: Buffer): TimingMessage | null {
  if (game === 'AC') {
    const message = decodeAcServerPluginPacket(bytes);
    return message.kind === 'malformed' || message.kind === 'unknown' ? null : { game, message };
  }
  const message = decodeAccBroadcastingPacket(bytes);
  return message.kind === 'malformed' || message.kind === 'unknown' ? null : { game, message };
}

function encodeAs(message: TimingMessage): Buffer {
  return message.game === 'AC' ? encodeAcServerPluginMessage(message.message) : encodeAccBroadcastingMessage(message.message);
}
