import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/environment.js';

const REQUEST_ID_HEADER = 'x-request-id';

/** Query parameters whose values never reach a log: OAuth codes and state, tokens, keys. */
const SECRET_PARAMETERS = new Set(['code', 'state', 'code_verifier', 'token', 'access_token', 'refresh_token', 'key', 'apikey', 'api_key', 'secret', 'password']);

/** Requests logged only at debug: probes, metrics scrapes and the web client's files. */
export function isQuietPath(path: string): boolean {
  return path === '/api/health' || path.startsWith('/api/health/') || path === '/api/metrics' || !(path === '/api' || path.startsWith('/api/'));
}

/** The request's path and query as logged: secret parameters show `[redacted]`, the rest as sent. */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const parameters = new URLSearchParams(url.slice(queryAt + 1));
  let redacted = false;
  for (const name of new Set(parameters.keys())) {
    if (SECRET_PARAMETERS.has(name.toLowerCase())) {
      parameters.set(name, '[redacted]');
      redacted = true;
    }
  }
  return redacted ? `${url.slice(0, queryAt)}?${parameters.toString().replaceAll('%5Bredacted%5D', '[redacted]')}` : url;
}

const pathOf = (request: IncomingMessage) => ((request as Request).originalUrl ?? request.url ?? '').split('?')[0];
const urlOf = (request: IncomingMessage) => loggedUrl((request as Request).originalUrl ?? request.url ?? '');

/**
 * pino-http settings: one compact line per request — `GET /api/events 200 12ms` with method, url,
 * status, ms, userId and reqId as fields; no headers, no cookies, no bodies. Server errors at error
 * level, health/metrics/static files at debug, everything else at info.
 */
export function requestLogOptions(config: AppConfig): Options {
  return {
    level: config.logLevel,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const given = request.headers[REQUEST_ID_HEADER];
      const id = typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
      response.setHeader('X-Request-Id', id);
      return id;
    },
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (request, response, error) => {
      if (error || response.statusCode >= 500) return 'error';
      return isQuietPath(pathOf(request)) ? 'debug' : 'info';
    },
    customSuccessMessage: (request, response, ms) => `${request.method} ${urlOf(request)} ${response.statusCode} ${ms}ms`,
    customErrorMessage: (request, response) => `${request.method} ${urlOf(request)} ${response.statusCode}`,
    customSuccessObject: (request, response, fields: { responseTime?: number }) => ({
      method: request.method,
      url: urlOf(request),
      status: response.statusCode,
      ms: fields.responseTime,
      userId: (request as Request).principal?.userId ?? null,
    }),
    customErrorObject: (request, response, error, fields: { responseTime?: number }) => ({
      method: request.method,
      url: urlOf(request),
      status: response.statusCode,
      ms: fields.responseTime,
      userId: (request as Request).principal?.userId ?? null,
      // The error filter logs a server error's stack once; this line says what the request met.
      error: error.message,
    }),
  };
}

/** Log lines are written to stdout in chunks of at least this many bytes, or after `LOG_FLUSH_MS`. */
const LOG_CHUNK_BYTES = 4096;
const LOG_FLUSH_MS = 100;

let destination: (DestinationStream & { flushSync(): void }) | undefined;

/**
 * The process's log output: stdout, written in chunks (of `LOG_CHUNK_BYTES`, or what came in the last
 * `LOG_FLUSH_MS`) rather than one write per line. pino's default writes each line with its own
 * `fs.write`, through libuv's thread pool: under held load that was 16–19 % of the API's main-thread
 * time (`bench:reads --profile`). What is buffered is written at exit (pino's own exit hook) and at
 * application shutdown (`flushLog`), so a stop loses no line; a crash that kills the process outright
 * can lose the last `LOG_FLUSH_MS`. One per process, whatever the number of applications in it.
 */
export function logDestination(): DestinationStream {
  destination ??= pino.destination({ dest: 1, sync: false, minLength: LOG_CHUNK_BYTES, periodicFlush: LOG_FLUSH_MS });
  return destination;
}

/** Writes out what the log destination holds (at application shutdown: the process may then die by its signal, without an exit event). */
export function flushLog(): void {
  try {
    destination?.flushSync();
  } catch {
    // Nothing to flush, or stdout is gone: nothing to do about it here.
  }
}
