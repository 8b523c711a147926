import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { migrations } from '../../../../migrations/index.js';
import { ENTITIES } from './entities.js';

/** MikroORM options for one database URL: explicit entities, migrations from `migrations/`, no schema sync. */
export function databaseOptions(databaseUrl: string): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: [...ENTITIES],
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
