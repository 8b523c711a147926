/** What a caller is told while PostgreSQL cannot be reached (or stopped answering). */
export const DATABASE_UNAVAILABLE = 'The league database cannot be reached for a moment, and nothing was changed. Try again shortly.';
/** What a caller is told when another service the request needs (Redis) cannot be reached. */
export const SERVICE_UNAVAILABLE = 'A service the site needs cannot be reached for a moment. Try again shortly.';

interface NativeError {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** Network errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** pg's own messages for a pool slot or connection not had in time, a connection lost, a query not answered in time. */
const PG_MESSAGES = [
  /^timeout exceeded when trying to connect/,
  /^Connection terminated/,
  /^Query read timeout/,
  /^Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
];
/** SQLSTATEs: connection exceptions (08…), statement timeout / cancelled (57014), server shutting down (57P0…). */
const PG_STATES = /^(08...|57014|57P0.)$/;
/** ioredis' messages for a command that could not be sent or was not answered in time. */
const REDIS_MESSAGES = [/^Command timed out/, /^Stream isn't writeable/, /^Connection is closed/];

function chain(error: unknown): NativeError[] {
  const errors: NativeError[] = [];
  for (let current = error; current && typeof current === 'object' && errors.length < 5; current = (current as NativeError).cause) errors.push(current as NativeError);
  return errors;
}

/** Whether the error says PostgreSQL could not be reached in time (not that the query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(({ code, message }) => {
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_STATES.test(code))) return true;
    return typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** Whether the error is ioredis failing a command because Redis could not be reached in time. */
export function isRedisUnavailable(error: unknown): boolean {
  return chain(error).some(
    ({ name, message }) =>
      name === 'MaxRetriesPerRequestError' || name === 'RedisUnavailableError' || (typeof message === 'string' && REDIS_MESSAGES.some((pattern) => pattern.test(message))),
  );
}
