import { Redis } from 'ioredis';
import pg from 'pg';

/** Thrown when a service the league needs cannot be reached; its message is one line for a person. */
export class ServiceUnreachableError extends Error {}

function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Connects to the server (not a database that may not exist yet): is PostgreSQL there at all? */
async function checkPostgres(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new ServiceUnreachableError(
      `PostgreSQL cannot be reached at ${redacted(databaseUrl)} (${(error as Error).message || (error as { code?: string }).code}). ` +
        'Start it (e.g. `pg_ctlcluster 15 main start`) or run `docker compose up -d postgres redis`, or set DATABASE_URL.',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The socket's own error (e.g. ECONNREFUSED) says more than the "Connection is closed" that follows it.
  let socketError: Error | undefined;
  redis.on('error', (error: Error) => (socketError ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new ServiceUnreachableError(
      `Redis cannot be reached at ${redacted(redisUrl)} (${(socketError ?? (error as Error)).message}). ` +
        'Start it (e.g. `redis-server --daemonize yes`) or run `docker compose up -d postgres redis`, or set REDIS_URL.',
    );
  } finally {
    redis.disconnect();
  }
}

/** Fails fast, with one line naming the service and where it was looked for, before anything else starts. */
export async function checkServices(databaseUrl: string, redisUrl: string): Promise<void> {
  await checkPostgres(databaseUrl);
  await checkRedis(redisUrl);
}
