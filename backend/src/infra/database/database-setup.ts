import { MikroORM } from '@mikro-orm/postgresql';
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
