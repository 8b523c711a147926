/**
 * One process of `bench:scale`'s watching clients: holds its share of the sockets and behaves as the
 * browser's connection does (websocket only, the client's default reconnection, a refetch of what it shows
 * on every connect and on `resync`), and answers the bench over IPC (see ScaleCommand / ScaleReply).
 */
import { Agent, get } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import type { HeadlineDto } from '../../backend/src/contracts/client-events.js';

export type ScaleCommand =
  | { type: 'connect'; url: string; count: number }
  /** Record when each socket gets a pushed headline `id` with `text`; answers `armed`, then `arrivals`. */
  | { type: 'expect'; id: number; text: string; timeoutMs: number }
  /** Zero each socket's count of pushes and forget its reconnections. */
  | { type: 'reset' }
  /** Wait until every socket has `pushes` pushes since the reset (or the timeout), then answer `counts`. */
  | { type: 'await-counts'; pushes: number; timeoutMs: number }
  /** Compare each socket's view with `truth` (the headlines as JSON), once all are connected and resynced. */
  | { type: 'check'; truth: string; timeoutMs: number };

export interface Reconnection {
  /** Wall clock (ms): the socket saw its connection close, connected again, and had refetched its view. */
  down: number;
  up: number;
  synced: number;
  /** The client's reconnection attempts until it connected (1: the first one did), and when the one that connected was sent. */
  attempts: number;
  lastAttempt: number;
}

export type ScaleReply =
  | { type: 'connected'; count: number }
  | { type: 'armed' }
  | { type: 'arrivals'; times: number[]; missing: number }
  | { type: 'reset' }
  | { type: 'counts'; counts: number[]; reconnections: Reconnection[] }
  | { type: 'checked'; stale: number; disconnected: number; reconnections: Reconnection[] };

const clock = (): number => performance.timeOrigin + performance.now();

interface Watcher {
  socket: Socket;
  view: HeadlineDto[] | null;
  pushes: number;
  /** Bumped by each push, so a refetch that a push overtook does not overwrite the newer view. */
  version: number;
  syncing: boolean;
  downAt: number | null;
  upAt: number | null;
  attempts: number;
  lastAttemptAt: number;
}

const watchers: Watcher[] = [];
let reconnections: Reconnection[] = [];
let expectation: { id: number; text: string; times: (number | null)[]; left: number; done: () => void } | null = null;
let baseUrl = '';

const reply = (message: ScaleReply) => process.send!(message);

/**
 * Kept-alive connections for the refetches, as a browser keeps them. Plain node:http rather than fetch:
 * undici's fetch cost this process more CPU per refetch than the API spent answering it, and the clients
 * share the machine with the site they measure.
 */
const agent = new Agent({ keepAlive: true });

/** The headlines as the browser's refetch reads them; null when the call failed (refused, reset, not 200). */
function fetchHeadlines(): Promise<HeadlineDto[] | null> {
  return new Promise((resolve) => {
    const request = get(`${baseUrl}/api/headlines`, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(response.statusCode === 200 ? (JSON.parse(Buffer.concat(chunks).toString()) as HeadlineDto[]) : null));
      response.on('error', () => resolve(null));
    });
    request.on('error', () => resolve(null));
  });
}

async function resync(watcher: Watcher): Promise<void> {
  watcher.syncing = true;
  const versionBefore = watcher.version;
  try {
    for (let attempt = 0; ; attempt += 1) {
      const headlines = await fetchHeadlines();
      if (headlines) {
        if (watcher.version === versionBefore) watcher.view = headlines;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt)));
    }
  } finally {
    watcher.syncing = false;
  }
  if (watcher.downAt !== null && watcher.upAt !== null) {
    reconnections.push({ down: watcher.downAt, up: watcher.upAt, synced: clock(), attempts: watcher.attempts, lastAttempt: watcher.lastAttemptAt });
    watcher.downAt = watcher.upAt = null;
  }
}

function watch(index: number, socket: Socket): Watcher {
  const watcher: Watcher = { socket, view: null, pushes: 0, version: 0, syncing: false, downAt: null, upAt: null, attempts: 0, lastAttemptAt: 0 };
  socket.on('headlines.changed', (payload: { headlines: HeadlineDto[] }) => {
    const at = clock();
    watcher.view = payload.headlines;
    watcher.pushes += 1;
    watcher.version += 1;
    if (expectation && expectation.times[index] === null && payload.headlines.some((line) => line.id === expectation!.id && line.text === expectation!.text)) {
      expectation.times[index] = at;
      if (--expectation.left === 0) expectation.done();
    }
  });
  socket.on('connect', () => {
    if (watcher.downAt !== null) watcher.upAt = clock();
    void resync(watcher);
  });
  socket.on('resync', () => void resync(watcher));
  socket.on('disconnect', () => {
    watcher.downAt ??= clock();
  });
  socket.io.on('reconnect_attempt', (attempt) => {
    watcher.attempts = attempt;
    watcher.lastAttemptAt = clock();
  });
  return watcher;
}

async function connectAll(url: string, count: number): Promise<void> {
  baseUrl = url;
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, () => {
      const watcher = watch(watchers.length, io(url, { transports: ['websocket'], forceNew: true }));
      watchers.push(watcher);
      return watcher.socket;
    });
    // A refused or timed-out attempt is retried by the client's reconnection, as in the browser.
    await Promise.all(batch.map((socket) => new Promise<void>((resolve) => socket.once('connect', () => resolve()))));
  }
  // Each socket's first refetch (started by its connect) is done.
  await until(() => watchers.every((watcher) => watcher.view !== null && !watcher.syncing), 60_000);
}

/** Polls `condition` every 50 ms until it holds or `timeoutMs` passed. */
async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

process.on('message', (command: ScaleCommand) => {
  switch (command.type) {
    case 'connect':
      void connectAll(command.url, command.count).then(() => reply({ type: 'connected', count: watchers.length }));
      return;
    case 'expect': {
      const times: (number | null)[] = watchers.map(() => null);
      const finish = () => {
        clearTimeout(timer);
        expectation = null;
        const arrived = times.filter((time): time is number => time !== null);
        reply({ type: 'arrivals', times: arrived, missing: times.length - arrived.length });
      };
      const timer = setTimeout(finish, command.timeoutMs);
      expectation = { id: command.id, text: command.text, times, left: times.length, done: finish };
      reply({ type: 'armed' });
      return;
    }
    case 'reset':
      watchers.forEach((watcher) => (watcher.pushes = 0));
      reconnections = [];
      reply({ type: 'reset' });
      return;
    case 'await-counts':
      void until(() => watchers.every((watcher) => watcher.pushes >= command.pushes), command.timeoutMs).then(() =>
        reply({ type: 'counts', counts: watchers.map((watcher) => watcher.pushes), reconnections }),
      );
      return;
    case 'check':
      void until(() => watchers.every((watcher) => watcher.socket.connected && !watcher.syncing && watcher.downAt === null), command.timeoutMs).then(() =>
        reply({
          type: 'checked',
          stale: watchers.filter((watcher) => JSON.stringify(watcher.view) !== command.truth).length,
          disconnected: watchers.filter((watcher) => !watcher.socket.connected).length,
          reconnections,
        }),
      );
      return;
  }
});
