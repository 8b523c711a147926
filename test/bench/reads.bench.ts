/**
 * `npm run bench:reads` — every public read of PUBLIC_READS against an empty Nest route, in one run on
 * this machine. A benchmark, not a test: it prints a table.
 *
 *   --connections N   concurrent connections (default 20)
 *   --duration S      seconds per measurement (default 8)
 *   --only TEXT       only the reads whose label contains TEXT (any case)
 *   --profile DIR     writes a CPU profile of the site process during each held-load phase to DIR
 *                     (`<read>.cpuprofile`: open in Chrome DevTools' Performance panel or speedscope)
 *
 * For each read: the peak (req/s, p50, p99 at N connections, closed loop: autocannon), its ratio to
 * the empty route's peak measured just before it (the machine's other load drifts during a run), and
 * p99 with the load held at 70 % of the read's own peak, and the site process's event-loop delay and
 * garbage collection during that held load and how long its requests took inside it (measured there by
 * `site-probe.js`), beside this client's own event-loop delay. Goals (issue 28):
 * a visitor's read ≥ 0.6 of the empty route, a signed-in or GraphQL read ≥ 0.5, p99 at 70 % ≤ 50 ms.
 * The held load is sent open loop, evenly spaced over N keep-alive connections, and each latency
 * counts from the moment its request was due (a request waiting for a free connection is not
 * excused). autocannon's own `overallRate` is not used for it: each connection sends its quota for
 * the second back to back and then waits for the next second, so it measures bursts, not a held rate.
 * The site runs as `npm start` does (API + worker in one process, built) on a fresh demo database.
 * Every request carries the Accept-Encoding Chromium sends, so answers of 1 KB or more come compressed.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { signIn } from '../support/sign-in.js';
import { PUBLIC_READS, type DemoIds, type PublicRead } from './public-reads.js';
import { measurePeak, percentile, startEmptyNestApp, type Measured } from './measure.js';
import { startBenchSite, type PhaseFigures } from './site.js';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '8' },
    only: { type: 'string', default: '' },
    profile: { type: 'string', default: '' },
  },
});
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
/** Issue 28: a visitor's read (goal 2); a signed-in caller's (goal 1) and a GraphQL persisted query's (goal 3). */
const RATIO_GOAL = 0.6;
const SIGNED_IN_RATIO_GOAL = 0.5;
const GRAPHQL_RATIO_GOAL = 0.5;
const P99_GOAL_MS = 50;
const HELD_LOAD = 0.7;
const CLIENT_DELAY_RESOLUTION_MS = 5;
/** What Chromium sends with every fetch: the reads are asked as the pages ask them, and answers of 1 KB or more come compressed. */
const AS_A_BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** A held load's figures, with the bench client's own event-loop delay meanwhile (ms). */
type HeldMeasured = Measured & { clientLoopDelay: { p99: number; max: number } };

const measure = (url: string, headers: Record<string, string>) => measurePeak(url, CONNECTIONS, DURATION, headers);

/**
 * `rate` GETs a second for DURATION seconds, evenly spaced, over CONNECTIONS keep-alive connections
 * (one request at a time on each; a request waits for a free connection, and that wait counts). A
 * bare HTTP/1.1 client on net sockets: node:http's client costs too much CPU at these rates on a
 * machine the server shares, and would be measured instead of the server.
 */
