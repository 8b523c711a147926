// Fixtures hand-written from Kunos' ACC broadcasting SDK layout (ksBroadcastingNetwork/BroadcastingNetworkProtocol.cs, BroadcastingEnums.cs).
import { describe, expect, it } from '@jest/globals';
import { decodeAccBroadcastingPacket, decodeAccBroadcastingRequest } from './decode.js';
import { encodeAccBroadcastingMessage, encodeAccBroadcastingRequest } from './encode.js';
import type { AccLap, AccRequest, AccServerMessage } from './messages.js';
import { seededRandom } from '../../../../common/seeded-random.js';

const lap = (overrides: Partial<AccLap> = {}): AccLap => ({
  lapTimeMs: 95123,
  carIndex: 5,
  driverIndex: 0,
  splitsMs: [30000, 35000, 30123],
  isInvalid: false,
  isValidForBest: true,
  isOutLap: false,
  isInLap: false,
  ...overrides,
});

const lapNotRunYet = lap({ lapTimeMs: null, splitsMs: [12000, null, null], isValidForBest: false });

const serverMessages: AccServerMessage[] = [
  { kind: 'registrationResult', connectionId: 42, success: true, readOnly: false, errorMessage: '' },
  { kind: 'registrationResult', connectionId: -1, success: false, readOnly: true, errorMessage: 'Wrong password' },
  {
    kind: 'realtimeUpdate',
    eventIndex: 1,
    sessionIndex: 2,
    sessionType: 'race',
    phase: 'session',
    sessionTimeMs: 612345.5,
    sessionEndTimeMs: 1187654.5,
    focusedCarIndex: 5,
    activeCameraSet: 'set1',
    activeCamera: 'CameraPit1',
    currentHudPage: 'Broadcasting',
    replay: null,
    timeOfDayMs: 50400000,
    ambientTempC: 24,
    trackTempC: 31,
    clouds: 0.3,
    rainLevel: 0,
    wetness: 0.1,
    bestSessionLap: lap(),
  },
  {
    kind: 'realtimeUpdate',
    eventIndex: 0,
    sessionIndex: 0,
    sessionType: 'qualifying',
    phase: 'preSession',
    sessionTimeMs: 0,
    sessionEndTimeMs: 600000,
    focusedCarIndex: -1,
    activeCameraSet: 'Helicam',
    activeCamera: 'Helicam',
    currentHudPage: 'Blank',
    replay: { sessionTimeMs: 1024.5, remainingTimeMs: 9000 },
    timeOfDayMs: 36000000,
    ambientTempC: 12,
    trackTempC: 15,
    clouds: 1,
    rainLevel: 0.7,
    wetness: 0.9,
    bestSessionLap: lapNotRunYet,
  },
  {
    kind: 'realtimeCarUpdate',
    carIndex: 5,
    driverIndex: 1,
    driverCount: 2,
    gear: -1,
    worldPosX: 100.5,
    worldPosY: -20.25,
    yaw: 1.5,
    location: 'pitEntry',
    speedKmh: 80,
    position: 3,
    cupPosition: 2,
    trackPosition: 4,
    splinePosition: 0.25,
    laps: 12,
    deltaMs: -350,
    bestSessionLap: lap(),
    lastLap: lap({ lapTimeMs: 97000, isInvalid: true, isValidForBest: false, isInLap: true }),
    currentLap: lapNotRunYet,
  },
  { kind: 'entryList', connectionId: 42, carIndexes: [1, 5, 1001] },
  { kind: 'entryList', connectionId: 42, carIndexes: [] },
  {
    kind: 'entryListCar',
    carIndex: 5,
    carModelType: 20,
    teamName: 'Équipe Zürich',
    raceNumber: 911,
    cupCategory: 'proAm',
    currentDriverIndex: 1,
    nationality: 7,
    drivers: [
      { firstName: 'Ana', lastName: 'Sousa', shortName: 'SOU', category: 'gold', nationality: 35 },
      { firstName: 'Jörg', lastName: 'Müller', shortName: 'MUL', category: 'bronze', nationality: 2 },
    ],
  },
  {
    kind: 'trackData',
    connectionId: 42,
    trackName: 'Monza Circuit',
    trackId: 20,
    trackMeters: 5793,
    cameraSets: [
      { name: 'set1', cameras: ['CameraPit1', 'Camera1'] },
      { name: 'Helicam', cameras: [] },
    ],
    hudPages: ['Blank', 'Basic HUD', 'Broadcasting'],
  },
  { kind: 'broadcastingEvent', eventType: 'accident', message: 'Crash', timeMs: 123456, carIndex: 12 },
  { kind: 'broadcastingEvent', eventType: 'bestSessionLap', message: '1:35.123', timeMs: 700000, carIndex: 5 },
  { kind: 'broadcastingEvent', eventType: 'penalty', message: 'Drive through: cutting', timeMs: 800000, carIndex: 3 },
  { kind: 'broadcastingEvent', eventType: 'sessionOver', message: '', timeMs: 3600000, carIndex: 0 },
];

