import { Command, type Redis } from 'ioredis';

/** How long after a probe timed out the next probe is sent. */
export const REDIS_PROBE_RETRY_MS = 1000;

/** A command refused without being sent, because Redis stopped answering a moment ago. */
export class RedisUnavailableError extends Error {
  constructor() {
    super('Redis is not answering; the command was not sent (circuit open)');
    this.name = 'RedisUnavailableError';
  }
}

const TIMED_OUT = 'Command timed out';

/**
 * Guards a connection against a Redis that stalls (the socket open, nothing answering). Without it, every
 * command of every request waits its full `commandTimeout` before the caller falls back, so a stall makes
 * each request that much slower for as long as it lasts. Once a command times out, the circuit opens:
 * commands fail at once with `RedisUnavailableError` (callers fall back as they do for any Redis failure)
 * and a PING probes Redis. Its answer closes the circuit — at once when the timeout was a blip (a busy
 * process, one slow command) — and another timeout sends the next probe `retryMs` later.
 *
 * A connection that is down (not stalled) needs no breaker: without an offline queue its commands fail
 * at once already.
 */
export function guardWithCircuitBreaker(redis: Redis, retryMs = REDIS_PROBE_RETRY_MS): Redis {
  const send = redis.sendCommand.bind(redis);
  let open = false;
  let nextProbe: NodeJS.Timeout | undefined;

  const probe = () => {
    const ping = new Command('ping');
    const settled = timeOutAfterPendingReads(ping);
    send(ping);
    ping.promise.then(
      () => {
        settled();
        open = false;
      },
      () => {
        settled();
        nextProbe = setTimeout(probe, retryMs).unref();
      },
    );
  };
  const trip = () => {
    if (open) return;
    open = true;
    probe();
  };

  redis.sendCommand = (command, stream) => {
    // Only commands of a ready connection: its handshake on (re)connecting must reach Redis.
    if (open && redis.status === 'ready') {
      command.reject(new RedisUnavailableError());
      return command.promise;
    }
    const settled = timeOutAfterPendingReads(command);
    const sent = send(command, stream);
    command.promise.then(settled, (error: unknown) => {
      settled();
      if (error instanceof Error && error.message === TIMED_OUT) trip();
    });
    return sent;
  };
  // A connection that has just (re)connected answered its ready check: Redis is answering again.
  redis.on('ready', () => {
    open = false;
    clearTimeout(nextProbe);
  });
  return redis;
}

/**
 * Gives `command` ioredis' `commandTimeout` judged after the answers that have arrived are read: when the
 * process itself was held up past the timeout (a long task, a garbage collection, no CPU for it on a busy
 * machine), its timer is due in the same turn of the event loop as the answer waiting in the socket, and
 * timers run first: the command failed as timed out, and tripped the breaker, with its answer there. The
 * timer's callback now waits for that turn's I/O (`setImmediate` runs after it) before it decides. Returns
 * what to call once the command settled (its timer is then cleared).
 */
function timeOutAfterPendingReads(command: Command): () => void {
  let timer: NodeJS.Timeout | undefined;
  command.setTimeout = (ms) => {
    timer ??= setTimeout(
      () =>
        setImmediate(() => {
          if (!command.isSettled) command.reject(new Error(TIMED_OUT));
        }),
      ms,
    );
  };
  return () => clearTimeout(timer);
}
