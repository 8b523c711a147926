import { Command, type Redis } from 'ioredis';
import { COMMAND_TIMED_OUT } from './redis-options.js';

/** How long after a probe timed out the next probe is sent. */
export const REDIS_PROBE_RETRY_MS = 1000;

/** A command refused without being sent, because Redis stopped answering a moment ago. */
export class RedisUnavailableError extends Error {
  constructor() {
    super('Redis is not answering; the command was not sent (circuit open)');
    this.name = 'RedisUnavailableError';
  }
}

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
    send(ping);
    ping.promise.then(
      () => (open = false),
      () => (nextProbe = setTimeout(probe, retryMs).unref()),
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
    const sent = send(command, stream);
    command.promise.catch((error: unknown) => {
      if (error instanceof Error && error.message === COMMAND_TIMED_OUT) trip();
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
