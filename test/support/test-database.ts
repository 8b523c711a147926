import { MikroORM } from '@mikro-orm/postgresql';
import { ENTITIES } from '../../backend/src/entities.js';
import { databaseOptions } from '../../backend/src/infra/database/database.config.js';
import { prepareDatabase } from '../../backend/src/infra/database/database-setup.js';
import { seedDemoData } from '../../backend/src/seed/demo-data.js';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paddock';

let created = 0;

/**
 * A database URL on the configured server with a name of its own (process, time, and a count within
 * the process), so parallel jest workers and several apps of one test file never meet. The Redis
 * prefix of a test app is derived from it.
 */
export function uniqueDatabaseUrl(purpose: string): string {
  const url = new URL(SERVER_URL);
  created += 1;
  url.pathname = `/paddock_${purpose}_${process.pid}_${Date.now().toString(36)}_${created}`;
  return url.toString();
}

/** Creates a fresh, empty database from `migrations/`; `seedDemo` also seeds the demo league as `npm start` does. */
export async function createTestDatabase(purpose: string, options: { seedDemo?: boolean } = {}): Promise<string> {
  const databaseUrl = uniqueDatabaseUrl(purpose);
  await prepareDatabase(databaseUrl);
  if (!options.seedDemo) return databaseUrl;
  const orm = await MikroORM.init(databaseOptions(databaseUrl, ENTITIES));
  try {
    await seedDemoData(orm.em.fork());
  } finally {
    await orm.close(true);
  }
  return databaseUrl;
}

export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const orm = await MikroORM.init(databaseOptions(admin.toString(), []));
  try {
    await orm.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
  } finally {
    await orm.close(true);
  }
}
