import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { createApp } from '../../backend/src/app.js';
import { SubscriberRegistry, subscriberJobId } from '../../backend/src/infra/outbox/subscriber-registry.js';
import { startWorker } from '../../backend/src/worker-process.js';
import { loadConfig, type AppConfig } from '../../backend/src/config/environment.js';
import { freePort } from './free-port.js';
import { eventually } from './eventually.js';
import { describeJobs } from './queued-jobs.js';
import { TestClock } from './test-clock.js';
import { GENEROUS_RATE_LIMITS } from './rate-limits.js';
import { createTestDatabase, dropTestDatabase } from './test-database.js';
import { CookieJar, signIn } from './sign-in.js';
import { ensureMember } from '../factories/users.js';
import type { DemoUsername } from '../../backend/src/infra/discord/demo-accounts.js';
import type { DomainEventName } from '../../backend/src/contracts/domain-events.js';

export interface TestAppOptions {
  /** Also run a worker in this process (handles domain events and pushes to sockets). */
  worker?: boolean;
  /** Use this database instead of a fresh one (for several instances of one deployment). */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Seed the demo league as `npm start` does (only the seed's own smoke test wants it). */
  seedDemo?: boolean;
  /** Migrate its database from scratch instead of cloning the migrated template (the schema check). */
  fromScratch?: boolean;
}

export interface TestApp {
  app: INestApplication;
  worker: INestApplicationContext | null;
  databaseUrl: string;
  config: AppConfig;
  baseUrl: string;
  /** The clock the app and its worker read where a rule turns on the time: `advance` it to let time pass. */
  clock: TestClock;
  /** A fresh entity manager on the app's database, for arranging and checking data. */
  em(): EntityManager;
  /** A fetch against the app; `as` signs the request in (cookie + the CSRF header). */
  request(path: string, init?: RequestInit & { as?: CookieJar; json?: unknown }): Promise<Response>;
  /**
   * Signs in through the Discord stand-in as that account. Its league member (roles, profile, the
   * captain's team) is what the test arranged with `newMember(em, account, …)`, or else the account's
   * persona, created by that factory now (see PERSONAS in test/factories/users.ts).
   */
  signIn(username: DemoUsername): Promise<CookieJar>;
  /** Waits until every subscriber of every domain event written so far has handled it in a worker; fails once none was handled for `ms` (10 s). */
  settled(ms?: number): Promise<void>;
  /** Waits until the outbox relay has sent every domain event written so far (and so dropped the cached reads they invalidate). */
  relayed(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Boots the real Nest app on a free port against a database of its own, migrated and empty (a clone of
 * the template migrated once per run; tests arrange their data with test/factories); `close()` stops the
 * app and drops the database.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const port = await freePort();
  const ownsDatabase = !options.databaseUrl;
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase('int', { seedDemo: options.seedDemo, fromScratch: options.fromScratch }));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: '',
    WORKER_STALLED_MS: '2000',
    // Each deployment under test gets its own Redis namespace: queues, sessions and sockets never meet.
    REDIS_PREFIX: `test-${new URL(databaseUrl).pathname.slice(1)}`,
    // Every test client is 127.0.0.1: limits no suite reaches (rate-limit tests set low ones).
    ...GENEROUS_RATE_LIMITS,
    ...options.env,
  });
  const clock = new TestClock();
  const app = await createApp(config, { logger: false, clock });
  await app.listen(port, '127.0.0.1');
  const worker = options.worker ? await startWorker(config, { logger: false, clock }) : null;
  const baseUrl = config.publicUrl;
  return {
    app,
    worker,
    databaseUrl,
    config,
    baseUrl,
    clock,
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
    signIn: async (username) => {
      await ensureMember(app.get(MikroORM).em.fork(), username);
      return signIn(baseUrl, username);
    },
    settled: async (ms = 10_000) => {
      // Fails when nothing more was handled for `ms`, not after `ms` in all: a backlog (an earlier test's
      // 40 saves, each with its recompute and notifications) drains slower on a busy machine, yet drains.
      let deadline = Date.now() + ms;
      let handledSoFar = -1;
      let unhandled: string[] = [];
      const subscribers = app.get(SubscriberRegistry);
      const handled = `select o.id, o.name, array_agg(p.subscriber) filter (where p.subscriber is not null) as done from outbox_events o
        left join processed_events p on p.event_id = o.id group by o.id, o.name`;
      while (Date.now() < deadline) {
        const events = await app.get(MikroORM).em.fork().execute<{ id: string; name: DomainEventName; done: string[] | null }[]>(handled);
        unhandled = events.flatMap((event) =>
          subscribers
            .of(event.name)
            .filter((subscriber) => !event.done?.includes(subscriber.name))
            .map((subscriber) => subscriberJobId(event.id, subscriber.name)),
        );
        if (!unhandled.length) return;
        const runs = events.reduce((sum, event) => sum + (event.done?.length ?? 0), 0);
        if (runs > handledSoFar) {
          handledSoFar = runs;
          deadline = Date.now() + ms;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const jobs = await describeJobs(config, unhandled.slice(0, 10));
      throw new Error(`Domain events still unhandled, none handled in the last ${ms} ms:\n${jobs.join('\n')}`);
    },
    relayed: () =>
      eventually(async () => {
        const [{ pending }] = await app
          .get(MikroORM)
          .em.fork()
          .execute<{ pending: number }[]>('select count(*)::int as pending from outbox_events where published_at is null');
        if (pending > 0) throw new Error(`${pending} domain events not sent by the outbox relay yet`);
      }, 10_000),
    close: async () => {
      await worker?.close();
      await app.close();
      if (ownsDatabase) await dropTestDatabase(databaseUrl);
    },
  };
}
