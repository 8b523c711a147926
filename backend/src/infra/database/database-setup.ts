import { MikroORM } from '@mikro-orm/postgresql';
import { isDatabaseUnavailable } from '../../common/service-unavailable.js';
import { databaseOptions } from './database.config.js';

/** Creates the database when missing and applies pending migrations; returns the names applied. */
export async function prepareDatabase(databaseUrl: string): Promise<string[]> {
  // Migrations are SQL: no entity is needed to apply them.
  const orm = await MikroORM.init(databaseOptions(databaseUrl, []));
  try {
    await orm.schema.ensureDatabase({ create: true });
    const applied = await orm.migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}

/** How long a booting process waits for PostgreSQL to take its first connection. */
export const BOOT_DATABASE_WAIT_MS = 30_000;
const BOOT_RETRY_MS = 250;

/**
 * Connects the ORM at boot, trying again while PostgreSQL cannot be reached (starting up, or slow to
 * take a connection on a busy machine: a request's 1.5 s bound is for requests, not for a boot) until
 * `withinMs` has passed. Any other failure (a wrong password, a missing database) is thrown at once.
 */
export async function connectWhenReachable(orm: Pick<MikroORM, 'connect'>, withinMs = BOOT_DATABASE_WAIT_MS): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      await orm.connect();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + BOOT_RETRY_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, BOOT_RETRY_MS));
    }
  }
}
