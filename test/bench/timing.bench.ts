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
 *
 *   --viewer-processes P   the viewers' sockets are spread over P child processes (default 4,
 *                          timing-viewers.ts), so they do not queue behind each other in one event loop;
 *                          they still share the machine's cores with the site being measured.
 *   --profile DIR          the API and the worker write V8 tick logs to DIR (api.log, worker.log; read them
 *                          with `node --prof-process`).
 *
 * Also measured where the time goes: packet sent → the frame published on Redis (the ingester's share,
 * including the wait for its next frame), and published → received (the API's fan-out and the viewers).
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { decode } from 'notepack.io';
import pg from 'pg';
import type { LiveTimingFrame } from '../../backend/src/contracts/timing.js';
import type { AccServerMessage } from '../../backend/src/modules/timing/protocols/acc-broadcasting/messages.js';
import { FakeAccServer, type FakeCar } from '../support/fake-acc-server.js';
import { signIn } from '../support/sign-in.js';
import { percentile } from './measure.js';
import { startBenchSite } from './site.js';
import { sessionClockOf, type FromViewers, type ToViewers, type ViewersOptions, type ViewersReport } from './timing-viewers.js';

const { values } = parseArgs({
  options: {
    cars: { type: 'string', default: '30' },
    viewers: { type: 'string', default: '5000' },
    every: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    'viewer-processes': { type: 'string', default: '4' },
    profile: { type: 'string' },
  },
});
const CARS = Number(values.cars);
const VIEWERS = Number(values.viewers);
const EVERY_MS = Number(values.every);
const SECONDS = Number(values.seconds);
const VIEWER_PROCESSES = Math.max(1, Math.min(VIEWERS, Number(values['viewer-processes'])));
const WARM_UP_MS = 5_000;
const P95_GOAL_MS = 150;
const FRAMES_PER_SECOND_GOAL = 4;
const PASSWORD = 'bench-connection-password';

/** The moment of sending, as the session time: ms since this process began (the viewers' processes read the same clock). */
const benchClock = () => performance.now();

/** The fake ACC server, its realtime updates stamped with the moment they are sent. */
class StampingAccServer extends FakeAccServer {
  override send(message: AccServerMessage | Buffer): void {
    super.send(!Buffer.isBuffer(message) && message.kind === 'realtimeUpdate' ? { ...message, sessionTimeMs: benchClock() } : message);
  }
}

/** The process's CPU time so far (user + system), ms: Linux's /proc, as process.cpuUsage() reads it inside. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After the command: state is field 3, utime 14 and stime 15 (1-based), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const uptime = () => execSync('uptime', { encoding: 'utf8' }).trim();

/** A share of the viewers in a child process; resolves once all its sockets are in the room. */
function startViewers(options: ViewersOptions): Promise<{ child: ChildProcess; next: () => Promise<FromViewers> }> {
  const child = fork(new URL('./timing-viewers.ts', import.meta.url).pathname, [JSON.stringify(options)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting: ((message: FromViewers) => void)[] = [];
  const arrived: FromViewers[] = [];
  child.on('message', (message: FromViewers) => {
    const taker = waiting.shift();
    if (taker) taker(message);
    else arrived.push(message);
  });
  child.once('exit', (code) => {
    for (const taker of waiting.splice(0)) taker({ kind: 'failed', error: `a viewers' process exited (${code})` });
  });
  const next = () => {
    const message = arrived.shift();
    return message ? Promise.resolve(message) : new Promise<FromViewers>((resolve) => waiting.push(resolve));
  };
  return next().then((first) => {
    if (first.kind !== 'ready') throw new Error(`A viewers' process failed: ${first.kind === 'failed' ? first.error : first.kind}`);
    return { child, next };
  });
}

const ms = (value: number) => Math.round(value * 10) / 10;
const cars: FakeCar[] = Array.from({ length: CARS }, (_, index) => ({
  carIndex: index,
  raceNumber: index + 1,
  firstName: `Driver`,
  lastName: `Number ${index + 1}`,
}));

const loadBefore = loadavg()[0];
const uptimeBefore = uptime();
const site = await startBenchSite('bench_timing', { WEB_DIST: '' }, { separateWorker: true, profileDir: values.profile ?? null });
const server = new StampingAccServer(PASSWORD, cars, EVERY_MS);
await server.start();
// The worker publishes each frame once on the Socket.IO channels of the room (every API instance listens there).
const channels = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const viewers: { child: ChildProcess; next: () => Promise<FromViewers> }[] = [];
try {
  const database = new pg.Client({ connectionString: site.databaseUrl });
  await database.connect();
  const raceRow = await database.query<{ id: number }>('select id from races order by id limit 1');
  await database.end();
  const raceId = raceRow.rows[0]?.id;
  if (raceId === undefined) throw new Error('The demo database has no race');

  for (let share = 0; share < VIEWER_PROCESSES; share += 1) {
    const count = Math.floor(VIEWERS / VIEWER_PROCESSES) + (share < VIEWERS % VIEWER_PROCESSES ? 1 : 0);
    // One after the other: the handshakes of 5,000 sockets at once would time out on two busy cores.
    viewers.push(await startViewers({ baseUrl: site.baseUrl, count, room: `live:${raceId}`, epoch: performance.timeOrigin }));
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

  let measuring = false;
  const published: { frame: LiveTimingFrame; bytes: number; sentToPublished: number | null }[] = [];
  await channels.psubscribe(`${site.redisPrefix}:socket.io#*`);
  channels.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, message: Buffer) => {
    if (!measuring) return;
    const now = benchClock();
    // The Redis emitter's message: [emitter id, Socket.IO packet, options], MessagePack.
    const [, packet] = decode(message) as [string, { data?: [string, LiveTimingFrame] }];
    const [name, frame] = packet.data ?? [];
    if (name !== 'live.frame' || !frame) return;
    const sentAt = sessionClockOf(frame);
    published.push({ frame, bytes: Buffer.byteLength(JSON.stringify(frame)), sentToPublished: sentAt === null ? null : now - sentAt });
  });
  const workerCpuBefore = cpuMsOf(site.workerPid!);
  const apiCpuBefore = cpuMsOf(site.apiPid);
  const startedAt = performance.now();
  measuring = true;
  for (const share of viewers) share.child.send({ kind: 'measure' } satisfies ToViewers);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  for (const share of viewers) share.child.send({ kind: 'stop' } satisfies ToViewers);
  measuring = false;
  const elapsedS = (performance.now() - startedAt) / 1000;
  const workerCpuMs = cpuMsOf(site.workerPid!) - workerCpuBefore;
  const apiCpuMs = cpuMsOf(site.apiPid) - apiCpuBefore;
  const loadAfter = loadavg()[0];
  const uptimeAfter = uptime();
  const reports: ViewersReport[] = [];
  for (const share of viewers) {
    const report = await share.next();
    if (report.kind !== 'report') throw new Error(`A viewers' process did not report: ${report.kind === 'failed' ? report.error : report.kind}`);
    reports.push(report);
  }

  const latencies = reports.flatMap((report) => report.latencies).sort((a, b) => a - b);
  const toPublished = published.flatMap((entry) => (entry.sentToPublished === null ? [] : [entry.sentToPublished])).sort((a, b) => a - b);
  const deltas = published.filter((entry) => entry.frame.kind === 'delta');
  const meanDeltaBytes = deltas.reduce((sum, entry) => sum + entry.bytes, 0) / Math.max(1, deltas.length);
  const frames = reports.reduce((sum, report) => sum + report.frames, 0);
  const bytes = reports.reduce((sum, report) => sum + report.bytes, 0);
  const olderThanSeen = reports.reduce((sum, report) => sum + report.olderThanSeen, 0);
  const p95 = percentile(latencies, 95);
  const publishedPerSecond = published.length / elapsedS;
  console.log(
    `\nbench:timing — ${CARS} cars every ${EVERY_MS} ms (${Math.round(((CARS + 1) * 1000) / EVERY_MS)} packets/s) into one ingester, ` +
      `${VIEWERS} viewers in live:${raceId} on ${VIEWER_PROCESSES} viewer processes, ${ms(elapsedS)} s measured; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} at the end.\n` +
      `2 cores; the feed, the viewers' sockets (child processes) and the site share them.\n` +
      `uptime before: ${uptimeBefore}\nuptime after:  ${uptimeAfter}\n`,
  );
  console.table({
    'packet sent → browser frame, p50': { value: `${ms(percentile(latencies, 50))} ms`, goal: '', met: '' },
    'packet sent → browser frame, p95': { value: `${ms(p95)} ms`, goal: `≤ ${P95_GOAL_MS} ms`, met: p95 <= P95_GOAL_MS ? 'yes' : 'NO' },
    'packet sent → browser frame, p99': { value: `${ms(percentile(latencies, 99))} ms`, goal: '', met: '' },
    'packet sent → frame published, p50 / p95': { value: `${ms(percentile(toPublished, 50))} / ${ms(percentile(toPublished, 95))} ms`, goal: '', met: '' },
    'frames published per second (the ingester)': {
      value: ms(publishedPerSecond),
      goal: `≤ ${FRAMES_PER_SECOND_GOAL}`,
      met: publishedPerSecond <= FRAMES_PER_SECOND_GOAL + 0.2 ? 'yes' : 'NO',
    },
    'frames received per second, first viewer': { value: ms(reports[0].firstSocketVersions / elapsedS), goal: '', met: '' },
    'frames received per second, mean of all viewers': { value: ms(frames / VIEWERS / elapsedS), goal: '', met: '' },
    'frames older than one already seen': { value: olderThanSeen, goal: '0', met: olderThanSeen === 0 ? 'yes' : 'NO' },
    'delta frame, mean JSON bytes': { value: Math.round(meanDeltaBytes), goal: '', met: '' },
    'bytes per viewer per second': { value: Math.round(bytes / VIEWERS / elapsedS), goal: 'printed', met: '' },
    'ingester CPU (worker process)': { value: `${ms((workerCpuMs / (elapsedS * 1000)) * 100)} % of a core`, goal: 'printed', met: '' },
    'API CPU (fan-out to the sockets)': { value: `${ms((apiCpuMs / (elapsedS * 1000)) * 100)} % of a core`, goal: '', met: '' },
    'frames measured': { value: latencies.length, goal: '', met: '' },
  });
} finally {
  for (const share of viewers) if (share.child.connected) share.child.send({ kind: 'exit' } satisfies ToViewers);
  server.close();
  channels.disconnect();
  await site.stopAndDrop();
}
process.exit(0);
