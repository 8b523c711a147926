import { defineConfig, type EntityClass, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import pg from 'pg';
import { migrations } from '../../../../migrations/index.js';
import { registerEntities } from './entity-by-name.js';
import { PostgresNamingStrategy } from './naming-strategy.js';

/**
 * Bounds for a process that answers requests (pg's own settings): a connection, or a free slot of the
 * pool, not had within `connectionTimeoutMillis` fails the query (an unreachable PostgreSQL, an
 * exhausted pool); a statement running longer than `statement_timeout` is cancelled by the server
 * (and its transaction rolled back: nothing half-written); a query unanswered after `query_timeout`
 * fails on the client (a PostgreSQL that stopped answering), counted from when the query asked the pool
 * for its connection (`boundPoolWaits`). The request then answers 503 within about 2 s, and the pool
 * makes new connections by itself once PostgreSQL is back.
 */
export const REQUEST_PATH_DATABASE = {
  connectionTimeoutMillis: 1500,
  statement_timeout: 1500,
  query_timeout: 1800,
} as const;

type Release = (error?: Error) => void;

/**
 * The pg client of a request path, mending three ways a fault leaves a connection behind:
 * - A query unanswered after `query_timeout` fails, and its connection is closed (PostgreSQL rolls its
 *   transaction back): pg's own timeout kept the connection, the query still on it, so the pool would
 *   hand it out again (the transaction's ROLLBACK and the next queries waiting behind it), and the
 *   statement could still run once PostgreSQL answered — a COMMIT landing after its request was told
 *   nothing was changed.
 * - That timeout is judged after the answers that have arrived are read: when the process itself was held
 *   up past it (a long task, no CPU for it on a busy machine), pg's timer ran before the waiting answer
 *   was read — a COMMIT that had succeeded was reported as failed ("nothing was changed").
 * - Kysely gives a transaction's connection back to the pool only when its BEGIN, COMMIT or ROLLBACK
 *   succeeded: one lost to a fault stayed checked out for good, until the pool was used up. A connection
 *   that closes while checked out is given back (and dropped) by the client itself.
 * - The read timeout of a lease's first query counts from when the pool was asked for the connection
 *   (`boundPoolWaits`): a query that waited for a free connection, got one just before PostgreSQL
 *   stopped answering and then waited a whole read timeout more held its request about 3.3 s.
 * pg-pool lends a client by setting its `release`; the accessor makes giving it back happen once.
 */
export class RequestPathClient extends pg.Client {
  #giveBack: Release | null = null;
  readonly #readTimeoutMs: number | undefined;
  /** The least a query waits for its answer, however long it waited for the pool (or the process for a CPU). */
  readonly #leastReadTimeoutMs: number;
  /** When the pool was asked for the lease this client is lent for, until its first query is sent. */
  #askedAt: number | null = null;

  constructor(config?: string | pg.ClientConfig) {
    // The read timeout is this class's (see `query`), not pg's.
    const { query_timeout: readTimeoutMs, ...rest } = typeof config === 'object' ? config : { connectionString: config };
    super(rest);
    this.#readTimeoutMs = readTimeoutMs;
    // What the read timeout leaves beyond the pool's own bound on a wait for a connection.
    this.#leastReadTimeoutMs = Math.max(0, (readTimeoutMs ?? 0) - (rest.connectionTimeoutMillis ?? 0));
    this.on('end', () => this.release(new Error('The connection to PostgreSQL closed')));
  }

  /** Lent for a lease the pool was asked for at `askedAt` (`performance.now()`): its first query has waited since. */
  lentFor(askedAt: number): void {
    this.#askedAt = askedAt;
  }

  get release(): Release {
    return (error) => {
      const giveBack = this.#giveBack;
      this.#giveBack = null;
      giveBack?.(error);
    };
  }

  set release(giveBack: Release) {
    this.#giveBack = giveBack;
  }

  override query(...args: unknown[]): never {
    const answer = (pg.Client.prototype.query as (...args: unknown[]) => unknown).apply(this, args);
    const waited = this.#askedAt === null ? 0 : performance.now() - this.#askedAt;
    this.#askedAt = null;
    if (answer instanceof Promise && this.#readTimeoutMs !== undefined) {
      const readTimeoutMs = Math.max(this.#readTimeoutMs - waited, this.#leastReadTimeoutMs);
      let answered = false;
      // Its callback waits for that turn of the event loop's I/O (`setImmediate` runs after it) before it decides.
      const timer = setTimeout(() => setImmediate(() => answered || this.#closeUnanswered()), readTimeoutMs);
      const settle = () => {
        answered = true;
        clearTimeout(timer);
      };
      answer.then(settle, settle);
    }
    return answer as never;
  }

  /** Closes the connection at once: its queries fail ("Connection terminated"), as closed by `end`, not as lost. */
  #closeUnanswered(): void {
    void this.end().catch(() => undefined);
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }
}

/**
 * Tells each client the pool lends when it was asked for (`RequestPathClient.lentFor`), so its first
 * query's read timeout includes the wait for the connection: a query waits for PostgreSQL `query_timeout`
 * in all, for a connection and for its answer. The promise form only (Kysely's); a callback is passed on.
 */
export function boundPoolWaits(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    if (callback !== undefined) return connect(callback);
    const askedAt = performance.now();
    return connect()!.then((client) => {
      if (client instanceof RequestPathClient) client.lentFor(askedAt);
      return client;
    });
  }) as typeof pool.connect;
}

/** The pg pool's options on a request path: its bounds, its client and the bound on waits for a connection. */
export const REQUEST_PATH_DRIVER = { ...REQUEST_PATH_DATABASE, Client: RequestPathClient, onPoolCreated: boundPoolWaits };

/**
 * MikroORM options for one database URL: the given entities (the application's list is
 * backend/src/entities.ts: infra knows no domain), migrations from `migrations/`, no schema sync;
 * with `requestPath`, the bounds above (the API; migrations and the worker's jobs may take longer).
 */
export function databaseOptions(databaseUrl: string, entities: readonly EntityClass<object>[], bounds: { requestPath?: boolean } = {}): Options {
  registerEntities(entities);
  return defineConfig({
    clientUrl: databaseUrl,
    ...(bounds.requestPath ? { driverOptions: REQUEST_PATH_DRIVER } : {}),
    entities: [...entities],
    // Migrating needs no entities (they are SQL), so the database can be prepared with none.
    discovery: { warnWhenNoEntities: false },
    metadataProvider: ReflectMetadataProvider,
    namingStrategy: PostgresNamingStrategy,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, snapshot: false },
    forceUtcTimezone: true,
    // Migrations and discovery report through the app's own logs and start-up lines instead.
    logger: () => undefined,
    allowGlobalContext: false,
    debug: false,
  });
}