const requests: AccRequest[] = [
  { kind: 'register', displayName: 'Paddock', connectionPassword: 'asd', updateIntervalMs: 250, commandPassword: '' },
  { kind: 'requestEntryList', connectionId: 42 },
  { kind: 'requestTrackData', connectionId: 42 },
  { kind: 'unregister', connectionId: 42 },
];

/** Hex with spaces and comments, as written below from the SDK's layout, to bytes. */
const bytes = (hex: string): Buffer => Buffer.from(hex.replace(/#.*$/gm, '').replace(/\s+/g, ''), 'hex');

describe('the ACC broadcasting decoder', () => {
  it('covers every message type the game sends and every request we send', () => {
    expect(new Set(serverMessages.map((message) => message.kind))).toEqual(
      new Set(['registrationResult', 'realtimeUpdate', 'realtimeCarUpdate', 'entryList', 'entryListCar', 'trackData', 'broadcastingEvent']),
    );
    expect(new Set(requests.map((request) => request.kind))).toEqual(new Set(['register', 'requestEntryList', 'requestTrackData', 'unregister']));
  });

  it.each(serverMessages.map((message) => [message.kind, message] as const))('round-trips %s', (_kind, message) => {
    expect(decodeAccBroadcastingPacket(encodeAccBroadcastingMessage(message))).toEqual(message);
  });

  it.each(requests.map((request) => [request.kind, request] as const))('round-trips our %s request', (_kind, request) => {
    expect(decodeAccBroadcastingRequest(encodeAccBroadcastingRequest(request))).toEqual(request);
  });

  it('reads a registration result whose "writable" byte is 0 as read-only', () => {
    const packet = bytes(`
      01            # REGISTRATION_RESULT
      2a 00 00 00   # connection id 42
      01            # success
      00            # writable: no
      00 00         # error message: empty`);
    expect(decodeAccBroadcastingPacket(packet)).toEqual({ kind: 'registrationResult', connectionId: 42, success: true, readOnly: true, errorMessage: '' });
  });

  it('reads a hand-built accident event', () => {
    const packet = bytes(`
      07                  # BROADCASTING_EVENT
      04                  # Accident
      05 00 43 72 61 73 68  # "Crash"
      40 e2 01 00         # 123456 ms
      0c 00 00 00         # car 12`);
    expect(decodeAccBroadcastingPacket(packet)).toEqual({ kind: 'broadcastingEvent', eventType: 'accident', message: 'Crash', timeMs: 123456, carIndex: 12 });
  });

  it('reads a hand-built realtime car update with its laps, splits and "no time" sentinels', () => {
    const packet = bytes(`
      03                   # REALTIME_CAR_UPDATE
      05 00  00 00  01     # car 5, driver 0, one driver
      05                   # gear byte 5: third
      00 00 c9 42          # x 100.5
      00 00 a2 c1          # y -20.25
      00 00 c0 3f          # yaw 1.5
      02                   # pit lane
      50 00                # 80 km/h
      03 00  02 00  04 00  # position 3, cup position 2, track position 4
      00 00 80 3e          # spline 0.25
      0c 00                # 12 laps
      a2 fe ff ff          # delta -350 ms
      # best session lap: 95123 ms, car 5, driver 0, three splits, valid
      93 73 01 00  05 00  00 00  03  30 75 00 00  b8 88 00 00  ab 75 00 00  00 01 00 00
      # last lap: 97000 ms, invalid, an in lap
      e8 7a 01 00  05 00  00 00  03  18 79 00 00  a0 8c 00 00  30 75 00 00  01 00 00 01
      # current lap: no time yet, one split so far
      ff ff ff 7f  05 00  00 00  01  e0 2e 00 00  00 00 01 00`);
    expect(decodeAccBroadcastingPacket(packet)).toEqual({
      kind: 'realtimeCarUpdate',
      carIndex: 5,
      driverIndex: 0,
      driverCount: 1,
      gear: 3,
      worldPosX: 100.5,
      worldPosY: -20.25,
      yaw: 1.5,
      location: 'pitlane',
      speedKmh: 80,
      position: 3,
      cupPosition: 2,
      trackPosition: 4,
      splinePosition: 0.25,
      laps: 12,
      deltaMs: -350,
      bestSessionLap: lap(),
      lastLap: lap({ lapTimeMs: 97000, splitsMs: [31000, 36000, 30000], isInvalid: true, isValidForBest: false, isInLap: true }),
      currentLap: lap({ lapTimeMs: null, splitsMs: [12000], isValidForBest: false, isOutLap: true }),
    });
  });

  it('builds our registration as the SDK does: version 4, name, password, interval, command password', () => {
    const request = encodeAccBroadcastingRequest({ kind: 'register', displayName: 'Pd', connectionPassword: 'asd', updateIntervalMs: 250, commandPassword: '' });
    expect(request).toEqual(bytes('01 04  02 00 50 64  03 00 61 73 64  fa 00 00 00  00 00'));
  });

  it.each(serverMessages.slice(2, 10).map((message) => [message.kind, message] as const))('finds every truncation of %s malformed', (_kind, message) => {
    const packet = encodeAccBroadcastingMessage(message);
    for (let length = 0; length < packet.length; length++) {
      expect(decodeAccBroadcastingPacket(packet.subarray(0, length))).toEqual({ kind: 'malformed', reason: expect.any(String) });
    }
  });

  it('finds every truncation of our registration malformed', () => {
    const packet = encodeAccBroadcastingRequest(requests[0]!);
    for (let length = 0; length < packet.length; length++) {
      expect(decodeAccBroadcastingRequest(packet.subarray(0, length)).kind).toBe('malformed');
    }
  });

  it('finds a packet with bytes past its end malformed', () => {
    for (const message of serverMessages) {
      const packet = Buffer.concat([encodeAccBroadcastingMessage(message), Buffer.from([0])]);
      expect(decodeAccBroadcastingPacket(packet)).toEqual({ kind: 'malformed', reason: '1 bytes past the end of the message' });
    }
  });

  it('finds a string longer than its packet, an enum value the SDK does not define and a foreign protocol version malformed', () => {
    expect(decodeAccBroadcastingPacket(bytes('07 04 ff 00 43'))).toMatchObject({ kind: 'malformed' });
    expect(decodeAccBroadcastingPacket(bytes('07 09 00 00 00 00 00 00 00 00 00 00'))).toEqual({ kind: 'malformed', reason: 'unknown broadcasting event type 9' });
    const register = encodeAccBroadcastingRequest(requests[0]!);
    register[1] = 3;
    expect(decodeAccBroadcastingRequest(register)).toEqual({ kind: 'malformed', reason: 'unsupported protocol version 3' });
  });

  it('names an unknown message type without reading it', () => {
    expect(decodeAccBroadcastingPacket(bytes('63 01 02 03'))).toEqual({ kind: 'unknown', type: 0x63 });
    expect(decodeAccBroadcastingRequest(bytes('31 00 00 00 00'))).toEqual({ kind: 'unknown', type: 49 });
  });

  it('never throws on random or mutated datagrams', () => {
    const random = seededRandom(26);
    const encoded = serverMessages.map(encodeAccBroadcastingMessage);
    const kinds = new Set<string>();
    for (let round = 0; round < 10000; round++) {
      let packet: Buffer;
      if (round % 2 === 0) {
        packet = Buffer.from(Array.from({ length: Math.floor(random() * 160) }, () => Math.floor(random() * 256)));
        // Most random datagrams should start with a known type, or the fuzz only exercises the type lookup.
        if (packet.length > 0 && random() < 0.9) packet[0] = 1 + Math.floor(random() * 7);
      } else {
        packet = Buffer.from(encoded[Math.floor(random() * encoded.length)]!);
        for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips--) packet[Math.floor(random() * packet.length)] = Math.floor(random() * 256);
      }
      const decoded = decodeAccBroadcastingPacket(packet);
      kinds.add(decoded.kind);
      decodeAccBroadcastingRequest(packet);
    }
    expect(kinds).toContain('malformed');
  });
});
