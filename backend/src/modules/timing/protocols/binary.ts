// Little-endian reader and writer over Buffer shared by the timing protocol decoders and encoders (both games use the .NET BinaryWriter layout).

/** A packet that ends early, carries bytes past its end, or holds a value its protocol does not define. */
export class MalformedPacket extends Error {
  override readonly name = 'MalformedPacket';
}

/** Reads a packet front to back; every read past the end throws MalformedPacket, never RangeError. */
export class BinaryReader {
  private offset = 0;

  constructor(private readonly buffer: Buffer) {}

  get remaining(): number {
    return this.buffer.length - this.offset;
  }

  private take(length: number, what: string): number {
    if (length > this.remaining) throw new MalformedPacket(`${what} needs ${length} bytes at offset ${this.offset}, ${this.remaining} left`);
    const start = this.offset;
    this.offset += length;
    return start;
  }

  uint8(what = 'uint8'): number {
    return this.buffer.readUInt8(this.take(1, what));
  }

  uint16(what = 'uint16'): number {
    return this.buffer.readUInt16LE(this.take(2, what));
  }

  int16(what = 'int16'): number {
    return this.buffer.readInt16LE(this.take(2, what));
  }

  uint32(what = 'uint32'): number {
    return this.buffer.readUInt32LE(this.take(4, what));
  }

  int32(what = 'int32'): number {
    return this.buffer.readInt32LE(this.take(4, what));
  }

  float32(what = 'float32'): number {
    return this.buffer.readFloatLE(this.take(4, what));
  }

  boolean(what = 'boolean'): boolean {
    return this.uint8(what) !== 0;
  }

  bytes(length: number, what = 'bytes'): Buffer {
    const start = this.take(length, what);
    return this.buffer.subarray(start, start + length);
  }

  /** Refuses trailing bytes: a datagram longer than its message is as wrong as a shorter one. */
  end(): void {
    if (this.remaining !== 0) throw new MalformedPacket(`${this.remaining} bytes past the end of the message`);
  }
}

/** Builds a packet; values out of their field's range throw RangeError (our own bug, not a peer's). */
export class BinaryWriter {
  private readonly chunks: Buffer[] = [];

  private fixed(length: number, write: (chunk: Buffer) => void): this {
    const chunk = Buffer.alloc(length);
    write(chunk);
    this.chunks.push(chunk);
    return this;
  }

  /** Whole numbers in the field's range only: Buffer would truncate a fraction silently. */
  private integer(value: number, min: number, max: number, length: number, write: (chunk: Buffer) => void): this {
    if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${value} does not fit a ${length * 8}-bit field (${min}..${max})`);
    return this.fixed(length, write);
  }

  uint8(value: number): this {
    return this.integer(value, 0, 0xff, 1, (chunk) => chunk.writeUInt8(value));
  }

  uint16(value: number): this {
    return this.integer(value, 0, 0xffff, 2, (chunk) => chunk.writeUInt16LE(value));
  }

  int16(value: number): this {
    return this.integer(value, -0x8000, 0x7fff, 2, (chunk) => chunk.writeInt16LE(value));
  }

  uint32(value: number): this {
    return this.integer(value, 0, 0xffffffff, 4, (chunk) => chunk.writeUInt32LE(value));
  }

  int32(value: number): this {
    return this.integer(value, -0x80000000, 0x7fffffff, 4, (chunk) => chunk.writeInt32LE(value));
  }

  float32(value: number): this {
    return this.fixed(4, (chunk) => chunk.writeFloatLE(value));
  }

  boolean(value: boolean): this {
    return this.uint8(value ? 1 : 0);
  }

  bytes(value: Buffer): this {
    this.chunks.push(Buffer.from(value));
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** A protocol enum: readable names both ways to their wire codes; a code the protocol does not define is a malformed packet. */
export class WireEnum<Name extends string> {
  private readonly names = new Map<number, Name>();

  constructor(
    private readonly what: string,
    private readonly codes: Readonly<Record<Name, number>>,
  ) {
    for (const name of Object.keys(codes) as Name[]) this.names.set(codes[name], name);
  }

  read(reader: BinaryReader): Name {
    const code = reader.uint8(this.what);
    const name = this.names.get(code);
    if (name === undefined) throw new MalformedPacket(`unknown ${this.what} ${code}`);
    return name;
  }

  write(writer: BinaryWriter, name: Name): void {
    writer.uint8(this.codes[name]);
  }
}

/** Per message kind, the reader of the fields after its type byte. */
export type MessageReaders<Message extends { kind: string }> = { [Kind in Message['kind']]: (reader: BinaryReader) => Extract<Message, { kind: Kind }> };

/**
 * A decoder of whole datagrams that start with a type byte: an unlisted type is `unknown`; a short, long or otherwise
 * malformed one is `malformed`. Only MalformedPacket is turned into a result: any other error is our bug and propagates.
 */
export function messageDecoder<Message extends { kind: string }>(
  typeCodes: Readonly<Record<Message['kind'], number>>,
  readers: MessageReaders<Message>,
): (packet: Buffer) => Message | { kind: 'malformed'; reason: string } | { kind: 'unknown'; type: number } {
  const kinds = new Map<number, Message['kind']>((Object.keys(typeCodes) as Message['kind'][]).map((kind) => [typeCodes[kind], kind]));
  return (packet) => {
    try {
      const reader = new BinaryReader(packet);
      const type = reader.uint8('message type');
      const kind = kinds.get(type);
      if (kind === undefined) return { kind: 'unknown', type };
      const message: Message = readers[kind](reader);
      reader.end();
      return message;
    } catch (error) {
      if (error instanceof MalformedPacket) return { kind: 'malformed', reason: error.message };
      throw error;
    }
  };
}
