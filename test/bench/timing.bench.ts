/**
 * `npm run bench:timing` — live timing under race-night load (issue 26): one ACC server's broadcasting
 * feed of N cars into one ingester, M viewers on `/live` sockets in the race's `live:<raceId>` room.
 * A benchmark, not a test: it prints one table, each figure beside its goal where it has one.
 *
 *   --cars N      cars in the feed (default 30)
 *   --viewers M   sockets in the room (default 5000)
 *   --every MS    the feed's update interval: a realtime update and one car update per car (default 100;
 *                 ACC sends every 100–250 ms, the ingester asks for 250)
 *   --seconds S   measured seconds, after a warm-up (default 20)
 *
 * The API (`main.js`) and the worker (`worker.js`) run built, as two processes, on a fresh demo database,
 * so the worker's CPU is the ingester's (with an idle outbox consumer). The ACC server is the integration
 * test's fake (test/support/fake-acc-server.ts, real UDP, the protocol's encoder), with one change: every
 * realtime update's session time is the moment it is sent on this machine's clock. The frames carry the
 * session clock, so a viewer's frame tells which packet it is fresh from: the latency is from the newest
 * realtime update a frame carries being sent (the ingester receives it over loopback a fraction of a
 * millisecond later) to the frame arriving at the socket. The feed, the viewers' sockets and this process
 * share the machine's cores with the site.
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import type { LiveTimingFrame } from '../../backend/src/contracts/timing.js';
import type { AccServerMessage } from '../../backend/src/modules/timing/protocols/acc-broadcasting/messages.js';
import { FakeAccServer, type FakeCar } from '../support/fake-acc-server.js';
import { signIn } from '../support/sign-in.js';
import { connectAll, percentile } from './measure.js';
import { startBenchSite } from './site.js';

const { values } = parseArgs({
  options: {
    cars: { type: 'string', default: '30' },
    viewers: { type: 'string', default: '5000' },
    every: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
  },
});
const CARS = Number(values.cars);
const VIEWERS = Number(values.viewers);
const EVERY_MS = Number(values.every);
const SECONDS = Number(values.seconds);
const WARM_UP_MS = 5_000;
const P95_GOAL_MS = 150;
const PASSWORD = 'bench-connection-password';

/** The moment of sending on this process's clock, as the session time: the ACC clock reads in ms since the bench began. */
const benchClock = () => performance.now();

/** The fake ACC server, its realtime updates stamped with the moment they are sent. */
class StampingAccServer extends FakeAccServer {
  override send(message: AccServerMessage | Buffer): void {
    super.send(!Buffer.isBuffer(message) && message.kind === 'realtimeUpdate' ? { ...message, sessionTimeMs: benchClock() } : message);
  }
}

/** The session clock a frame carries (a delta carries it when it moved, which it does with every realtime update). */
const sessionClockOf = (frame: LiveTimingFrame): number | null => (frame.kind === 'snapshot' ? frame.timing.session.elapsedMs : (frame.session?.elapsedMs ?? null));

