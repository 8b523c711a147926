// Wire codes and string layouts from Kunos' acServer UDP plugin example (ACSProtocol.cs; readString / readStringW in Program.cs).
import { BinaryReader, BinaryWriter, MalformedPacket, WireEnum } from '../binary.js';
import type { AcRequest, AcServerMessage, AcVector3 } from './messages.js';

export const SERVER_MESSAGE_TYPES: Readonly<Record<AcServerMessage['kind'], number>> = {
  newSession: 50,
  newConnection: 51,
  connectionClosed: 52,
  carUpdate: 53,
  carInfo: 54,
  endSession: 55,
  version: 56,
  chat: 57,
  clientLoaded: 58,
  sessionInfo: 59,
  error: 60,
  lapCompleted: 73,
  clientEvent: 130,
};

export const REQUEST_TYPES: Readonly<Record<AcRequest['kind'], number>> = {
  realtimePositionInterval: 200,
  getCarInfo: 201,
  sendChat: 202,
  broadcastChat: 203,
  getSessionInfo: 204,
};

export const clientEventTypes = new WireEnum('client event type', { collisionWithCar: 10, collisionWithEnvironment: 11 });

export const sessionTypes = new WireEnum('session type', { booking: 0, practice: 1, qualifying: 2, race: 3 });

/** Length byte, then that many bytes (ASCII in practice; read as UTF-8). */
export function readString(reader: BinaryReader, what: string): string {
  const length = reader.uint8(`${what} length`);
  return reader.bytes(length, what).toString('utf8');
}

export function writeString(writer: BinaryWriter, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > 0xff) throw new RangeError(`string of ${bytes.length} bytes is longer than a length byte allows`);
  writer.uint8(bytes.length).bytes(bytes);
}

const LARGEST_CODE_POINT = 0x10ffff;

/** "stringW": length byte counting characters, then each character as a UTF-32LE code point. */
export function readWideString(reader: BinaryReader, what: string): string {
  const length = reader.uint8(`${what} length`);
  const codePoints: number[] = [];
  for (let character = 0; character < length; character++) {
    const codePoint = reader.uint32(what);
    if (codePoint > LARGEST_CODE_POINT) throw new MalformedPacket(`${what} holds ${codePoint}, not a Unicode code point`);
    codePoints.push(codePoint);
  }
  return String.fromCodePoint(...codePoints);
}

export function writeWideString(writer: BinaryWriter, value: string): void {
  const codePoints = Array.from(value, (character) => character.codePointAt(0)!);
  if (codePoints.length > 0xff) throw new RangeError(`string of ${codePoints.length} characters is longer than a length byte allows`);
  writer.uint8(codePoints.length);
  for (const codePoint of codePoints) writer.uint32(codePoint);
}

export const readVector = (reader: BinaryReader, what: string): AcVector3 => ({
  x: reader.float32(`${what} x`),
  y: reader.float32(`${what} y`),
  z: reader.float32(`${what} z`),
});

export const writeVector = (writer: BinaryWriter, vector: AcVector3): void => {
  writer.float32(vector.x).float32(vector.y).float32(vector.z);
};
