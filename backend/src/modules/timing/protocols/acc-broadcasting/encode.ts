// Builds ACC broadcasting datagrams in the layout of Kunos' SDK (ksBroadcastingNetwork/BroadcastingNetworkProtocol.cs); the game's side is for tests and the simulator.
import { BinaryWriter } from '../binary.js';
import { ACC_BROADCASTING_PROTOCOL_VERSION, type AccRequest, type AccServerMessage } from './messages.js';
import {
  broadcastingEventTypes,
  carLocations,
  cupCategories,
  driverCategories,
  REQUEST_TYPES,
  SERVER_MESSAGE_TYPES,
  sessionPhases,
  sessionTypes,
  writeLap,
  writeString,
} from './wire.js';

/** A tenths byte (clouds, rain, wetness) from its 0..1 value. */
const tenths = (value: number): number => Math.round(value * 10);

/** A datagram as the game sends it. */
export function encodeAccBroadcastingMessage(message: AccServerMessage): Buffer {
  const writer = new BinaryWriter().uint8(SERVER_MESSAGE_TYPES[message.kind]);
  switch (message.kind) {
    case 'registrationResult':
      writer.int32(message.connectionId).boolean(message.success).boolean(!message.readOnly);
      writeString(writer, message.errorMessage);
      break;
    case 'realtimeUpdate':
      writer.uint16(message.eventIndex).uint16(message.sessionIndex);
      sessionTypes.write(writer, message.sessionType);
      sessionPhases.write(writer, message.phase);
      writer.float32(message.sessionTimeMs).float32(message.sessionEndTimeMs).int32(message.focusedCarIndex);
      writeString(writer, message.activeCameraSet);
      writeString(writer, message.activeCamera);
      writeString(writer, message.currentHudPage);
      writer.boolean(message.replay !== null);
      if (message.replay) writer.float32(message.replay.sessionTimeMs).float32(message.replay.remainingTimeMs);
      writer
        .float32(message.timeOfDayMs)
        .uint8(message.ambientTempC)
        .uint8(message.trackTempC)
        .uint8(tenths(message.clouds))
        .uint8(tenths(message.rainLevel))
        .uint8(tenths(message.wetness));
      writeLap(writer, message.bestSessionLap);
      break;
    case 'realtimeCarUpdate':
      writer
        .uint16(message.carIndex)
        .uint16(message.driverIndex)
        .uint8(message.driverCount)
        .uint8(message.gear + 2)
        .float32(message.worldPosX)
        .float32(message.worldPosY)
        .float32(message.yaw);
      carLocations.write(writer, message.location);
      writer
        .uint16(message.speedKmh)
        .uint16(message.position)
        .uint16(message.cupPosition)
        .uint16(message.trackPosition)
        .float32(message.splinePosition)
        .uint16(message.laps)
        .int32(message.deltaMs);
      writeLap(writer, message.bestSessionLap);
      writeLap(writer, message.lastLap);
      writeLap(writer, message.currentLap);
      break;
    case 'entryList':
      writer.int32(message.connectionId).uint16(message.carIndexes.length);
      for (const carIndex of message.carIndexes) writer.uint16(carIndex);
      break;
    case 'entryListCar':
      writer.uint16(message.carIndex).uint8(message.carModelType);
      writeString(writer, message.teamName);
      writer.int32(message.raceNumber);
      cupCategories.write(writer, message.cupCategory);
      writer.uint8(message.currentDriverIndex).uint16(message.nationality).uint8(message.drivers.length);
      for (const driver of message.drivers) {
        writeString(writer, driver.firstName);
        writeString(writer, driver.lastName);
        writeString(writer, driver.shortName);
        driverCategories.write(writer, driver.category);
        writer.uint16(driver.nationality);
      }
      break;
    case 'trackData':
      writer.int32(message.connectionId);
      writeString(writer, message.trackName);
      writer.int32(message.trackId).int32(message.trackMeters).uint8(message.cameraSets.length);
      for (const set of message.cameraSets) {
        writeString(writer, set.name);
        writer.uint8(set.cameras.length);
        for (const camera of set.cameras) writeString(writer, camera);
      }
      writer.uint8(message.hudPages.length);
      for (const page of message.hudPages) writeString(writer, page);
      break;
    case 'broadcastingEvent':
      broadcastingEventTypes.write(writer, message.eventType);
      writeString(writer, message.message);
      writer.int32(message.timeMs).int32(message.carIndex);
      break;
  }
  return writer.toBuffer();
}

/** One of our requests to the game. */
export function encodeAccBroadcastingRequest(request: AccRequest): Buffer {
  const writer = new BinaryWriter().uint8(REQUEST_TYPES[request.kind]);
  switch (request.kind) {
    case 'register':
      writer.uint8(ACC_BROADCASTING_PROTOCOL_VERSION);
      writeString(writer, request.displayName);
      writeString(writer, request.connectionPassword);
      writer.int32(request.updateIntervalMs);
      writeString(writer, request.commandPassword);
      break;
    case 'unregister':
    case 'requestEntryList':
    case 'requestTrackData':
      writer.int32(request.connectionId);
      break;
  }
  return writer.toBuffer();
}
