/**
 * `npm run bench:reads` — every public read of PUBLIC_READS against an empty Nest route, in one run on
 * this machine. A benchmark, not a test: it prints a table.
 *
 *   --connections N   concurrent connections (default 20)
 *   --duration S      seconds per measurement (default 8)
 *
 * For each read: the peak (req/s, p50, p99 at N connections), its ratio to the empty route's peak, and
 * p99 with the load held at 70 % of the read's own peak. Goals: ratio ≥ 0.5, p99 at 70 % ≤ 50 ms.
 * The site runs as `npm start` does (API + worker in one process, built) on a fresh demo database.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../support/free-port.js';
import { signIn } from '../support/sign-in.js';
import { PUBLIC_READS, type DemoIds } from './public-reads.js';
import { startBenchSite, waitUntilAnswering } from './site.js';

const { values } = parseArgs({ options: { connections: { type: 'string', default: '20' }, duration: { type: 'string', default: '8' } } });
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const ROOT = path.resolve(import.meta.dirname, '../..');
const RATIO_GOAL = 0.5;
const P99_GOAL_MS = 50;
const HELD_LOAD = 0.7;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function startEmptyNestApp(): Promise<{ url: string; process: ChildProcess }> {
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

async function measure(url: string, headers: Record<string, string>, overallRate?: number): Promise<Measured> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, overallRate });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

async function demoIds(baseUrl: string): Promise<DemoIds> {
  const first = async (listPath: string) => {
    const page = (await (await fetch(`${baseUrl}${listPath}`)).json()) as { content: { id: number }[] };
    if (!page.content[0]) throw new Error(`${listPath} is empty on the demo league`);
    return page.content[0].id;
  };
  return {
    plannedEventId: await first('/api/events/planned?pageNumber=0&pageSize=1'),
    assessmentEventId: await first('/api/events/assessment/planned?pageNumber=0&pageSize=1'),
  };
}

// Logged at info, as `npm start` runs: the request log line is part of every read's cost.
const site = await startBenchSite('bench_reads', { WEB_DIST: '', LOG_LEVEL: 'info' });
const empty = await startEmptyNestApp();
try {
  const ids = await demoIds(site.baseUrl);
  const driver = await signIn(site.baseUrl, 'driver');
  const table: Record<string, Record<string, string | number>> = {};
  const row = (label: string, peak: Measured, held: Measured, baseline: number) => {
    const ratio = peak.rps / baseline;
    const met = ratio >= RATIO_GOAL && held.p99 <= P99_GOAL_MS && peak.failures === 0;
    table[label] = {
      'req/s': Math.round(peak.rps),
      'p50 ms': peak.p50,
      'p99 ms': peak.p99,
      'ratio to empty': Number(ratio.toFixed(2)),
      [`p99 ms at ${HELD_LOAD * 100} %`]: held.p99,
      failures: peak.failures + held.failures,
      goal: met ? 'met' : 'NOT met',
    };
  };

  console.log(`\nbench:reads — ${CONNECTIONS} connections, ${DURATION} s per measurement, API + worker in one process on ${process.env.HOSTNAME ?? 'this machine'}\n`);
  const emptyPeak = await measure(empty.url, {});
  const emptyHeld = await measure(empty.url, {}, Math.round(emptyPeak.rps * HELD_LOAD));
  row('empty Nest route (baseline)', emptyPeak, emptyHeld, emptyPeak.rps);
  for (const read of PUBLIC_READS) {
    const url = `${site.baseUrl}${read.path(ids)}`;
    const headers: Record<string, string> = read.signedIn ? { cookie: driver.header() } : {};
    const peak = await measure(url, headers);
    const held = await measure(url, headers, Math.round(peak.rps * HELD_LOAD));
    row(read.label, peak, held, emptyPeak.rps);
    process.stderr.write('.');
  }
  console.log();
  console.table(table);
  console.log(`Goals: each read ≥ ${RATIO_GOAL * 100} % of the empty route's req/s, p99 ≤ ${P99_GOAL_MS} ms at ${HELD_LOAD * 100} % of its peak, no failures.`);
} finally {
  site.stop();
  empty.process.kill('SIGTERM');
}
process.exit(0);
