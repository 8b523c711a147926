import type { RedisOptions } from 'ioredis';

/**
 * A Redis connection that requests wait on, with every command bounded (ioredis' own settings): a
 * command sent to a Redis that stopped answering, or queued while the connection is re-established,
 * fails after `commandTimeout`; a reconnection attempt gives up after `connectTimeout` and the commands
 * queued meanwhile fail after one retry. Callers then fall back (the read cache to the database, rate
 * limits open) or answer 503 instead of hanging.
 */
export const BOUNDED_REDIS: RedisOptions = {
  maxRetriesPerRequest: 1,
  commandTimeout: 500,
  connectTimeout: 1000,
};

/**
 * The same, and a command fails at once while the connection is down instead of queueing at all
 * (`enableOfflineQueue: false`): for the shared connection, which every request uses. A connection
 * opened so must be ready before it is used: the process waits for it at boot (REDIS_READY_WAIT_MS).
 */
export const FAIL_FAST_REDIS: RedisOptions = { ...BOUNDED_REDIS, enableOfflineQueue: false };

/** How long a process waits at boot for a fail-fast connection to be ready before it serves anyway (degraded). */
export const REDIS_READY_WAIT_MS = 3000;
