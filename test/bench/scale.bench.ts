/**
 * `npm run bench:scale` — the design across processes: 3 API processes and 2 worker processes (as
 * docker-compose's `api` and `worker` services with more replicas) behind a small round-robin balancer
 * (balancer.ts), watched by many sockets spread over client processes (scale-clients.ts).
 * A benchmark, not a test: it prints a table with the goal beside each figure.
 *
 *   --sockets N            watching sockets (default 10000)
 *   --client-processes K   processes the sockets are spread over (default 4)
 *   --rounds R             measured changes in steady state (default 10)
 *   --changes C            changes in each kill's stream (default 40)
 *   --gap MS               between the changes of a kill's stream (default 1000; see STREAM_GAP_MS)
 *
 * 1. Steady state: a headline changed through API 1's REST reaches every socket on all three APIs
 *    (change → delivery, p50/p95, from the request).
 * 2. API 3 is killed (SIGKILL) amid a stream of changes: its sockets reconnect through the balancer to
 *    the others and refetch (as the browser does on every connect); the time from each one's
 *    disconnect to reconnected and to resynced; every socket's final view is compared with the truth.
 * 3. Worker 1 is killed amid a stream of changes: each socket must have exactly one push per change
 *    (none lost, none twice), every outbox row published, and one processed_events row per event.
 *
 * The processes run the built server on a fresh database and Redis namespace, dropped afterwards.
 * WORKER_STALLED_MS is 5 s here (default 30 s), so the killed worker's jobs are taken over within the run.
 */
import { Queue } from 'bullmq';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { HeadlineDto } from '../../backend/src/contracts/client-events.js';
import { freePort } from '../support/free-port.js';
import { GENEROUS_RATE_LIMITS } from '../support/rate-limits.js';
import { signIn } from '../support/sign-in.js';
import { percentile } from './measure.js';
import type { Reconnection, ScaleCommand, ScaleReply } from './scale-clients.js';
import { dropDatabase, waitUntilAnswering } from './site.js';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '10000' },
    'client-processes': { type: 'string', default: '4' },
    rounds: { type: 'string', default: '10' },
    changes: { type: 'string', default: '40' },
    gap: { type: 'string', default: '1000' },
  },
});
const SOCKETS = Number(values.sockets);
const CLIENT_PROCESSES = Number(values['client-processes']);
const ROUNDS = Number(values.rounds);
const CHANGES = Number(values.changes);
const API_COUNT = 3;
const WORKER_COUNT = 2;
const BALANCER_PROCESSES = 2;
const STALLED_MS = 5000;
/**
 * Between the changes of a kill's stream. One change to 10,000 sockets costs the machine about 0.9 CPU-s
 * (APIs, balancer and clients together, printed below), so a change a second asks for about a third of two
 * cores. At a gap of 100 ms the stream alone asked for four times what the cores have, and the reconnection
 * times measured that overload rather than the reconnections (p95 11–16 s against 5.4 s here).
 */
const STREAM_GAP_MS = Number(values.gap);
/** Changes sent at once when the worker is killed. */
const BURST = 10;

const GOALS = {
  deliveryP50Ms: 500,
  deliveryP95Ms: 1500,
  reconnectP95Ms: 5000,
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const SWC = ['--import', '@swc-node/register/esm-register'];
const clock = (): number => performance.timeOrigin + performance.now();
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const round1 = (value: number) => Math.round(value * 10) / 10;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

const stamp = Date.now().toString(36);
const databaseUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paddock');
databaseUrl.pathname = `/paddock_bench_scale_${stamp}`;
const redisPrefix = `bench_scale-${stamp}`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const metricsToken = `bench-scale-${stamp}-metrics-token`;
const balancerPort = await freePort();
const publicUrl = `http://127.0.0.1:${balancerPort}`;
const apiPorts = await Promise.all(Array.from({ length: API_COUNT }, () => freePort()));
const apiUrls = apiPorts.map((port) => `http://127.0.0.1:${port}`);
/** What every API and worker process gets: one database, one Redis namespace, one public address (the balancer's). */
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_OPTIONS: '',
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL: redisUrl,
  REDIS_PREFIX: redisPrefix,
  PUBLIC_URL: publicUrl,
  WEB_DIST: '',
  LOG_LEVEL: 'warn',
  METRICS_TOKEN: metricsToken,
  WORKER_STALLED_MS: String(STALLED_MS),
  DEMO_LIVE_TIMING: 'false',
  ...GENEROUS_RATE_LIMITS,
};

const children: ChildProcess[] = [];
const started = (child: ChildProcess) => (children.push(child), child);

