import { MikroORM } from '@mikro-orm/postgresql';
import { databaseOptions } from '../../backend/src/infra/database/database.config.js';
import { prepareDatabase } from '../../backend/src/infra/database/database-setup.js';
import { seedDemoData } from '../../backend/src/seed/demo-data.js';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paddock';

/** A database URL on the configured server with a name of its own, so parallel runs never meet. */
export function uniqueDatabaseUrl(purpose: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/paddock_${purpose}_${process.pid}_${Date.now().toString(36)}`;
  return url.toString();
}

/** Creates a fresh database from `migrations/` and seeds the demo league, as `npm start` does. */
export async function createTestDatabase(purpose: string): Promise<string> {
  const databaseUrl = uniqueDatabaseUrl(purpose);
  await prepareDatabase(databaseUrl);
  const orm = await MikroORM.init(databaseOptions(databaseUrl));
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
  const orm = await MikroORM.init({ ...databaseOptions(admin.toString()), entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    await orm.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
  } finally {
    await orm.close(true);
  }
}
