import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../backend/src/app.js';
import { loadConfig, type AppConfig } from '../../backend/src/config/environment.js';
import { freePort } from './free-port.js';
import { createTestDatabase, dropTestDatabase } from './test-database.js';
import { CookieJar, signIn } from './sign-in.js';
import type { DemoUsername } from '../../backend/src/infra/discord/demo-accounts.js';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  baseUrl: string;
  /** A fresh entity manager on the app's database, for arranging and checking data. */
  em(): EntityManager;
  /** A fetch against the app; `as` signs the request in (cookie + the CSRF header). */
  request(path: string, init?: RequestInit & { as?: CookieJar; json?: unknown }): Promise<Response>;
  signIn(username: DemoUsername): Promise<CookieJar>;
  close(): Promise<void>;
}

/**
 * Boots the real Nest app on a free port against a database of its own, migrated from scratch and
 * seeded with the demo league; `close()` stops the app and drops the database.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const port = await freePort();
  const databaseUrl = await createTestDatabase('int');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    ...env,
  });
  const app = await createApp(config, { logger: false });
  await app.listen(port, '127.0.0.1');
  const baseUrl = config.publicUrl;
  return {
    app,
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
    close: async () => {
      await app.close();
      await dropTestDatabase(databaseUrl);
    },
  };
}
