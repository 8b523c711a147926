// Fixtures hand-written from Kunos' acServer UDP plugin example (acRemoteServerUDP_Example Program.cs) and acplugins4net's protocol-4 leaderboard rows.
import { describe, expect, it } from '@jest/globals';
import { decodeAcServerPluginPacket, decodeAcServerPluginRequest } from './decode.js';
import { encodeAcServerPluginMessage, encodeAcServerPluginRequest } from './encode.js';
import type { AcRequest, AcServerMessage, AcSessionFields } from './messages.js';
import { seededRandom } from '../../../../common/seeded-random.js';

const session: AcSessionFields = {
  protocolVersion: 4,
  sessionIndex: 2,
  currentSessionIndex: 2,
  sessionCount: 3,
  serverName: 'Paddock League 🏁 Rennen',
  track: 'ks_red_bull_ring',
  trackConfig: 'layout_gp',
  name: 'Race',
  sessionType: 'race',
  durationMinutes: 0,
  laps: 20,
  waitTimeSeconds: 60,
  ambientTempC: 26,
  roadTempC: 32,
  weatherGraphics: '3_clear',
  elapsedMs: -5000,
};

const driver = { driverName: 'Zoë Ångström', driverGuid: '76561198000000001', carId: 4, carModel: 'ks_audi_r8_lms', carSkin: 'red_01' };

const serverMessages: AcServerMessage[] = [
  { kind: 'newSession', ...session },
  { kind: 'sessionInfo', ...session, sessionIndex: 0, sessionType: 'qualifying', durationMinutes: 15, laps: 0, elapsedMs: 120000 },
  { kind: 'endSession', reportFilename: 'results/2026_11_26_21_30_RACE.json' },
  { kind: 'newConnection', ...driver },
  { kind: 'connectionClosed', ...driver },
  {
    kind: 'carInfo',
    carId: 4,
    isConnected: true,
    carModel: 'ks_audi_r8_lms',
    carSkin: 'red_01',
    driverName: 'Zoë Ångström',
    driverTeam: 'Paddock RT',
    driverGuid: '76561198000000001',
  },
  { kind: 'carInfo', carId: 9, isConnected: false, carModel: 'ks_audi_r8_lms', carSkin: '', driverName: '', driverTeam: '', driverGuid: '' },
  { kind: 'carUpdate', carId: 4, position: { x: 120.5, y: 3.25, z: -880 }, velocity: { x: 40.5, y: 0, z: -12.25 }, gear: 5, engineRpm: 7650, normalizedSplinePosition: 0.625 },
  {
    kind: 'lapCompleted',
    carId: 4,
    lapTimeMs: 91234,
    cuts: 2,
    leaderboard: [
      { carId: 1, timeMs: 90000, laps: 5, hasFinished: false },
      { carId: 4, timeMs: 91234, laps: 5, hasFinished: false },
      { carId: 9, timeMs: 0, laps: 4, hasFinished: true },
    ],
    gripLevel: 0.96875,
  },
  { kind: 'lapCompleted', carId: 1, lapTimeMs: 89500, cuts: 0, leaderboard: [], gripLevel: 1 },
  {
    kind: 'clientEvent',
    event: 'collisionWithCar',
    carId: 4,
    otherCarId: 1,
    impactSpeed: 42.5,
    worldPosition: { x: 1, y: 2, z: 3 },
    relativePosition: { x: 0.5, y: -0.5, z: 0 },
  },
  {
    kind: 'clientEvent',
    event: 'collisionWithEnvironment',
    carId: 9,
    impactSpeed: 130.25,
    worldPosition: { x: -512, y: 4, z: 77.5 },
    relativePosition: { x: 0, y: 0, z: 1.5 },
  },
  { kind: 'chat', carId: 4, message: 'gg — ¡buena carrera!' },
  { kind: 'clientLoaded', carId: 4 },
  { kind: 'version', protocolVersion: 4 },
  { kind: 'error', message: 'Car 230 not found' },
];

const requests: AcRequest[] = [
  { kind: 'realtimePositionInterval', intervalMs: 250 },
  { kind: 'getCarInfo', carId: 4 },
  { kind: 'getSessionInfo', sessionIndex: -1 },
  { kind: 'getSessionInfo', sessionIndex: 2 },
  { kind: 'sendChat', carId: 4, message: 'Welcome to Paddock' },
  { kind: 'broadcastChat', message: 'Race starts in 2 minutes' },
];