/** Linux's clock ticks per second, the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

/** CPU time (user + system, ms) a process and its descendants (the balancer's cluster) have used so far; null once it is gone. */
function cpuMsOfTree(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    const descendants = readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number))
      .map((child) => cpuMsOfTree(child) ?? 0);
    return descendants.reduce((sum, ms) => sum + ms, own);
  } catch {
    return null;
  }
}

/** Where the machine's CPU went during each phase, by part (APIs, workers, balancer, clients). */
const cpuByPhase: Record<string, Record<string, number>> = {};
type Parts = Record<string, ChildProcess[]>;
/** Starts a phase's CPU account; the returned function ends it. A process gone by then (a killed one) is left out of its part's sum. */
function accountCpu(phase: string, parts: Parts): () => void {
  const at = (part: ChildProcess[]) => part.map((child) => cpuMsOfTree(child.pid!));
  const before = Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, at(part)]));
  const startedAt = clock();
  return () => {
    const wallMs = clock() - startedAt;
    const usedMs = Object.entries(parts).map(([name, part]) => {
      const after = at(part);
      return [name, after.reduce<number>((sum, ms, i) => (ms === null || before[name][i] === null ? sum : sum + ms - before[name][i]!), 0)] as const;
    });
    const totalMs = usedMs.reduce((sum, [, ms]) => sum + ms, 0);
    cpuByPhase[phase] = {
      'wall s': round1(wallMs / 1000),
      ...Object.fromEntries(usedMs.map(([name, ms]) => [`${name} s`, round1(ms / 1000)])),
      'all parts s': round1(totalMs / 1000),
      'of the cores, %': Math.round((100 * totalMs) / (wallMs * cpus().length)),
    };
  };
}

/** Resolves when `child` prints `line` on stdout; fails if it exits first. */
function printed(child: ChildProcess, line: string, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(line)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready`)));
  });
}

async function startApi(port: number): Promise<ChildProcess> {
  const api = started(
    spawn(process.execPath, [path.join(ROOT, 'backend/dist/backend/src/main.js')], {
      cwd: ROOT,
      env: { ...serverEnv, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  await waitUntilAnswering(`http://127.0.0.1:${port}/api/health`, api);
  return api;
}

async function startWorker(): Promise<ChildProcess> {
  const worker = started(
    spawn(process.execPath, [path.join(ROOT, 'backend/dist/backend/src/worker.js')], { cwd: ROOT, env: serverEnv, stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  await printed(worker, 'Worker is handling domain events', 'a worker');
  return worker;
}

async function startBalancer(): Promise<ChildProcess> {
  const balancer = started(
    spawn(process.execPath, [...SWC, path.join(import.meta.dirname, 'balancer.ts'), String(balancerPort), String(BALANCER_PROCESSES), ...apiUrls], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  await printed(balancer, `balancing on ${balancerPort}`, 'the balancer');
  return balancer;
}

/** Sends `signal` and waits for the exit (a SIGKILL after 10 s if it has not exited by then). */
async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Sends `command` to a client process and resolves with its next reply of type `type`. */
function ask<T extends ScaleReply['type']>(client: ChildProcess, command: ScaleCommand, type: T): Promise<Extract<ScaleReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ScaleReply) => {
      if (message.type !== type) return;
      client.off('message', onMessage);
      client.off('exit', onExit);
      resolve(message as Extract<ScaleReply, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`a client process exited (${code})`));
    client.on('message', onMessage);
    client.once('exit', onExit);
    client.send(command);
  });
}
const askAll = <T extends ScaleReply['type']>(clients: ChildProcess[], command: ScaleCommand, type: T) => Promise.all(clients.map((client) => ask(client, command, type)));

/** Connected sockets per API process, from each one's metrics (null for a process that is gone). */
async function socketsPerApi(): Promise<(number | null)[]> {
  return Promise.all(
    apiUrls.map(async (url) => {
      const response = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).catch(() => null);
      if (!response?.ok) return null;
      const match = /^paddock_connected_sockets (\d+)/m.exec(await response.text());
      return match ? Number(match[1]) : null;
    }),
  );
}

async function sql<R extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const stats = (values: number[]) => {
  const ascending = sorted(values);
  return { p50: round1(percentile(ascending, 50)), p95: round1(percentile(ascending, 95)), max: round1(ascending[ascending.length - 1] ?? NaN) };
};
const pair = ({ p50, p95 }: { p50: number; p95: number }) => `${p50} / ${p95}`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

