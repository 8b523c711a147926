// Decodes ACC broadcasting datagrams as laid out in Kunos' SDK (ksBroadcastingNetwork/BroadcastingNetworkProtocol.cs, ProcessMessage and the Request* senders).
import { MalformedPacket, messageDecoder, type MessageReaders } from '../binary.js';
import { ACC_BROADCASTING_PROTOCOL_VERSION, type AccDecoded, type AccDriver, type AccRequest, type AccRequestDecoded, type AccServerMessage } from './messages.js';
import {
  broadcastingEventTypes,
  carLocations,
  cupCategories,
  driverCategories,
  readLap,
  readString,
  REQUEST_TYPES,
  SERVER_MESSAGE_TYPES,
  sessionPhases,
  sessionTypes,
} from './wire.js';

const serverMessageReaders: MessageReaders<AccServerMessage> = {
  registrationResult: (reader) => ({
    kind: 'registrationResult',
    connectionId: reader.int32('connection id'),
    success: reader.boolean('connection success'),
    // The game sends "writable": 0 means our command password was not accepted.
    readOnly: !reader.boolean('writable'),
    errorMessage: readString(reader, 'error message'),
  }),
  realtimeUpdate: (reader) => {
    const eventIndex = reader.uint16('event index');
    const sessionIndex = reader.uint16('session index');
    const sessionType = sessionTypes.read(reader);
    const phase = sessionPhases.read(reader);
    const sessionTimeMs = reader.float32('session time');
    const sessionEndTimeMs = reader.float32('session end time');
    const focusedCarIndex = reader.int32('focused car index');
    const activeCameraSet = readString(reader, 'active camera set');
    const activeCamera = readString(reader, 'active camera');
    const currentHudPage = readString(reader, 'current HUD page');
    const replay = reader.boolean('replay playing')
      ? { sessionTimeMs: reader.float32('replay session time'), remainingTimeMs: reader.float32('replay remaining time') }
      : null;
    return {
      kind: 'realtimeUpdate',
      eventIndex,
      sessionIndex,
      sessionType,
      phase,
      sessionTimeMs,
      sessionEndTimeMs,
      focusedCarIndex,
      activeCameraSet,
      activeCamera,
      currentHudPage,
      replay,
      timeOfDayMs: reader.float32('time of day'),
      ambientTempC: reader.uint8('ambient temperature'),
      trackTempC: reader.uint8('track temperature'),
      clouds: reader.uint8('clouds') / 10,
      rainLevel: reader.uint8('rain level') / 10,
      wetness: reader.uint8('wetness') / 10,
      bestSessionLap: readLap(reader),
    };
  },
  realtimeCarUpdate: (reader) => ({
    kind: 'realtimeCarUpdate',
    carIndex: reader.uint16('car index'),
    driverIndex: reader.uint16('driver index'),
    driverCount: reader.uint8('driver count'),
    gear: reader.uint8('gear') - 2,
    worldPosX: reader.float32('world position x'),
    worldPosY: reader.float32('world position y'),
    yaw: reader.float32('yaw'),
    location: carLocations.read(reader),
    speedKmh: reader.uint16('speed'),
    position: reader.uint16('position'),
    cupPosition: reader.uint16('cup position'),
    trackPosition: reader.uint16('track position'),
    splinePosition: reader.float32('spline position'),
    laps: reader.uint16('laps'),
    deltaMs: reader.int32('delta'),
    bestSessionLap: readLap(reader),
    lastLap: readLap(reader),
    currentLap: readLap(reader),
  }),
  entryList: (reader) => {
    const connectionId = reader.int32('connection id');
    const count = reader.uint16('car count');
    const carIndexes: number[] = [];
    for (let car = 0; car < count; car++) carIndexes.push(reader.uint16('car index'));
    return { kind: 'entryList', connectionId, carIndexes };
  },
  entryListCar: (reader) => {
    const carIndex = reader.uint16('car index');
    const carModelType = reader.uint8('car model');
    const teamName = readString(reader, 'team name');
    const raceNumber = reader.int32('race number');
    const cupCategory = cupCategories.read(reader);
    const currentDriverIndex = reader.uint8('current driver index');
    const nationality = reader.uint16('nationality');
    const driverCount = reader.uint8('driver count');
    const drivers: AccDriver[] = [];
    for (let driver = 0; driver < driverCount; driver++) {
      drivers.push({
        firstName: readString(reader, 'first name'),
        lastName: readString(reader, 'last name'),
        shortName: readString(reader, 'short name'),
        category: driverCategories.read(reader),
        nationality: reader.uint16('driver nationality'),
      });
    }
    return { kind: 'entryListCar', carIndex, carModelType, teamName, raceNumber, cupCategory, currentDriverIndex, nationality, drivers };
  },
  trackData: (reader) => {
    const connectionId = reader.int32('connection id');
    const trackName = readString(reader, 'track name');
    const trackId = reader.int32('track id');
    const trackMeters = reader.int32('track meters');
    const cameraSets: { name: string; cameras: string[] }[] = [];
    const cameraSetCount = reader.uint8('camera set count');
    for (let set = 0; set < cameraSetCount; set++) {
      const name = readString(reader, 'camera set name');
      const cameraCount = reader.uint8('camera count');
      const cameras: string[] = [];
      for (let camera = 0; camera < cameraCount; camera++) cameras.push(readString(reader, 'camera name'));
      cameraSets.push({ name, cameras });
    }
    const hudPageCount = reader.uint8('HUD page count');
    const hudPages: string[] = [];
    for (let page = 0; page < hudPageCount; page++) hudPages.push(readString(reader, 'HUD page'));
    return { kind: 'trackData', connectionId, trackName, trackId, trackMeters, cameraSets, hudPages };
  },
  broadcastingEvent: (reader) => ({
    kind: 'broadcastingEvent',
    eventType: broadcastingEventTypes.read(reader),
    message: readString(reader, 'event message'),
    timeMs: reader.int32('event time'),
    carIndex: reader.int32('event car index'),
  }),
};

const requestReaders: MessageReaders<AccRequest> = {
  register: (reader) => {
    const version = reader.uint8('protocol version');
    if (version !== ACC_BROADCASTING_PROTOCOL_VERSION) throw new MalformedPacket(`unsupported protocol version ${version}`);
    return {
      kind: 'register',
      displayName: readString(reader, 'display name'),
      connectionPassword: readString(reader, 'connection password'),
      updateIntervalMs: reader.int32('update interval'),
      commandPassword: readString(reader, 'command password'),
    };
  },
  unregister: (reader) => ({ kind: 'unregister', connectionId: reader.int32('connection id') }),
  requestEntryList: (reader) => ({ kind: 'requestEntryList', connectionId: reader.int32('connection id') }),
  requestTrackData: (reader) => ({ kind: 'requestTrackData', connectionId: reader.int32('connection id') }),
};

/** A datagram from the game; never throws. */
export const decodeAccBroadcastingPacket: (packet: Buffer) => AccDecoded = messageDecoder<AccServerMessage>(SERVER_MESSAGE_TYPES, serverMessageReaders);

/** One of our requests as the game (or the simulator standing in for it) reads it; never throws. */
export const decodeAccBroadcastingRequest: (packet: Buffer) => AccRequestDecoded = messageDecoder<AccRequest>(REQUEST_TYPES, requestReaders);