/** Hex with spaces and comments, as written below from the plugin example's layout, to bytes. */
const bytes = (hex: string): Buffer => Buffer.from(hex.replace(/#.*$/gm, '').replace(/\s+/g, ''), 'hex');

describe('the Assetto Corsa server plugin decoder', () => {
  it('covers every message type the server sends and every command we send', () => {
    expect(new Set(serverMessages.map((message) => message.kind))).toEqual(
      new Set([
        'newSession',
        'sessionInfo',
        'endSession',
        'newConnection',
        'connectionClosed',
        'carInfo',
        'carUpdate',
        'lapCompleted',
        'clientEvent',
        'chat',
        'clientLoaded',
        'version',
        'error',
      ]),
    );
    expect(new Set(requests.map((request) => request.kind))).toEqual(new Set(['realtimePositionInterval', 'getCarInfo', 'getSessionInfo', 'sendChat', 'broadcastChat']));
  });

  it.each(serverMessages.map((message) => [message.kind, message] as const))('round-trips %s', (_kind, message) => {
    expect(decodeAcServerPluginPacket(encodeAcServerPluginMessage(message))).toEqual(message);
  });

  it.each(requests.map((request) => [request.kind, request] as const))('round-trips our %s command', (_kind, request) => {
    expect(decodeAcServerPluginRequest(encodeAcServerPluginRequest(request))).toEqual(request);
  });

  it('reads a hand-built new connection: wide (UTF-32) names, narrow car strings', () => {
    const packet = bytes(`
      33                                      # ACSP_NEW_CONNECTION
      03 42 00 00 00 6f 00 00 00 62 00 00 00  # driver "Bob", stringW
      02 37 00 00 00 36 00 00 00              # guid "76", stringW
      04                                      # car 4
      03 72 73 73                             # model "rss"
      03 72 65 64                             # skin "red"`);
    expect(decodeAcServerPluginPacket(packet)).toEqual({ kind: 'newConnection', driverName: 'Bob', driverGuid: '76', carId: 4, carModel: 'rss', carSkin: 'red' });
  });

  it('reads a hand-built session info', () => {
    const packet = bytes(`
      3b                           # ACSP_SESSION_INFO
      04 01 02 03                  # protocol 4, session 1, current 2, of 3
      02 50 00 00 00 64 00 00 00   # server "Pd", stringW
      05 6d 6f 6e 7a 61            # track "monza"
      00                           # no track config
      04 52 61 63 65               # "Race"
      03                           # race
      00 00  14 00  3c 00          # 0 minutes, 20 laps, 60 s wait
      1a 20                        # 26 °C ambient, 32 °C road
      07 33 5f 63 6c 65 61 72      # "3_clear"
      78 ec ff ff                  # -5000 ms elapsed`);
    expect(decodeAcServerPluginPacket(packet)).toEqual({
      kind: 'sessionInfo',
      protocolVersion: 4,
      sessionIndex: 1,
      currentSessionIndex: 2,
      sessionCount: 3,
      serverName: 'Pd',
      track: 'monza',
      trackConfig: '',
      name: 'Race',
      sessionType: 'race',
      durationMinutes: 0,
      laps: 20,
      waitTimeSeconds: 60,
      ambientTempC: 26,
      roadTempC: 32,
      weatherGraphics: '3_clear',
      elapsedMs: -5000,
    });
  });

  it('reads a hand-built lap completed with its cuts and leaderboard', () => {
    const packet = bytes(`
      49                          # ACSP_LAP_COMPLETED
      04  62 64 01 00  02         # car 4, 91234 ms, 2 cuts
      02                          # two leaderboard rows
      04  62 64 01 00  05 00  00  # car 4, 91234 ms, 5 laps, not finished
      01  90 5f 01 00  05 00  01  # car 1, 90000 ms, 5 laps, finished
      00 00 40 3f                 # grip 0.75`);
    expect(decodeAcServerPluginPacket(packet)).toEqual({
      kind: 'lapCompleted',
      carId: 4,
      lapTimeMs: 91234,
      cuts: 2,
      leaderboard: [
        { carId: 4, timeMs: 91234, laps: 5, hasFinished: false },
        { carId: 1, timeMs: 90000, laps: 5, hasFinished: true },
      ],
      gripLevel: 0.75,
    });
  });

  it('reads a hand-built collision between two cars', () => {
    const packet = bytes(`
      82                                   # ACSP_CLIENT_EVENT
      0a  04  01                           # collision with car: car 4 hit car 1
      00 00 2a 42                          # 42.5
      00 00 80 3f  00 00 00 40  00 00 40 40  # world (1, 2, 3)
      00 00 00 3f  00 00 00 bf  00 00 00 00  # relative (0.5, -0.5, 0)`);
    expect(decodeAcServerPluginPacket(packet)).toEqual(serverMessages.find((message) => message.kind === 'clientEvent'));
  });

  it('builds our commands as the plugin example does', () => {
    expect(encodeAcServerPluginRequest({ kind: 'realtimePositionInterval', intervalMs: 1000 })).toEqual(bytes('c8 e8 03'));
    expect(encodeAcServerPluginRequest({ kind: 'getSessionInfo', sessionIndex: -1 })).toEqual(bytes('cc ff ff'));
    expect(encodeAcServerPluginRequest({ kind: 'broadcastChat', message: 'Hi' })).toEqual(bytes('cb 02 48 00 00 00 69 00 00 00'));
  });

  it.each(serverMessages.filter((_message, index) => [0, 3, 5, 8, 10, 11, 12].includes(index)).map((message) => [message.kind, message] as const))(
    'finds every truncation of %s malformed',
    (_kind, message) => {
      const packet = encodeAcServerPluginMessage(message);
      for (let length = 0; length < packet.length; length++) {
        expect(decodeAcServerPluginPacket(packet.subarray(0, length))).toEqual({ kind: 'malformed', reason: expect.any(String) });
      }
    },
  );

  it('finds every truncation of our chat command malformed', () => {
    const packet = encodeAcServerPluginRequest({ kind: 'sendChat', carId: 4, message: 'Welcome' });
    for (let length = 0; length < packet.length; length++) expect(decodeAcServerPluginRequest(packet.subarray(0, length)).kind).toBe('malformed');
  });

  it('finds a packet with bytes past its end malformed', () => {
    for (const message of serverMessages) {
      const packet = Buffer.concat([encodeAcServerPluginMessage(message), Buffer.from([0, 0])]);
      expect(decodeAcServerPluginPacket(packet)).toEqual({ kind: 'malformed', reason: '2 bytes past the end of the message' });
    }
  });

  it('finds a character past Unicode, an undefined client event or session type, and a leaderboard longer than its packet malformed', () => {
    expect(decodeAcServerPluginPacket(bytes('3c 01 00 00 11 00'))).toEqual({ kind: 'malformed', reason: 'error message holds 1114112, not a Unicode code point' });
    expect(decodeAcServerPluginPacket(bytes('82 0c 04 00 00 00 00'))).toEqual({ kind: 'malformed', reason: 'unknown client event type 12' });
    const sessionInfo = encodeAcServerPluginMessage({ kind: 'sessionInfo', ...session, serverName: '', track: '', trackConfig: '', name: '' });
    sessionInfo[9] = 7;
    expect(decodeAcServerPluginPacket(sessionInfo)).toEqual({ kind: 'malformed', reason: 'unknown session type 7' });
    expect(decodeAcServerPluginPacket(bytes('49 04 62 64 01 00 00 09 04 62 64 01 00 05 00 00 00 00 40 3f'))).toMatchObject({ kind: 'malformed' });
  });

  it('names an unknown message type without reading it', () => {
    expect(decodeAcServerPluginPacket(bytes('d2 01 02'))).toEqual({ kind: 'unknown', type: 210 });
    expect(decodeAcServerPluginRequest(bytes('32'))).toEqual({ kind: 'unknown', type: 50 });
  });

  it('never throws on random or mutated datagrams', () => {
    const random = seededRandom(26);
    const types = [50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 73, 130];
    const encoded = serverMessages.map(encodeAcServerPluginMessage);
    const kinds = new Set<string>();
    for (let round = 0; round < 10000; round++) {
      let packet: Buffer;
      if (round % 2 === 0) {
        packet = Buffer.from(Array.from({ length: Math.floor(random() * 160) }, () => Math.floor(random() * 256)));
        if (packet.length > 0 && random() < 0.9) packet[0] = types[Math.floor(random() * types.length)]!;
      } else {
        packet = Buffer.from(encoded[Math.floor(random() * encoded.length)]!);
        for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips--) packet[Math.floor(random() * packet.length)] = Math.floor(random() * 256);
      }
      kinds.add(decodeAcServerPluginPacket(packet).kind);
      decodeAcServerPluginRequest(packet);
    }
    expect(kinds).toContain('malformed');
  });
});
