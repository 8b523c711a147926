/**
 * A packet log: what a simulated server sent, one JSON line per packet, after a header line naming the game.
 * `atMs` is race time, so a log replays at any speed. ACC packets are those the first registered client got:
 * `entryList` and `trackData` answer its requests, `stream` is everything else.
 */
export type SimulatedGame = 'acc' | 'ac';
export type LoggedPacketKind = 'stream' | 'entryList' | 'trackData';

export interface LoggedPacket {
  atMs: number;
  kind: LoggedPacketKind;
  packet: Buffer;
}

export interface PacketLog {
  game: SimulatedGame;
  packets: LoggedPacket[];
}

export type PacketRecorder = (packet: LoggedPacket) => void;

export const packetLogHeader = (game: SimulatedGame): string => `${JSON.stringify({ game, version: 1 })}\n`;

export const packetLogLine = ({ atMs, kind, packet }: LoggedPacket): string => `${JSON.stringify({ atMs, kind, packet: packet.toString('base64') })}\n`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isKind = (value: unknown): value is LoggedPacketKind => value === 'stream' || value === 'entryList' || value === 'trackData';

export function parsePacketLog(text: string): PacketLog {
  const [header, ...lines] = text.split('\n').filter((line) => line.trim() !== '');
  const head: unknown = header === undefined ? null : JSON.parse(header);
  if (!isRecord(head) || (head.game !== 'acc' && head.game !== 'ac')) throw new Error('Not a packet log: the first line names no game (acc or ac)');
  const packets = lines.map((line, index): LoggedPacket => {
    const entry: unknown = JSON.parse(line);
    if (!isRecord(entry) || typeof entry.atMs !== 'number' || !isKind(entry.kind) || typeof entry.packet !== 'string') {
      throw new Error(`Packet log line ${index + 2} is not a packet`);
    }
    return { atMs: entry.atMs, kind: entry.kind, packet: Buffer.from(entry.packet, 'base64') };
  });
  return { game: head.game, packets };
}
