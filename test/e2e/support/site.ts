/**
 * The site a browser-test file drives: the built server, started as `npm start` starts it (API, worker
 * and web client in one process, `backend/dist/.../start.js`), on a free port with a database and a
 * Redis prefix of its own. Its league starts empty (DEMO_DATA=false): tests arrange what they need with
 * test/factories through `em()`; only the demo league's own smoke test asks for the seeded league.
 * Files never share a site, so jest may run them side by side.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ENTITIES } from '../../../backend/src/entities.js';
import { databaseOptions } from '../../../backend/src/infra/database/database.config.js';
import type { DemoUsername } from '../../../backend/src/infra/discord/demo-accounts.js';
import { ensureMember } from '../../factories/users.js';
import { freePort } from '../../support/free-port.js';
import { GENEROUS_RATE_LIMITS } from '../../support/rate-limits.js';
import { signIn, type CookieJar } from '../../support/sign-in.js';
import { createTestDatabase, dropTestDatabase } from '../../support/test-database.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(ROOT, 'backend/dist/backend/src/start.js');

export interface SiteOptions {
  /** Seed the demo league as a plain `npm start` does (only the demo league's smoke test wants it). */
  demoData?: boolean;
}

export interface Site {
  baseUrl: string;
  databaseUrl: string;
  /** A fresh entity manager on the site's database, for arranging and checking data with test/factories. */
  em(): EntityManager;
  /**
   * Signs in through the Discord stand-in over HTTP, for acting through the API beside the browsers.
   * The league member is what the test arranged with `newMember(site.em(), account, …)`, or else the
   * account's persona (test/factories/users.ts), created now.
   */
  signIn(account: DemoUsername): Promise<CookieJar>;
  /** A fetch against the site's API (`/api` + path); `as` signs it in (cookie and the CSRF header). */
  api(path: string, init?: { method?: string; as?: CookieJar; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The e2e server exited (${server.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The e2e server did not become healthy in 60 s:\n${output()}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
}

/**
 * Starts a site on a database of its own, cloned from the migrated template: the server finds no
 * migration pending, as `npm start` does on an up-to-date database (and seeds the demo league if asked).
 */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const databaseUrl = await createTestDatabase('e2e');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      // The run's compile cache (e2e global setup), when there is one: later boots skip compiling the server.
      ...(process.env.PADDOCK_SITE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.PADDOCK_SITE_COMPILE_CACHE } : {}),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `test-${new URL(databaseUrl).pathname.slice(1)}`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: options.demoData ? 'true' : 'false',
      // The demo's simulated race listens on one fixed UDP port: two demo sites at once would share it.
      // Browser tests of live timing start their own simulator.
      DEMO_LIVE_TIMING: 'false',
      // Every browser test runs from 127.0.0.1 and signs in many times: limits the suites never reach.
      ...GENEROUS_RATE_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let orm: MikroORM;
  try {
    await waitForHealth(baseUrl, server, () => output);
    orm = await MikroORM.init(databaseOptions(databaseUrl, ENTITIES));
  } catch (error) {
    await stop(server);
    await dropTestDatabase(databaseUrl).catch(() => undefined);
    throw error;
  }
  const em = () => orm.em.fork();
  return {
    baseUrl,
    databaseUrl,
    em,
    signIn: async (account) => {
      await ensureMember(em(), account);
      return signIn(baseUrl, account);
    },
    api: (apiPath, init = {}) => {
      const headers: Record<string, string> = {};
      if (init.as) Object.assign(headers, { cookie: init.as.header(), 'x-requested-with': 'XMLHttpRequest' });
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${baseUrl}/api${apiPath}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
    },
    close: async () => {
      await stop(server);
      await orm.close(true);
      await dropTestDatabase(databaseUrl);
    },
  };
}
