import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import path from 'node:path';
import { freePort } from '../support/free-port.js';
import { GENEROUS_RATE_LIMITS } from '../support/rate-limits.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BenchSite {
  baseUrl: string;
  redisPrefix: string;
  databaseUrl: string;
  stop: () => void;
  /** The worker's process id when it runs in a process of its own (`separateWorker`), else null. */
  workerPid: number | null;
  /** The API's process id (with the worker in it unless `separateWorker`). */
  apiPid: number;
  /** Stops the site and drops the database it made (not one given in `env`), so runs leave none behind. */
  stopAndDrop: () => Promise<void>;
  /** With `probe`: the site process's own figures over a phase (see site-probe.js); the phase ends when `stop` is called. */
  startPhase: (options?: { profile?: string }) => Promise<{ stop: () => Promise<PhaseFigures> }>;
}

/** What `site-probe.js` measured in the site process over a phase: CPU time, event-loop delay and garbage collection, in ms. */
export interface PhaseFigures {
  /** CPU time of the whole process (user + system, every thread). */
  cpuMs: number;
  /** The main thread's time on a CPU and time runnable but waiting for one (null where /proc has no schedstat). */
  mainThread: { runMs: number; waitMs: number } | null;
  loopDelay: { p50: number; p99: number; max: number };
  gc: { minor: number; major: number; totalMs: number; maxMs: number };
  /** The HTTP requests' time inside the site (head parsed → answer handed to the socket), ms; null when none came. */
  inSite: { p99: number; max: number } | null;
}

/** Waits until `url` answers 200; fails at once if `child` exits first. */
export async function waitUntilAnswering(url: string, child: ChildProcess, seconds = 60): Promise<void> {
  for (let tries = 0; tries < seconds * 5; tries += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in ${seconds} s`);
}

/** Drops the database (and ends its connections). Plain pg: the benches run without decorator support, so no ORM here. */
export async function dropDatabase(databaseUrl: URL): Promise<void> {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${databaseUrl.pathname.slice(1)}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Starts the built worker (`npm run worker`) and waits until it says it is handling events. */
async function startWorkerProcess(env: NodeJS.ProcessEnv, nodeArgs: string[]): Promise<ChildProcess> {
  const worker = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'backend/dist/backend/src/worker.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    worker.stdout?.on('data', (chunk: Buffer) => {
      if (!ready && chunk.toString().includes('Worker is handling domain events')) {
        ready = true;
        resolve();
      }
    });
    worker.once('exit', (code) => reject(new Error(`The worker exited (${code}) before it was ready`)));
  });
  return worker;
}

/**
 * The built site as `npm start` runs it (API and worker in one process) on a fresh demo database and
 * Redis namespace of its own. Rate limits never refuse (the limiter still runs): a benchmark sends
 * everything from one address. `env` adds settings (e.g. `WEB_DIST: ''` to serve the API only).
 * `separateWorker` runs the API (`main.js`) and the worker (`worker.js`) as two processes instead, so a
 * bench can read each one's CPU. `profileDir` has each process write V8's tick log there (`--prof`; read it
 * with `node --prof-process <dir>/api.log`). `probe` preloads `site-probe.js` into the site (API) process, for
 * `startPhase`: its event-loop delay, its garbage collection and, if asked, a CPU profile over a phase.
 */
export async function startBenchSite(
  purpose: string,
  env: Record<string, string> = {},
  { separateWorker = false, profileDir = null as string | null, probe = false } = {},
): Promise<BenchSite> {
  const profiled = (name: string) => (profileDir ? ['--prof', '--no-logfile-per-isolate', `--logfile=${path.join(profileDir, `${name}.log`)}`] : []);
  const port = await freePort();
  const stamp = Date.now().toString(36);
  const databaseUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paddock');
  databaseUrl.pathname = `/paddock_${purpose}_${stamp}`;
  const redisPrefix = `${purpose}-${stamp}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  const siteEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'warn',
    ...GENEROUS_RATE_LIMITS,
    ...env,
  };
  const probed = probe ? ['--import', path.join(import.meta.dirname, 'site-probe.js')] : [];
  const site = spawn(process.execPath, [...profiled('api'), ...probed, path.join(ROOT, `backend/dist/backend/src/${separateWorker ? 'main' : 'start'}.js`)], {
    cwd: ROOT,
    env: siteEnv,
    stdio: probe ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'],
  });
  const probeAnswer = <T>(kind: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (message: { probe?: string; figures?: T }) => {
        if (message.probe !== kind) return;
        site.off('message', onMessage);
        resolve(message.figures as T);
      };
      site.on('message', onMessage);
    });
  const startPhase = async ({ profile }: { profile?: string } = {}) => {
    if (!probe) throw new Error('startPhase needs the site started with `probe`');
    const started = probeAnswer<undefined>('started');
    site.send({ probe: 'start', profile });
    await started;
    return {
      stop: () => {
        const stopped = probeAnswer<PhaseFigures>('stopped');
        site.send({ probe: 'stop' });
        return stopped;
      },
    };
  };
  // A fresh database is migrated and seeded first: on two cores shared with other work that can take minutes.
  await waitUntilAnswering(`${baseUrl}/api/health`, site, 240);
  // After the API: it creates and migrates the database the worker checks for.
  const worker = separateWorker ? await startWorkerProcess(siteEnv, profiled('worker')) : null;
  const processes = worker ? [site, worker] : [site];
  const stop = () => processes.forEach((child) => child.kill('SIGTERM'));
  const stopAndDrop = async () => {
    const exited = processes.map((child) => (child.exitCode === null ? once(child, 'exit') : Promise.resolve()));
    stop();
    await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (!env.DATABASE_URL) await dropDatabase(databaseUrl);
  };
  return { baseUrl, redisPrefix, databaseUrl: databaseUrl.toString(), workerPid: worker?.pid ?? null, apiPid: site.pid!, stop, stopAndDrop, startPhase };
}
