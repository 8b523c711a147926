// Decodes acServer UDP plugin datagrams as laid out in Kunos' example (acRemoteServerUDP_Example Program.cs) and acplugins4net's protocol-4 messages.
import { BinaryReader, messageDecoder, type MessageReaders } from '../binary.js';
import type { AcConnectionFields, AcDecoded, AcLeaderboardEntry, AcRequest, AcRequestDecoded, AcServerMessage, AcSessionFields } from './messages.js';
import { clientEventTypes, readString, readVector, readWideString, REQUEST_TYPES, SERVER_MESSAGE_TYPES, sessionTypes } from './wire.js';

const readSession = (reader: BinaryReader): AcSessionFields => ({
  protocolVersion: reader.uint8('protocol version'),
  sessionIndex: reader.uint8('session index'),
  currentSessionIndex: reader.uint8('current session index'),
  sessionCount: reader.uint8('session count'),
  serverName: readWideString(reader, 'server name'),
  track: readString(reader, 'track'),
  trackConfig: readString(reader, 'track config'),
  name: readString(reader, 'session name'),
  sessionType: sessionTypes.read(reader),
  durationMinutes: reader.uint16('session time'),
  laps: reader.uint16('laps'),
  waitTimeSeconds: reader.uint16('wait time'),
  ambientTempC: reader.uint8('ambient temperature'),
  roadTempC: reader.uint8('road temperature'),
  weatherGraphics: readString(reader, 'weather graphics'),
  elapsedMs: reader.int32('elapsed time'),
});

const readConnection = (reader: BinaryReader): AcConnectionFields => ({
  driverName: readWideString(reader, 'driver name'),
  driverGuid: readWideString(reader, 'driver guid'),
  carId: reader.uint8('car id'),
  carModel: readString(reader, 'car model'),
  carSkin: readString(reader, 'car skin'),
});

const serverMessageReaders: MessageReaders<AcServerMessage> = {
  newSession: (reader) => ({ kind: 'newSession', ...readSession(reader) }),
  sessionInfo: (reader) => ({ kind: 'sessionInfo', ...readSession(reader) }),
  endSession: (reader) => ({ kind: 'endSession', reportFilename: readWideString(reader, 'report filename') }),
  newConnection: (reader) => ({ kind: 'newConnection', ...readConnection(reader) }),
  connectionClosed: (reader) => ({ kind: 'connectionClosed', ...readConnection(reader) }),
  carInfo: (reader) => ({
    kind: 'carInfo',
    carId: reader.uint8('car id'),
    isConnected: reader.boolean('connected'),
    carModel: readWideString(reader, 'car model'),
    carSkin: readWideString(reader, 'car skin'),
    driverName: readWideString(reader, 'driver name'),
    driverTeam: readWideString(reader, 'driver team'),
    driverGuid: readWideString(reader, 'driver guid'),
  }),
  carUpdate: (reader) => ({
    kind: 'carUpdate',
    carId: reader.uint8('car id'),
    position: readVector(reader, 'position'),
    velocity: readVector(reader, 'velocity'),
    gear: reader.uint8('gear'),
    engineRpm: reader.uint16('engine rpm'),
    normalizedSplinePosition: reader.float32('normalized spline position'),
  }),
  lapCompleted: (reader) => {
    const carId = reader.uint8('car id');
    const lapTimeMs = reader.uint32('lap time');
    const cuts = reader.uint8('cuts');
    const count = reader.uint8('leaderboard size');
    const leaderboard: AcLeaderboardEntry[] = [];
    for (let entry = 0; entry < count; entry++) {
      leaderboard.push({
        carId: reader.uint8('leaderboard car id'),
        timeMs: reader.uint32('leaderboard time'),
        laps: reader.uint16('leaderboard laps'),
        hasFinished: reader.boolean('leaderboard finished'),
      });
    }
    return { kind: 'lapCompleted', carId, lapTimeMs, cuts, leaderboard, gripLevel: reader.float32('grip level') };
  },
  clientEvent: (reader) => {
    const event = clientEventTypes.read(reader);
    const carId = reader.uint8('car id');
    // Only a collision with a car names the other car, between the car and the impact speed.
    const otherCarId = event === 'collisionWithCar' ? reader.uint8('other car id') : null;
    const impactSpeed = reader.float32('impact speed');
    const worldPosition = readVector(reader, 'world position');
    const relativePosition = readVector(reader, 'relative position');
    const fields = { kind: 'clientEvent', carId, impactSpeed, worldPosition, relativePosition } as const;
    return otherCarId === null ? { ...fields, event: 'collisionWithEnvironment' } : { ...fields, event: 'collisionWithCar', otherCarId };
  },
  chat: (reader) => ({ kind: 'chat', carId: reader.uint8('car id'), message: readWideString(reader, 'chat message') }),
  clientLoaded: (reader) => ({ kind: 'clientLoaded', carId: reader.uint8('car id') }),
  version: (reader) => ({ kind: 'version', protocolVersion: reader.uint8('protocol version') }),
  error: (reader) => ({ kind: 'error', message: readWideString(reader, 'error message') }),
};

const requestReaders: MessageReaders<AcRequest> = {
  realtimePositionInterval: (reader) => ({ kind: 'realtimePositionInterval', intervalMs: reader.uint16('interval') }),
  getCarInfo: (reader) => ({ kind: 'getCarInfo', carId: reader.uint8('car id') }),
  getSessionInfo: (reader) => ({ kind: 'getSessionInfo', sessionIndex: reader.int16('session index') }),
  sendChat: (reader) => ({ kind: 'sendChat', carId: reader.uint8('car id'), message: readWideString(reader, 'chat message') }),
  broadcastChat: (reader) => ({ kind: 'broadcastChat', message: readWideString(reader, 'chat message') }),
};

/** A datagram from the server's plugin port; never throws. */
export const decodeAcServerPluginPacket: (packet: Buffer) => AcDecoded = messageDecoder<AcServerMessage>(SERVER_MESSAGE_TYPES, serverMessageReaders);

/** One of our commands as the server (or the simulator standing in for it) reads it; never throws. */
export const decodeAcServerPluginRequest: (packet: Buffer) => AcRequestDecoded = messageDecoder<AcRequest>(REQUEST_TYPES, requestReaders);
