import { defineConfig, type EntityClass, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { migrations } from '../../../../migrations/index.js';
import { registerEntities } from './entity-by-name.js';

/**
 * Bounds for a process that answers requests (pg's own settings): a connection, or a free slot of the
 * pool, not had within `connectionTimeoutMillis` fails the query (an unreachable PostgreSQL, an
 * exhausted pool); a statement running longer than `statement_timeout` is cancelled by the server
 * (and its transaction rolled back: nothing half-written); a query unanswered after `query_timeout`
 * fails on the client (a PostgreSQL that stopped answering). The request then answers 503 within
 * about 2 s, and the pool makes new connections by itself once PostgreSQL is back.
 */
export const REQUEST_PATH_DATABASE = {
  connectionTimeoutMillis: 1500,
  statement_timeout: 1500,
  query_timeout: 1800,
} as const;

/**
 * MikroORM options for one database URL: the given entities (the application's list is
 * backend/src/entities.ts: infra knows no domain), migrations from `migrations/`, no schema sync;
 * with `requestPath`, the bounds above (the API; migrations and the worker's jobs may take longer).
 */
export function databaseOptions(databaseUrl: string, entities: readonly EntityClass<object>[], bounds: { requestPath?: boolean } = {}): Options {
  registerEntities(entities);
  return defineConfig({
    clientUrl: databaseUrl,
    ...(bounds.requestPath ? { driverOptions: { ...REQUEST_PATH_DATABASE } } : {}),
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
