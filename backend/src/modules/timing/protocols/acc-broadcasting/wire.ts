// Wire codes and shared field layouts from Kunos' ACC broadcasting SDK (ksBroadcastingNetwork/BroadcastingNetworkProtocol.cs: ReadString, ReadLap, message type enums).
import { BinaryReader, BinaryWriter, WireEnum } from '../binary.js';
import type { AccLap, AccRequest, AccServerMessage } from './messages.js';

export const SERVER_MESSAGE_TYPES: Readonly<Record<AccServerMessage['kind'], number>> = {
  registrationResult: 1,
  realtimeUpdate: 2,
  realtimeCarUpdate: 3,
  entryList: 4,
  trackData: 5,
  entryListCar: 6,
  broadcastingEvent: 7,
};

export const REQUEST_TYPES: Readonly<Record<AccRequest['kind'], number>> = {
  register: 1,
  unregister: 9,
  requestEntryList: 10,
  requestTrackData: 11,
};

export const sessionTypes = new WireEnum('session type', {
  practice: 0,
  qualifying: 4,
  superpole: 9,
  race: 10,
  hotlap: 11,
  hotstint: 12,
  hotlapSuperpole: 13,
  replay: 14,
});

export const sessionPhases = new WireEnum('session phase', {
  none: 0,
  starting: 1,
  preFormation: 2,
  formationLap: 3,
  preSession: 4,
  session: 5,
  sessionOver: 6,
  postSession: 7,
  resultUi: 8,
});

export const carLocations = new WireEnum('car location', { none: 0, track: 1, pitlane: 2, pitEntry: 3, pitExit: 4 });

export const cupCategories = new WireEnum('cup category', { overall: 0, proAm: 1, am: 2, silver: 3, national: 4 });

export const driverCategories = new WireEnum('driver category', { bronze: 0, silver: 1, gold: 2, platinum: 3, error: 255 });

export const broadcastingEventTypes = new WireEnum('broadcasting event type', {
  none: 0,
  greenFlag: 1,
  sessionOver: 2,
  penalty: 3,
  accident: 4,
  lapCompleted: 5,
  bestSessionLap: 6,
  bestPersonalLap: 7,
});

/** ACC's "no time" for a lap or a split. */
const NO_TIME = 0x7fffffff;

/** UInt16 byte length, then UTF-8. */
export function readString(reader: BinaryReader, what: string): string {
  const length = reader.uint16(`${what} length`);
  return reader.bytes(length, what).toString('utf8');
}

export function writeString(writer: BinaryWriter, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > 0xffff) throw new RangeError(`string of ${bytes.length} bytes is longer than ACC's UInt16 length`);
  writer.uint16(bytes.length).bytes(bytes);
}

const readTime = (reader: BinaryReader, what: string): number | null => {
  const time = reader.int32(what);
  return time === NO_TIME ? null : time;
};

export function readLap(reader: BinaryReader): AccLap {
  const lapTimeMs = readTime(reader, 'lap time');
  const carIndex = reader.uint16('lap car index');
  const driverIndex = reader.uint16('lap driver index');
  const splitCount = reader.uint8('split count');
  const splitsMs: (number | null)[] = [];
  for (let split = 0; split < splitCount; split++) splitsMs.push(readTime(reader, 'split'));
  return {
    lapTimeMs,
    carIndex,
    driverIndex,
    splitsMs,
    isInvalid: reader.boolean('lap invalid'),
    isValidForBest: reader.boolean('lap valid for best'),
    isOutLap: reader.boolean('out lap'),
    isInLap: reader.boolean('in lap'),
  };
}

export function writeLap(writer: BinaryWriter, lap: AccLap): void {
  writer
    .int32(lap.lapTimeMs ?? NO_TIME)
    .uint16(lap.carIndex)
    .uint16(lap.driverIndex)
    .uint8(lap.splitsMs.length);
  for (const split of lap.splitsMs) writer.int32(split ?? NO_TIME);
  writer.boolean(lap.isInvalid).boolean(lap.isValidForBest).boolean(lap.isOutLap).boolean(lap.isInLap);
}
