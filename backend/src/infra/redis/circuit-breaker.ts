import type { Redis } from 'ioredis';

/** How long commands fail at once after one timed out, before a single command tries Redis again. */
export const REDIS_BREAKER_OPEN_MS = 1000;

/** A command refused without being sent, because Redis stopped answering a moment ago. */
export class RedisUnavailableError extends Error {
  constructor() {
    super('Redis is not answering; the command was not sent (circuit open)');
    this.name = 'RedisUnavailableError';
  }
}

const TIMED_OUT = 'Command timed out';

type SendCommand = Redis['sendCommand'];

/**
 * Guards a connection against a Redis that stalls (the socket open, nothing answering). Without it,
 * every command of every request waits its full `commandTimeout` before the caller falls back, so a
 * stall makes each request that much slower for as long as it lasts. Once a command times out, the
 * circuit opens: commands fail at once with `RedisUnavailableError` (callers fall back as they do for
 * any Redis failure) and nothing more is written to the stalled socket. After `openMs` one command goes
 * through as a probe: its answer closes the circuit; another timeout opens it again.
 *
 * A connection that is down (not stalled) needs no breaker: without an offline queue its commands fail
 * at once already.
 */
export function guardWithCircuitBreaker(redis: Redis, openMs = REDIS_BREAKER_OPEN_MS, now: () => number = Date.now): Redis {
  const send: SendCommand = redis.sendCommand.bind(redis);
  let openUntil = 0;
  let probing = false;

  const guarded: SendCommand = (command, stream) => {
    // Only commands of a ready connection: its handshake on (re)connecting must reach Redis.
    if (openUntil !== 0 && redis.status === 'ready') {
      if (now() < openUntil || probing) {
        command.reject(new RedisUnavailableError());
        return command.promise;
      }
      probing = true;
    }
    const sent = send(command, stream);
    command.promise.then(
      () => {
        openUntil = 0;
        probing = false;
      },
      (error: unknown) => {
        probing = false;
        if (error instanceof Error && error.message === TIMED_OUT) openUntil = now() + openMs;
      },
    );
    return sent;
  };
  redis.sendCommand = guarded;
  // A connection that has just (re)connected answered its ready check: Redis is answering again.
  redis.on('ready', () => {
    openUntil = 0;
    probing = false;
  });
  return redis;
}