async function measureHeld(url: string, headers: Record<string, string>, rate: number): Promise<HeldMeasured> {
  const target = new URL(url);
  const headerLines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = Buffer.from(`GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n${headerLines.join('')}\r\n`);
  const total = Math.round(rate * DURATION);
  const latencies: number[] = [];
  const waiting: number[] = [];
  let failures = 0;
  let scheduled = 0;

  interface Connection {
    socket: Socket;
    dueAt: number | null;
    buffer: Buffer;
  }
  const idle: Connection[] = [];
  const sendNext = (connection: Connection) => {
    const dueAt = waiting.shift();
    if (dueAt === undefined) {
      connection.dueAt = null;
      idle.push(connection);
      return;
    }
    connection.dueAt = dueAt;
    connection.socket.write(request);
  };
  const onData = (connection: Connection, chunk: Buffer) => {
    connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
    const headEnd = connection.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = connection.buffer.subarray(0, headEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = status === 304 || status === 204 ? 0 : Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
    if (Number.isNaN(length)) throw new Error(`${url}: an answer without Content-Length`);
    if (connection.buffer.length < headEnd + 4 + length) return;
    connection.buffer = connection.buffer.subarray(headEnd + 4 + length);
    latencies.push(performance.now() - connection.dueAt!);
    if (status !== 200) failures += 1;
    sendNext(connection);
  };
  const connections = await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      () =>
        new Promise<Connection>((resolve, reject) => {
          const socket = connect(Number(target.port), target.hostname, () => resolve(connection));
          const connection: Connection = { socket, dueAt: null, buffer: Buffer.alloc(0) };
          socket.setNoDelay(true);
          socket.on('data', (chunk: Buffer) => onData(connection, chunk));
          socket.once('error', reject);
        }),
    ),
  );
  idle.push(...connections);
  // This client's own event loop: a request is timed from when it was due, so a stall here counts too.
  const clientDelay = monitorEventLoopDelay({ resolution: CLIENT_DELAY_RESOLUTION_MS });
  clientDelay.enable();
  const started = performance.now();
  while (scheduled < total) {
    const dueNow = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; scheduled < dueNow; scheduled += 1) waiting.push(started + (scheduled / rate) * 1000);
    while (waiting.length && idle.length) sendNext(idle.pop()!);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const deadline = performance.now() + 30_000;
  while (latencies.length < total && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  clientDelay.disable();
  failures += total - latencies.length;
  for (const { socket } of connections) socket.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const delayMs = (nanoseconds: number) => Math.max(0, Math.round(nanoseconds / 1e6 - CLIENT_DELAY_RESOLUTION_MS));
  return {
    rps: total / DURATION,
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
    failures,
    clientLoopDelay: { p99: delayMs(clientDelay.percentile(99)), max: delayMs(clientDelay.max) },
  };
}

