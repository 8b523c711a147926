/**
 * `npm run bench:realtime` — how fast a headline change reaches N browsers, against a bare
 * Socket.IO broadcast to the same sockets as the baseline. A benchmark, not a test: it prints a table.
 *
 *   --clients N   sockets to connect (default 2000)
 *   --rounds R    measured changes per path (default 10)
 *
 * The site runs as `npm start` does (API + worker in one process, built) on a fresh database.
 */
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { signIn } from '../support/sign-in.js';
import { startBenchSite } from './site.js';

const { values } = parseArgs({ options: { clients: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '10' } } });
const CLIENTS = Number(values.clients);
const ROUNDS = Number(values.rounds);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function connectAll(baseUrl: string): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < CLIENTS; start += 100) {
    const batch = Array.from({ length: Math.min(100, CLIENTS - start) }, () => io(baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false }));
    await Promise.all(batch.map((socket) => new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject))));
    sockets.push(...batch);
  }
  return sockets;
}

/** Fires `trigger` and returns each socket's delay (ms) until it received the message carrying `marker`. */
async function measure(sockets: Socket[], marker: string, trigger: () => Promise<unknown>): Promise<number[]> {
  const started = performance.now();
  const arrivals = sockets.map(
    (socket) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${marker} within 30 s`)), 30_000);
        const onMessage = (payload: { headlines: { text: string }[] }) => {
          if (payload.headlines[0]?.text !== marker) return;
          clearTimeout(timer);
          socket.off('headlines.changed', onMessage);
          resolve(performance.now() - started);
        };
        socket.on('headlines.changed', onMessage);
      }),
  );
  await trigger();
  return Promise.all(arrivals);
}

function summary(label: string, delays: number[]) {
  const sorted = [...delays].sort((a, b) => a - b);
  return { label, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
}

const site = await startBenchSite('bench_realtime', { WEB_DIST: '' });
try {
  const sockets = await connectAll(site.baseUrl);
  const admin = await signIn(site.baseUrl, 'admin');
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const bare = new Emitter(redis, { key: `${site.redisPrefix}:socket.io` });
  const changeHeadline = (text: string) =>
    fetch(`${site.baseUrl}/api/headlines`, {
      method: 'POST',
      headers: { cookie: admin.header(), 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });

  await measure(sockets, 'warm-up', () => changeHeadline('warm-up'));
  const pipeline: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    pipeline.push(...(await measure(sockets, `change ${round}`, () => changeHeadline(`change ${round}`))));
    const marker = `bare ${round}`;
    baseline.push(...(await measure(sockets, marker, async () => bare.to('everyone').emit('headlines.changed', { headlines: [{ text: marker }] }))));
  }
  const rows = [summary('headline change (REST → outbox → queue → worker → sockets)', pipeline), summary('bare Socket.IO broadcast (Redis emitter)', baseline)];
  console.log(`\nbench:realtime — ${CLIENTS} sockets, ${ROUNDS} rounds each, ${sockets.length * ROUNDS} deliveries per row\n`);
  console.table(Object.fromEntries(rows.map(({ label, ...ms }) => [label, Object.fromEntries(Object.entries(ms).map(([k, v]) => [`${k} ms`, Math.round(v)]))])));
  const ratio = rows[0].p95 / rows[1].p95;
  console.log(`p95 ratio (pipeline / bare broadcast): ${ratio.toFixed(2)}   targets: p95 ≤ 150 ms at 2,000 clients, ratio ≤ 2`);
  for (const socket of sockets) socket.disconnect();
  redis.disconnect();
} finally {
  site.stop();
}
process.exit(0);