const table: Record<string, { figure: string | number; goal: string; '': string }> = {};
const row = (label: string, figure: string | number, goal: string, ok: boolean) => (table[label] = { figure, goal, '': met(ok) });

let queue: Queue | null = null;
try {
  console.log(
    `\nbench:scale — ${SOCKETS} sockets over ${CLIENT_PROCESSES} client processes; ${API_COUNT} APIs, ${WORKER_COUNT} workers, balancer of ${BALANCER_PROCESSES} processes; ${cpus().length} cores, load ${load()} at start`,
  );
  // The first API creates, migrates and seeds the database; then the others.
  const apis = [await startApi(apiPorts[0])];
  apis.push(...(await Promise.all(apiPorts.slice(1).map((port) => startApi(port)))));
  const workers = await Promise.all(Array.from({ length: WORKER_COUNT }, () => startWorker()));
  const balancer = await startBalancer();
  queue = new Queue('domain-events', { connection: { url: redisUrl }, prefix: redisPrefix });

  const admin = await signIn(publicUrl, 'admin');
  const headers = { cookie: admin.header(), 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  const headlinesNow = async (): Promise<HeadlineDto[]> => (await fetch(`${apiUrls[0]}/api/headlines`)).json() as Promise<HeadlineDto[]>;
  let headline = (await headlinesNow())[0];
  if (!headline) {
    const created = await fetch(`${apiUrls[0]}/api/headlines`, { method: 'POST', headers, body: JSON.stringify({ text: 'bench:scale' }) });
    headline = (await created.json()) as HeadlineDto;
  }
  /** Every change goes through API 1's REST (not the balancer): the sockets on the other APIs get it through Redis. */
  let refused = 0;
  const change = async (text: string) => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(`${apiUrls[0]}/api/headlines/${headline.id}`, { method: 'PUT', headers, body: JSON.stringify({ text }) });
      const body = await response.text();
      if (response.ok) return;
      // A refusal (e.g. 503 when the machine is too loaded for PostgreSQL or Redis to answer in time) is retried as a user would.
      refused += 1;
      console.warn(`PUT /api/headlines/${headline.id} answered ${response.status}: ${body}`);
      if (attempt === 5) throw new Error(`PUT /api/headlines/${headline.id} was refused ${attempt} times`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  const clients = Array.from({ length: CLIENT_PROCESSES }, () =>
    started(fork(path.join(import.meta.dirname, 'scale-clients.ts'), [], { cwd: ROOT, execArgv: SWC, env: { ...process.env, NODE_OPTIONS: '' } })),
  );
  const parts: Parts = { APIs: apis, workers, balancer: [balancer], clients };
  const connectStart = clock();
  const connectCpu = accountCpu('connect', parts);
  const shares = clients.map((_, i) => Math.floor(SOCKETS / CLIENT_PROCESSES) + (i < SOCKETS % CLIENT_PROCESSES ? 1 : 0));
  await Promise.all(clients.map((client, i) => ask(client, { type: 'connect', url: publicUrl, count: shares[i] }, 'connected')));
  connectCpu();
  const spread = await socketsPerApi();
  console.log(`${SOCKETS} sockets connected and synced in ${round1((clock() - connectStart) / 1000)} s; per API: ${spread.join(' / ')}; load ${load()}`);

  // 1. Steady state: change → delivery on every socket.
  const delays: number[] = [];
  let missing = 0;
  const steadyPhase = `steady state (${ROUNDS + 1} changes)`;
  const steadyCpu = accountCpu(steadyPhase, parts);
  for (let round = -1; round < ROUNDS; round += 1) {
    const text = round < 0 ? 'warm-up' : `round ${round} ${stamp}`;
    await askAll(clients, { type: 'expect', id: headline.id, text, timeoutMs: 30_000 }, 'armed');
    const arrivals = Promise.all(
      clients.map(
        (client) =>
          new Promise<Extract<ScaleReply, { type: 'arrivals' }>>((resolve) => {
            const onMessage = (message: ScaleReply) => {
              if (message.type !== 'arrivals') return;
              client.off('message', onMessage);
              resolve(message);
            };
            client.on('message', onMessage);
          }),
      ),
    );
    const startedAt = clock();
    await change(text);
    const replies = await arrivals;
    if (round < 0) continue;
    for (const reply of replies) {
      delays.push(...reply.times.map((time) => time - startedAt));
      missing += reply.missing;
    }
  }
  steadyCpu();
  const delivery = stats(delays);
  row(`change → delivery p50 ms (${ROUNDS} changes × ${SOCKETS} sockets)`, delivery.p50, `≤ ${GOALS.deliveryP50Ms}`, delivery.p50 <= GOALS.deliveryP50Ms);
  row('change → delivery p95 ms', delivery.p95, `≤ ${GOALS.deliveryP95Ms}`, delivery.p95 <= GOALS.deliveryP95Ms);
  row('change → delivery max ms', delivery.max, '(shown)', true);
  row('deliveries missing (30 s)', missing, '0', missing === 0);
  console.log(`steady state measured; load ${load()}`);

  // 2. API 3 killed amid a stream of changes.
  await askAll(clients, { type: 'reset' }, 'reset');
  const onKilled = (await socketsPerApi())[2] ?? 0;
  let killedAt = 0;
  let apiKillCpu: () => void = () => undefined;
  const streamStart = clock();
  for (let i = 0; i < CHANGES; i += 1) {
    if (i === Math.floor(CHANGES / 3)) {
      apiKillCpu = accountCpu('API 3 killed → every socket resynced', parts);
      killedAt = clock();
      await kill(apis[2], 'SIGKILL');
    }
    await change(`api-kill ${i} ${stamp}`);
    await new Promise((resolve) => setTimeout(resolve, STREAM_GAP_MS));
  }
  const streamChangesPerSecond = CHANGES / ((clock() - streamStart) / 1000);
  const truthAfterApiKill = JSON.stringify(await headlinesNow());
  const apiChecks = await askAll(clients, { type: 'check', truth: truthAfterApiKill, timeoutMs: 120_000 }, 'checked');
  apiKillCpu();
  const reconnections: Reconnection[] = apiChecks.flatMap((check) => check.reconnections);
  const reconnect = stats(reconnections.map((entry) => entry.up - entry.down));
  const resynced = stats(reconnections.map((entry) => entry.synced - entry.down));
  const staleAfterApiKill = apiChecks.reduce((sum, check) => sum + check.stale, 0);
  const disconnectedAfterApiKill = apiChecks.reduce((sum, check) => sum + check.disconnected, 0);
  const spreadAfter = await socketsPerApi();
  console.log(
    `API 3 (${onKilled} sockets) killed ${round1((clock() - killedAt) / 1000)} s before the check; per API now: ${spreadAfter.map((count) => count ?? 'gone').join(' / ')}; load ${load()}`,
  );
  row(`sockets of the killed API reconnected`, `${reconnections.length} of ${onKilled}`, `all`, reconnections.length >= onKilled);
  row('disconnect → reconnected p50 ms', reconnect.p50, '(shown)', true);
  row('disconnect → reconnected p95 ms', reconnect.p95, `≤ ${GOALS.reconnectP95Ms}`, reconnect.p95 <= GOALS.reconnectP95Ms);
  // Where a reconnection's time goes: the client's back-off before the attempt that connected, then that attempt's handshake.
  const firstAttempt = reconnections.filter((entry) => entry.attempts === 1).length;
  row('  connected at the first attempt', `${firstAttempt} of ${reconnections.length}`, '(shown)', true);
  row('  disconnect → attempt that connected, p50 / p95 ms', pair(stats(reconnections.map((entry) => entry.lastAttempt - entry.down))), '(shown)', true);
  row('  that attempt sent → connected, p50 / p95 ms', pair(stats(reconnections.map((entry) => entry.up - entry.lastAttempt))), '(shown)', true);
  row('disconnect → resynced (refetched) p95 ms', resynced.p95, `≤ ${GOALS.reconnectP95Ms}`, resynced.p95 <= GOALS.reconnectP95Ms);
  row('sockets with a stale view after the API kill', staleAfterApiKill, '0', staleAfterApiKill === 0);
  row('sockets not connected after the API kill', disconnectedAfterApiKill, '0', disconnectedAfterApiKill === 0);

  // 3. Worker 1 killed amid a stream of changes.
  await askAll(clients, { type: 'reset' }, 'reset');
  const [{ seq: startSeq }] = await sql<{ seq: string }>('select coalesce(max(seq), 0) as seq from outbox_events');
  let activeAtKill = 0;
  for (let i = 0; i < CHANGES; i += 1) {
    if (i === Math.floor(CHANGES / 3)) {
      // A burst, so both workers hold jobs; worker 1 is killed as soon as any job is being handled.
      const burst = Array.from({ length: BURST }, (_, j) => change(`worker-kill ${i + j} ${stamp}`));
      for (let polls = 0; polls < 600 && activeAtKill === 0; polls += 1) activeAtKill = await queue.getActiveCount();
      await kill(workers[0], 'SIGKILL');
      await Promise.all(burst);
      i += BURST - 1;
      continue;
    }
    await change(`worker-kill ${i} ${stamp}`);
    await new Promise((resolve) => setTimeout(resolve, STREAM_GAP_MS));
  }
  await askAll(clients, { type: 'await-counts', pushes: CHANGES, timeoutMs: STALLED_MS * 4 + 30_000 }, 'counts');
  // Until the queue is idle: a push sent twice would have arrived by then.
  for (let tries = 0; tries < 600; tries += 1) {
    const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
    if (Object.values(counts).every((count) => count === 0)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const counted = await askAll(clients, { type: 'await-counts', pushes: CHANGES, timeoutMs: 0 }, 'counts');
  const counts = counted.flatMap((reply) => reply.counts);
  const reconnectedDuringWorkerKill = counted.reduce((sum, reply) => sum + reply.reconnections.length, 0);
  const lost = counts.filter((count) => count < CHANGES).length;
  const twice = counts.filter((count) => count > CHANGES).length;
  const events = await sql<{ id: string; published: boolean; processed: string }>(
    `select o.id, o.published_at is not null as published, (select count(*) from processed_events p where p.event_id = o.id) as processed
       from outbox_events o where o.seq > $1 and o.name = 'HeadlineUpdated' order by o.seq`,
    [startSeq],
  );
  const unpublished = events.filter((event) => !event.published).length;
  const unprocessed = events.filter((event) => Number(event.processed) === 0).length;
  const jobs = await Promise.all(events.map((event) => queue!.getJob(`${event.id}@Push.HeadlineUpdated.headlines.changed`)));
  const takenOver = jobs.filter((job) => job && (job.attemptsStarted > 1 || job.stalledCounter > 0 || job.attemptsMade > 1)).length;
  const failed = await queue.getFailedCount();
  const truthAfterWorkerKill = JSON.stringify(await headlinesNow());
  const workerChecks = await askAll(clients, { type: 'check', truth: truthAfterWorkerKill, timeoutMs: 30_000 }, 'checked');
  const staleAfterWorkerKill = workerChecks.reduce((sum, check) => sum + check.stale, 0);
  console.log(
    `worker 1 killed with ${activeAtKill} jobs active; ${takenOver} jobs started again (taken over or retried); ${reconnectedDuringWorkerKill} sockets reconnected meanwhile; load ${load()}`,
  );
  row(`outbox events of the worker-kill stream`, `${events.length} of ${CHANGES}`, `${CHANGES}`, events.length === CHANGES);
  row('events left unpublished in the outbox', unpublished, '0', unpublished === 0);
  row('events with no processed_events row', unprocessed, '0', unprocessed === 0);
  row('failed jobs', failed, '0', failed === 0);
  row(`sockets missing a push (lost)`, lost, '0', lost === 0);
  row(`sockets with a push twice (handled twice)`, twice, '0', twice === 0);
  row('sockets with a stale view after the worker kill', staleAfterWorkerKill, '0', staleAfterWorkerKill === 0);

  row('changes refused and retried (all phases)', refused, '0', refused === 0);
  console.log(
    `\nbench:scale — ${SOCKETS} sockets (${CLIENT_PROCESSES} client processes), ${API_COUNT} APIs + ${WORKER_COUNT} workers behind a round-robin balancer; ${cpus().length} cores, load ${load()} at the end\n`,
  );
  console.table(table);
  console.log('\nCPU time used by each part in each phase (a killed process is left out from its kill on):');
  console.table(cpuByPhase);
  const perSocketMs = (1000 * cpuByPhase.connect['all parts s']) / SOCKETS;
  const perChange = cpuByPhase[steadyPhase]['all parts s'] / (ROUNDS + 1);
  console.log(
    `A socket's connection and first refetch cost the machine ${round1(perSocketMs)} ms of CPU in all parts: the killed API's ${onKilled} sockets reconnecting at once take ${round1((onKilled * perSocketMs) / 1000 / cpus().length)} s of all ${cpus().length} cores. One change to ${SOCKETS} sockets costs ${round1(perChange)} CPU-s, so the API kill's stream (${round1(streamChangesPerSecond)} changes/s) asked for ${Math.round((100 * streamChangesPerSecond * perChange) / cpus().length)} % of the cores.`,
  );
} finally {
  await queue?.close();
  await Promise.all(children.map((child) => kill(child, 'SIGTERM').catch(() => undefined)));
  await dropDatabase(databaseUrl).catch((error: Error) => console.warn(`could not drop ${databaseUrl.pathname}: ${error.message}`));
}
process.exit(0);
