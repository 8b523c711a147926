import { defineConfig, type EntityClass, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { migrations } from '../../../../migrations/index.js';

/**
 * MikroORM options for one database URL: the given entities (the application's list is
 * backend/src/entities.ts: infra knows no domain), migrations from `migrations/`, no schema sync.
 */
export function databaseOptions(databaseUrl: string, entities: readonly EntityClass<object>[]): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: [...entities],
    // Migrating needs no entities (they are SQL), so the database can be prepared with none.
    discovery: { warnWhenNoEntities: false },
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, snapshot: false },
    forceUtcTimezone: true,
    // Migrations and discovery report through the app's own logs and start-up lines instead.
    logger: () => undefined,
    allowGlobalContext: false,
    debug: false,
  });
}
