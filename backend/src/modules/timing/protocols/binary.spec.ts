// Little-endian field layouts as .NET's BinaryReader/BinaryWriter use them (both games' reference code is C#).
import { describe, expect, it } from '@jest/globals';
import { BinaryReader, BinaryWriter, MalformedPacket, messageDecoder, WireEnum } from './binary.js';

describe('the timing protocols binary reader and writer', () => {
  it('reads little-endian fields back as written', () => {
    const packet = new BinaryWriter().uint8(255).uint16(65535).int16(-2).uint32(4294967295).int32(-2147483648).float32(-0.5).boolean(true).toBuffer();
    const reader = new BinaryReader(packet);
    expect([reader.uint8(), reader.uint16(), reader.int16(), reader.uint32(), reader.int32(), reader.float32(), reader.boolean()]).toEqual([
      255,
      65535,
      -2,
      4294967295,
      -2147483648,
      -0.5,
      true,
    ]);
    expect(() => reader.end()).not.toThrow();
  });

  it('throws MalformedPacket, naming the field, on a read past the end or bytes left over', () => {
    const reader = new BinaryReader(Buffer.from([1, 2, 3]));
    expect(() => reader.uint32('lap time')).toThrow(new MalformedPacket('lap time needs 4 bytes at offset 0, 3 left'));
    expect(reader.uint16()).toBe(0x0201);
    expect(() => reader.bytes(2, 'name')).toThrow(MalformedPacket);
    expect(() => reader.end()).toThrow(new MalformedPacket('1 bytes past the end of the message'));
  });

  it('refuses to write a value its field cannot hold', () => {
    expect(() => new BinaryWriter().uint8(256)).toThrow(new RangeError('256 does not fit a 8-bit field (0..255)'));
    expect(() => new BinaryWriter().uint16(-1)).toThrow(RangeError);
    expect(() => new BinaryWriter().int32(1.5)).toThrow(RangeError);
  });

  it('maps enum names to codes both ways and finds an undefined code malformed', () => {
    const flags = new WireEnum('flag', { green: 1, chequered: 2 });
    const writer = new BinaryWriter();
    flags.write(writer, 'chequered');
    expect(flags.read(new BinaryReader(writer.toBuffer()))).toBe('chequered');
    expect(() => flags.read(new BinaryReader(Buffer.from([3])))).toThrow(new MalformedPacket('unknown flag 3'));
  });

  it('lets an error other than a malformed packet through the decoder: that is a bug, not a bad peer', () => {
    type Ping = { kind: 'ping' };
    const decode = messageDecoder<Ping>(
      { ping: 1 },
      {
        ping: () => {
          throw new TypeError('bug');
        },
      },
    );
    expect(decode(Buffer.from([2]))).toEqual({ kind: 'unknown', type: 2 });
    expect(() => decode(Buffer.from([1]))).toThrow(TypeError);
  });
});