/** A process's CPU time so far (user + system, every thread), in ms: /proc, so Linux only (NaN elsewhere). */
function cpuTimeMs(pid: number): number {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms, after the command name in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** `measured`'s figures, and the CPU time process `pid` spent per request meanwhile (µs). */
async function withCpu(pid: number, measured: () => Promise<Measured>): Promise<Measured & { cpuUsPerRequest: number }> {
  const before = cpuTimeMs(pid);
  const figures = await measured();
  return { ...figures, cpuUsPerRequest: ((cpuTimeMs(pid) - before) * 1000) / (figures.rps * DURATION) };
}

async function demoIds(baseUrl: string): Promise<DemoIds> {
  const first = async (listPath: string) => {
    const page = (await (await fetch(`${baseUrl}${listPath}`)).json()) as { content: { id: number }[] };
    if (!page.content[0]) throw new Error(`${listPath} is empty on the demo league`);
    return page.content[0].id;
  };
  const current = (await (await fetch(`${baseUrl}/api/competitions/current?pageNumber=0&pageSize=25`)).json()) as { content: { currentSeason: { id: number } | null }[] };
  const seasonId = current.content.find((competition) => competition.currentSeason)?.currentSeason?.id;
  if (seasonId === undefined) throw new Error('No current competition with a season on the demo league');
  return {
    plannedEventId: await first('/api/events/planned?pageNumber=0&pageSize=1'),
    assessmentEventId: await first('/api/events/assessment/planned?pageNumber=0&pageSize=1'),
    seasonId,
  };
}

/** Registers a persisted query's document as the client does the first time: POSTed with its hash (taken from the GET's URL). */
async function registerPersistedQuery(baseUrl: string, path: string, document: string): Promise<void> {
  const url = new URL(path, baseUrl);
  const body = {
    query: document,
    operationName: url.searchParams.get('operationName'),
    variables: JSON.parse(url.searchParams.get('variables') ?? '{}') as unknown,
    extensions: JSON.parse(url.searchParams.get('extensions')!) as unknown,
  };
  const answer = await fetch(new URL('/api/graphql', baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { errors } = (await answer.json()) as { errors?: { message: string }[] };
  if (!answer.ok || errors) throw new Error(`Registering ${body.operationName} failed: ${answer.status} ${errors?.[0]?.message ?? ''}`);
}

// Logged at info, as `npm start` runs: the request log line is part of every read's cost.
const site = await startBenchSite('bench_reads', { WEB_DIST: '', LOG_LEVEL: 'info' }, { probe: true });
if (values.profile) mkdirSync(values.profile, { recursive: true });
const empty = await startEmptyNestApp();
try {
  const ids = await demoIds(site.baseUrl);
  const driver = await signIn(site.baseUrl, 'driver');
  const table: Record<string, Record<string, string | number>> = {};
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ');
  const row = (
    label: string,
    ratioGoal: number | null,
    peak: Measured & { cpuUsPerRequest: number },
    held: HeldMeasured,
    baseline: Measured & { cpuUsPerRequest: number },
    site: PhaseFigures | null,
    loadAtStart: string,
  ) => {
    const ratio = peak.rps / baseline.rps;
    const ratioMet = ratioGoal === null || ratio >= ratioGoal;
    const p99Met = held.p99 <= P99_GOAL_MS;
    table[label] = {
      load: loadAtStart,
      'req/s': Math.round(peak.rps),
      'p99 ms': peak.p99,
      'empty req/s': Math.round(baseline.rps),
      ratio: Number(ratio.toFixed(2)),
      'ratio goal': ratioGoal === null ? '' : `≥ ${ratioGoal}`,
      'CPU µs/req at peak (empty)': `${Math.round(peak.cpuUsPerRequest)} (${Math.round(baseline.cpuUsPerRequest)})`,
      'CPU ratio': Number((baseline.cpuUsPerRequest / peak.cpuUsPerRequest).toFixed(2)),
      [`p99 at ${HELD_LOAD * 100} %`]: held.p99,
      'CPU µs/req held': site ? Math.round((site.cpuMs * 1000) / (held.rps * DURATION)) : '',
      'main thread run / wait ms': site?.mainThread ? `${site.mainThread.runMs} / ${site.mainThread.waitMs}` : '',
      'loop delay p50/p99/max': site ? `${site.loopDelay.p50} / ${site.loopDelay.p99} / ${site.loopDelay.max}` : '',
      'GC minor/major, max ms': site ? `${site.gc.minor} / ${site.gc.major}, ${site.gc.maxMs}` : '',
      'in the site p99 / max ms': site?.inSite ? `${site.inSite.p99} / ${site.inSite.max}` : '',
      'client loop delay p99 / max': `${held.clientLoopDelay.p99} / ${held.clientLoopDelay.max}`,
      failures: peak.failures + held.failures,
      ratio_met: ratioGoal === null ? '' : ratioMet ? 'met' : 'NOT met',
      p99_met: p99Met ? 'met' : 'NOT met',
      goals: ratioMet && p99Met && peak.failures + held.failures === 0 ? 'met' : 'NOT met',
    };
  };
  const ratioGoalOf = (read: PublicRead) => (read.graphqlDocument ? GRAPHQL_RATIO_GOAL : read.signedIn ? SIGNED_IN_RATIO_GOAL : RATIO_GOAL);
  const profileOf = (label: string) => (values.profile ? path.join(values.profile, `${label.replace(/[^\w]+/g, '-')}.cpuprofile`) : undefined);
  /** The held load of `url`, with the site's event loop and GC measured (and profiled) meanwhile. */
  const heldWithSite = async (url: string, headers: Record<string, string>, rate: number, label: string): Promise<[HeldMeasured, PhaseFigures]> => {
    const phase = await site.startPhase({ profile: profileOf(label) });
    const held = await measureHeld(url, headers, rate);
    return [held, await phase.stop()];
  };

  console.log(`\nbench:reads — ${CONNECTIONS} connections, ${DURATION} s per measurement, API + worker in one process, ${cpus().length} cores, load average ${load()}\n`);
  const emptyLoad = loadavg()[0].toFixed(1);
  const emptyPeak = await withCpu(empty.process.pid!, () => measure(empty.url, AS_A_BROWSER));
  const emptyHeld = await measureHeld(empty.url, AS_A_BROWSER, Math.round(emptyPeak.rps * HELD_LOAD));
  row('empty Nest route (baseline)', null, emptyPeak, emptyHeld, emptyPeak, null, emptyLoad);
  const reads = PUBLIC_READS.filter(({ label }) => label.toLowerCase().includes(values.only.toLowerCase()));
  for (const read of reads) if (read.graphqlDocument) await registerPersistedQuery(site.baseUrl, read.path(ids), read.graphqlDocument);
  // Every read once under load before any is measured: the first row measured would otherwise pay the
  // site's warm-up (JIT, pools, the first cache fills) that the rows after it do not.
  const headersOf = (read: PublicRead): Record<string, string> => ({ ...AS_A_BROWSER, ...(read.signedIn ? { cookie: driver.header() } : {}) });
  for (const read of reads) await measurePeak(`${site.baseUrl}${read.path(ids)}`, CONNECTIONS, 1, headersOf(read));
  for (const read of reads) {
    const url = `${site.baseUrl}${read.path(ids)}`;
    const headers = headersOf(read);
    const loadAtStart = loadavg()[0].toFixed(1);
    // The baseline again, just before: on a shared machine the load of other work drifts during a run.
    const baseline = await withCpu(empty.process.pid!, () => measure(empty.url, AS_A_BROWSER));
    const peak = await withCpu(site.apiPid, () => measure(url, headers));
    const [held, siteFigures] = await heldWithSite(url, headers, Math.round(peak.rps * HELD_LOAD), read.label);
    row(read.label, ratioGoalOf(read), peak, held, baseline, siteFigures, loadAtStart);
    process.stderr.write('.');
  }
  console.log();
  console.table(table);
  const rows = Object.entries(table).filter(([label]) => !label.startsWith('empty'));
  const count = (column: string) => rows.filter(([, cells]) => cells[column] === 'met').length;
  console.log(
    `Goals: a visitor's read ≥ ${RATIO_GOAL} of the empty route's req/s (measured just before it), a signed-in or GraphQL read ≥ ${SIGNED_IN_RATIO_GOAL}; p99 ≤ ${P99_GOAL_MS} ms at ${HELD_LOAD * 100} % of its peak; no failures.`,
  );
  console.log(
    `Met: ratio ${count('ratio_met')} of ${rows.length}, p99 at ${HELD_LOAD * 100} % ${count('p99_met')} of ${rows.length}, all ${count('goals')} of ${rows.length}.`,
  );
  console.log(
    `CPU µs/req at peak: the process's CPU time per request answered at peak (the empty route's in its row before it); CPU ratio: the empty route's ÷ the read's, what the ratio would be if both had a core each.`,
  );
  console.log(
    `load: 1-minute load average at the row's start. CPU µs/req held, main thread, loop delay and GC (ms): the site process during the held load (its CPU time per request sent; its main thread's time on a CPU and time runnable but waiting for one, i.e. held up by the machine's other load). In the site: each request's time from its parsed head to its answer handed to the socket; client loop delay: this bench's own event loop, which sends the held load (a request is timed from when it was due, so a stall there counts in the p99 too).`,
  );
  console.log(`Load average at the end: ${load()}`);
} finally {
  await site.stopAndDrop();
  empty.process.kill('SIGTERM');
}
process.exit(0);
