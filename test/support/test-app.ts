import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { createApp } from '../../backend/src/app.js';
import { startWorker } from '../../backend/src/worker-process.js';
import { loadConfig, type AppConfig } from '../../backend/src/config/environment.js';
import { freePort } from './free-port.js';
import { createTestDatabase, dropTestDatabase } from './test-database.js';
import { CookieJar, signIn } from './sign-in.js';
import type { DemoUsername } from '../../backend/src/infra/discord/demo-accounts.js';

export interface TestAppOptions {
  /** Also run a worker in this process (handles domain events and pushes to sockets). */
  worker?: boolean;
  /** Use this database instead of a fresh one (for several instances of one deployment). */
  databaseUrl?: string;
  env?: Record<string, string>;
}

export interface TestApp {
  app: INestApplication;
  worker: INestApplicationContext | null;
  databaseUrl: string;
  config: AppConfig;
  baseUrl: string;
  /** A fresh entity manager on the app's database, for arranging and checking data. */
  em(): EntityManager;
  /** A fetch against the app; `as` signs the request in (cookie + the CSRF header). */
  request(path: string, init?: RequestInit & { as?: CookieJar; json?: unknown }): Promise<Response>;
  signIn(username: DemoUsername): Promise<CookieJar>;
  /** Waits until every domain event written so far has been handled by a worker. */
  settled(ms?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Boots the real Nest app on a free port against a database of its own, migrated from scratch and
 * seeded with the demo league; `close()` stops the app and drops the database.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const port = await freePort();
  const ownsDatabase = !options.databaseUrl;
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase('int'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    WORKER_STALLED_MS: '2000',
    // Each deployment under test gets its own Redis namespace: queues, sessions and sockets never meet.
    REDIS_PREFIX: `test-${new URL(databaseUrl).pathname.slice(1)}`,
    ...options.env,
  });
  const app = await createApp(config, { logger: false });
  await app.listen(port, '127.0.0.1');
  const worker = options.worker ? await startWorker(config, { logger: false }) : null;
  const baseUrl = config.publicUrl;
  return {
    app,
    worker,
    databaseUrl,
    config,
    baseUrl,
    em: () => app.get(MikroORM).em.fork(),
    request: (path, init = {}) => {
      const { as, json, headers, ...rest } = init;
      const merged = new Headers(headers);
      if (as) {
        merged.set('cookie', as.header());
        if (!merged.has('x-requested-with')) merged.set('x-requested-with', 'XMLHttpRequest');
      }
      if (json !== undefined) merged.set('content-type', 'application/json');
      return fetch(`${baseUrl}${path}`, {
        ...rest,
        headers: merged,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
        redirect: 'manual',
      });
    },
    signIn: (username) => signIn(baseUrl, username),
    settled: async (ms = 10_000) => {
      const deadline = Date.now() + ms;
      const unhandled = 'select count(*)::int as n from outbox_events o where not exists (select 1 from processed_events p where p.event_id = o.id)';
      while (Date.now() < deadline) {
        const [{ n }] = await app.get(MikroORM).em.fork().execute<{ n: number }[]>(unhandled);
        if (n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`Domain events still unhandled after ${ms} ms`);
    },
    close: async () => {
      await worker?.close();
      await app.close();
      if (ownsDatabase) await dropTestDatabase(databaseUrl);
    },
  };
}
