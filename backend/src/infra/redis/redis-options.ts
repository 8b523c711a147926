import type { QueueOptions } from 'bullmq';
import { Redis, type Command, type RedisOptions } from 'ioredis';

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

/** The error ioredis rejects a command with after `commandTimeout`. */
export const COMMAND_TIMED_OUT = 'Command timed out';

/**
 * A connection with `options` (BOUNDED_REDIS by default) whose `commandTimeout` is judged after the answers
 * that have arrived are read. When the process itself is held up past the timeout (a long task, a garbage
 * collection, no CPU for it on a busy machine), a command's timer falls due in the same turn of the event
 * loop as its answer waiting in the socket, and timers run first: ioredis failed the command with its
 * answer there — a push was then sent again by its retried job, a request fell back or answered 503. The
 * timer now waits for that turn's I/O (`setImmediate` runs after it) before it decides.
 */
export function boundedRedis(url: string, options: RedisOptions = BOUNDED_REDIS): Redis {
  const redis = new Redis(url, options);
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command, stream) => {
    const timer = timeOutAfterPendingReads(command);
    void command.promise.then(timer.stop, timer.stop);
    return send(command, stream);
  };
  return redis;
}

function timeOutAfterPendingReads(command: Command): { stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  command.setTimeout = (ms) => {
    timer ??= setTimeout(
      () =>
        setImmediate(() => {
          if (!command.isSettled) command.reject(new Error(COMMAND_TIMED_OUT));
        }),
      ms,
    );
  };
  return { stop: () => clearTimeout(timer) };
}

/**
 * A BullMQ queue's options (the side that adds jobs and reads them) on `connection`: its first command goes
 * out when the queue is used, not when it is made, and BullMQ's Redis version check is skipped. That check (an
 * INFO sent as the queue is made) is remembered when it fails: a queue made while Redis was away or stalled
 * failed every job added to it afterwards with that first error, until the process restarted (the league-night
 * chaos test's direct messages; the outbox relay of an API booted with Redis down). Workers, and the scheduled
 * jobs' queue, keep the check: their connections (`maxRetriesPerRequest: null`) wait for Redis instead of failing.
 */
export function queueOptions(connection: Redis, prefix: string): QueueOptions {
  return { connection, prefix, skipWaitingForReady: true, skipVersionCheck: true };
}
