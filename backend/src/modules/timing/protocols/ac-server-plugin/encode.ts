// Builds acServer UDP plugin datagrams in the layout of Kunos' example (acRemoteServerUDP_Example Program.cs); the server's side is for tests and the simulator.
import { BinaryWriter } from '../binary.js';
import type { AcConnectionFields, AcRequest, AcServerMessage, AcSessionFields } from './messages.js';
import { clientEventTypes, REQUEST_TYPES, SERVER_MESSAGE_TYPES, sessionTypes, writeString, writeVector, writeWideString } from './wire.js';

function writeSession(writer: BinaryWriter, session: AcSessionFields): void {
  writer.uint8(session.protocolVersion).uint8(session.sessionIndex).uint8(session.currentSessionIndex).uint8(session.sessionCount);
  writeWideString(writer, session.serverName);
  writeString(writer, session.track);
  writeString(writer, session.trackConfig);
  writeString(writer, session.name);
  sessionTypes.write(writer, session.sessionType);
  writer.uint16(session.durationMinutes).uint16(session.laps).uint16(session.waitTimeSeconds).uint8(session.ambientTempC).uint8(session.roadTempC);
  writeString(writer, session.weatherGraphics);
  writer.int32(session.elapsedMs);
}

function writeConnection(writer: BinaryWriter, connection: AcConnectionFields): void {
  writeWideString(writer, connection.driverName);
  writeWideString(writer, connection.driverGuid);
  writer.uint8(connection.carId);
  writeString(writer, connection.carModel);
  writeString(writer, connection.carSkin);
}

/** A datagram as the server's plugin port sends it. */
export function encodeAcServerPluginMessage(message: AcServerMessage): Buffer {
  const writer = new BinaryWriter().uint8(SERVER_MESSAGE_TYPES[message.kind]);
  switch (message.kind) {
    case 'newSession':
    case 'sessionInfo':
      writeSession(writer, message);
      break;
    case 'endSession':
      writeWideString(writer, message.reportFilename);
      break;
    case 'newConnection':
    case 'connectionClosed':
      writeConnection(writer, message);
      break;
    case 'carInfo':
      writer.uint8(message.carId).boolean(message.isConnected);
      for (const text of [message.carModel, message.carSkin, message.driverName, message.driverTeam, message.driverGuid]) writeWideString(writer, text);
      break;
    case 'carUpdate':
      writer.uint8(message.carId);
      writeVector(writer, message.position);
      writeVector(writer, message.velocity);
      writer.uint8(message.gear).uint16(message.engineRpm).float32(message.normalizedSplinePosition);
      break;
    case 'lapCompleted':
      writer.uint8(message.carId).uint32(message.lapTimeMs).uint8(message.cuts).uint8(message.leaderboard.length);
      for (const entry of message.leaderboard) writer.uint8(entry.carId).uint32(entry.timeMs).uint16(entry.laps).boolean(entry.hasFinished);
      writer.float32(message.gripLevel);
      break;
    case 'clientEvent':
      clientEventTypes.write(writer, message.event);
      writer.uint8(message.carId);
      if (message.event === 'collisionWithCar') writer.uint8(message.otherCarId);
      writer.float32(message.impactSpeed);
      writeVector(writer, message.worldPosition);
      writeVector(writer, message.relativePosition);
      break;
    case 'chat':
      writer.uint8(message.carId);
      writeWideString(writer, message.message);
      break;
    case 'clientLoaded':
      writer.uint8(message.carId);
      break;
    case 'version':
      writer.uint8(message.protocolVersion);
      break;
    case 'error':
      writeWideString(writer, message.message);
      break;
  }
  return writer.toBuffer();
}

/** One of our commands to the server. */
export function encodeAcServerPluginRequest(request: AcRequest): Buffer {
  const writer = new BinaryWriter().uint8(REQUEST_TYPES[request.kind]);
  switch (request.kind) {
    case 'realtimePositionInterval':
      writer.uint16(request.intervalMs);
      break;
    case 'getCarInfo':
      writer.uint8(request.carId);
      break;
    case 'getSessionInfo':
      writer.int16(request.sessionIndex);
      break;
    case 'sendChat':
      writer.uint8(request.carId);
      writeWideString(writer, request.message);
      break;
    case 'broadcastChat':
      writeWideString(writer, request.message);
      break;
  }
  return writer.toBuffer();
}
