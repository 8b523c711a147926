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
  stop: () => void;
  /** Stops the site and drops the database it made (not one given in `env`), so runs leave none behind. */
  stopAndDrop: () => Promise<void>;
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
async function dropDatabase(databaseUrl: URL): Promise<void> {
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

/**
 * The built site as `npm start` runs it (API and worker in one process) on a fresh demo database and
 * Redis namespace of its own. Rate limits never refuse (the limiter still runs): a benchmark sends
 * everything from one address. `env` adds settings (e.g. `WEB_DIST: ''` to serve the API only).
 */
export async function startBenchSite(purpose: string, env: Record<string, string> = {}): Promise<BenchSite> {
  const port = await freePort();
  const stamp = Date.now().toString(36);
  const databaseUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paddock');
  databaseUrl.pathname = `/paddock_${purpose}_${stamp}`;
  const redisPrefix = `${purpose}-${stamp}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  const site = spawn(process.execPath, [path.join(ROOT, 'backend/dist/backend/src/start.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_PREFIX: redisPrefix,
      LOG_LEVEL: 'warn',
      ...GENEROUS_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilAnswering(`${baseUrl}/api/health`, site);
  const stop = () => site.kill('SIGTERM');
  const stopAndDrop = async () => {
    const exited = site.exitCode === null ? once(site, 'exit') : Promise.resolve();
    stop();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (!env.DATABASE_URL) await dropDatabase(databaseUrl);
  };
  return { baseUrl, redisPrefix, stop, stopAndDrop };
}