/** The process's CPU time so far (user + system), ms: Linux's /proc, as process.cpuUsage() reads it inside. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After the command: state is field 3, utime 14 and stime 15 (1-based), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ms = (value: number) => Math.round(value * 10) / 10;
const cars: FakeCar[] = Array.from({ length: CARS }, (_, index) => ({
  carIndex: index,
  raceNumber: index + 1,
  firstName: `Driver`,
  lastName: `Number ${index + 1}`,
}));

const loadBefore = loadavg()[0];
const site = await startBenchSite('bench_timing', { WEB_DIST: '' }, { separateWorker: true });
const server = new StampingAccServer(PASSWORD, cars, EVERY_MS);
await server.start();
// The worker publishes each frame once on the Socket.IO channels of the room (every API instance listens there).
const channels = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
let sockets: Socket[] = [];
try {
  const database = new pg.Client({ connectionString: site.databaseUrl });
  await database.connect();
  const raceRow = await database.query<{ id: number }>('select id from races order by id limit 1');
  await database.end();
  const raceId = raceRow.rows[0]?.id;
  if (raceId === undefined) throw new Error('The demo database has no race');

  sockets = await connectAll(site.baseUrl, VIEWERS);
  let measuring = false;
  const latencies: number[] = [];
  let bytes = 0;
  let frames = 0;
  for (const socket of sockets) {
    socket.io.engine.on('data', (data: unknown) => {
      if (measuring) bytes += typeof data === 'string' ? Buffer.byteLength(data) : data instanceof ArrayBuffer ? data.byteLength : 0;
    });
    socket.on('live.frame', (frame: LiveTimingFrame) => {
      if (!measuring) return;
      frames += 1;
      const sentAt = sessionClockOf(frame);
      if (sentAt !== null) latencies.push(benchClock() - sentAt);
    });
  }
  for (let start = 0; start < sockets.length; start += 500) {
    await Promise.all(
      sockets.slice(start, start + 500).map(async (socket) => {
        const ack = (await socket.timeout(30_000).emitWithAck('subscribe', { room: `live:${raceId}` })) as { ok: boolean };
        if (!ack.ok) throw new Error(`live:${raceId} refused a viewer`);
      }),
    );
  }

  const admin = await signIn(site.baseUrl, 'admin');
  const saved = await fetch(`${site.baseUrl}/api/races/${raceId}/timing-source`, {
    method: 'PUT',
    headers: { cookie: admin.header(), 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'ACC', host: '127.0.0.1', port: server.port, password: PASSWORD }),
  });
  if (saved.status !== 200) throw new Error(`PUT timing-source answered ${saved.status}: ${await saved.text()}`);

  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  if (server.registrations.length === 0) throw new Error('No ingester registered with the ACC server');
  // One socket's distinct frames (a viewer busy or slow skips frames: they are sent volatile).
  const versions = new Set<number>();
  sockets[0].on('live.frame', (frame: LiveTimingFrame) => {
    if (measuring) versions.add(frame.kind === 'snapshot' ? frame.timing.version : frame.version);
  });
  let published = 0;
  await channels.psubscribe(`${site.redisPrefix}:socket.io#*`);
  channels.on('pmessageBuffer', () => {
    if (measuring) published += 1;
  });
  const workerCpuBefore = cpuMsOf(site.workerPid!);
  const startedAt = performance.now();
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  measuring = false;
  const elapsedS = (performance.now() - startedAt) / 1000;
  const workerCpuMs = cpuMsOf(site.workerPid!) - workerCpuBefore;
  const loadAfter = loadavg()[0];

  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(
    `\nbench:timing — ${CARS} cars every ${EVERY_MS} ms (${Math.round(((CARS + 1) * 1000) / EVERY_MS)} packets/s) into one ingester, ` +
      `${sockets.length} viewers in live:${raceId}, ${ms(elapsedS)} s measured; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} at the end ` +
      `(2 cores; the feed and the viewers' sockets run on the same machine)\n`,
  );
  console.table({
    'packet sent → browser frame, p50': { value: `${ms(percentile(sorted, 50))} ms`, goal: '', met: '' },
    'packet sent → browser frame, p95': { value: `${ms(p95)} ms`, goal: `≤ ${P95_GOAL_MS} ms`, met: p95 <= P95_GOAL_MS ? 'yes' : 'NO' },
    'packet sent → browser frame, p99': { value: `${ms(percentile(sorted, 99))} ms`, goal: '', met: '' },
    'frames published per second (the ingester)': { value: ms(published / elapsedS), goal: '≤ 4', met: published / elapsedS <= 4.2 ? 'yes' : 'NO' },
    'frames received per second, one viewer': { value: ms(versions.size / elapsedS), goal: '', met: '' },
    'frames received per second, mean of all viewers': { value: ms(frames / sockets.length / elapsedS), goal: '', met: '' },
    'bytes per viewer per second': { value: Math.round(bytes / sockets.length / elapsedS), goal: 'printed', met: '' },
    'ingester CPU (worker process)': { value: `${ms((workerCpuMs / (elapsedS * 1000)) * 100)} % of a core`, goal: 'printed', met: '' },
    'frames measured': { value: latencies.length, goal: '', met: '' },
  });
} finally {
  for (const socket of sockets) socket.disconnect();
  server.close();
  channels.disconnect();
  await site.stopAndDrop();
}
process.exit(0);
