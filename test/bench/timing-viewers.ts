/**
 * One share of `bench:timing`'s viewers, in a process of its own (forked by timing.bench.ts): so the
 * bench's thousands of receiving sockets do not queue behind one another (and behind the bench's own
 * work) in a single event loop. Connects its sockets, joins them to the room, and answers the parent's
 * messages over IPC: `measure` starts counting, `stop` answers what was counted, `exit` disconnects.
 *
 * The clock is shared with the parent: ms since `epoch` (the parent's `performance.timeOrigin`).
 */
import type { Socket } from 'socket.io-client';
import type { LiveTimingFrame } from '../../backend/src/contracts/timing.js';
import { connectAll } from './measure.js';

export interface ViewersOptions {
  baseUrl: string;
  count: number;
  room: string;
  /** The parent's `performance.timeOrigin`: the clock the feed's packets are stamped with starts there. */
  epoch: number;
}

export type ToViewers = { kind: 'measure' } | { kind: 'stop' } | { kind: 'exit' };

export interface ViewersReport {
  kind: 'report';
  /** Packet sent → frame received, ms, one entry per frame a socket received. */
  latencies: number[];
  /** Socket.IO payload bytes received by all the sockets of this share. */
  bytes: number;
  frames: number;
  /** Distinct frame versions the first socket of this share received. */
  firstSocketVersions: number;
  /** Frames older than one the same socket had (the guarantee: none). */
  olderThanSeen: number;
}

export type FromViewers = { kind: 'ready'; sockets: number } | ViewersReport | { kind: 'failed'; error: string };

/** The session clock a frame carries: the moment the newest realtime update in it was sent (a delta carries it when it moved). */
export const sessionClockOf = (frame: LiveTimingFrame): number | null => (frame.kind === 'snapshot' ? frame.timing.session.elapsedMs : (frame.session?.elapsedMs ?? null));

const versionOf = (frame: LiveTimingFrame): number => (frame.kind === 'snapshot' ? frame.timing.version : frame.version);

async function run(options: ViewersOptions): Promise<void> {
  const send = (message: FromViewers) => process.send?.(message);
  const clock = () => performance.timeOrigin + performance.now() - options.epoch;
  const sockets: Socket[] = await connectAll(options.baseUrl, options.count);
  let measuring = false;
  const latencies: number[] = [];
  let bytes = 0;
  let frames = 0;
  let olderThanSeen = 0;
  const firstSocketVersions = new Set<number>();
  sockets.forEach((socket, index) => {
    let seen = -1;
    let lastKind: LiveTimingFrame['kind'] = 'snapshot';
    socket.io.engine.on('data', (data: unknown) => {
      if (measuring) bytes += typeof data === 'string' ? Buffer.byteLength(data) : data instanceof ArrayBuffer ? data.byteLength : 0;
    });
    socket.on('live.frame', (frame: LiveTimingFrame) => {
      const version = versionOf(frame);
      // As timing.int checks it: deltas strictly increase; a snapshot (on joining) may equal the delta after it.
      if (version < seen || (version === seen && frame.kind === 'delta' && lastKind === 'delta')) olderThanSeen += 1;
      seen = Math.max(seen, version);
      lastKind = frame.kind;
      if (!measuring) return;
      frames += 1;
      if (index === 0) firstSocketVersions.add(version);
      const sentAt = sessionClockOf(frame);
      if (sentAt !== null) latencies.push(clock() - sentAt);
    });
  });
  for (let start = 0; start < sockets.length; start += 250) {
    await Promise.all(
      sockets.slice(start, start + 250).map(async (socket) => {
        const ack = (await socket.timeout(30_000).emitWithAck('subscribe', { room: options.room })) as { ok: boolean };
        if (!ack.ok) throw new Error(`${options.room} refused a viewer`);
      }),
    );
  }
  process.on('message', (message: ToViewers) => {
    if (message.kind === 'measure') measuring = true;
    else if (message.kind === 'stop') {
      measuring = false;
      send({ kind: 'report', latencies, bytes, frames, firstSocketVersions: firstSocketVersions.size, olderThanSeen });
    } else {
      for (const socket of sockets) socket.disconnect();
      process.exit(0);
    }
  });
  send({ kind: 'ready', sockets: sockets.length });
}

if (process.send) {
  const options = JSON.parse(process.argv[2] ?? '{}') as ViewersOptions;
  run(options).catch((error: Error) => {
    process.send?.({ kind: 'failed', error: error.message } satisfies FromViewers);
    process.exit(1);
  });
}
