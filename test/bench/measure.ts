/**
 * What the benches measure with: the empty Nest route every HTTP read is compared with, autocannon's
 * closed-loop peak, percentiles, and many watching sockets.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { freePort } from '../support/free-port.js';
import { waitUntilAnswering } from './site.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/** The `p`th percentile of ascending `sorted` (NaN when empty). */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** The baseline: a Nest app with one empty route (`empty-nest-app.ts`) in its own process. */
export async function startEmptyNestApp(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', path.join(import.meta.dirname, 'empty-nest-app.ts'), String(port)], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/api/empty`;
  await waitUntilAnswering(url, child);
  return { url, process: child };
}

/** Peak GETs of `url` (closed loop: autocannon) at `connections` for `duration` seconds. */
export async function measurePeak(url: string, connections: number, duration: number, headers: Record<string, string> = {}): Promise<Measured> {
  const result = await autocannon({ url, headers, connections, duration });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

/** `count` Socket.IO clients of `baseUrl` over websockets, connected 100 at a time. */
export async function connectAll(baseUrl: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, () => io(baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false }));
    await Promise.all(batch.map((socket) => new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject))));
    sockets.push(...batch);
  }
  return sockets;
}
