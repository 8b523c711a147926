import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { errorBody } from '../../common/error-body.js';
import { loggedUrl } from '../../common/request-log.js';
import { countVisitorRead, RedisThrottlerStorage, tooManyRequests } from '../../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { REDIS } from '../redis/redis.module.js';
import { CACHED_READ_HEADERS, cachedReadKey } from './cached-read.js';
import { ReadCache, type CachedAnswer, type CacheMiss } from './read-cache.js';
import { ReadRoutes, type MatchedRead } from './read-routes.js';

/**
 * The same read pattern's second entry point: a GET of a cached read that is in the cache is answered
 * here, before the Nest pipeline (request log middleware, ORM request context, guards, interceptors),
 * with the entry `ReadCacheInterceptor` stored under the same key. Two middlewares use it:
 *
 * - `forVisitors`, mounted after the security headers and the HTTP metrics middleware (both run as for
 *   any request), before body parsing and sessions: a GET with no session cookie and no `Authorization`.
 * - `forSignedIn`, mounted after the session middlewares, which have checked and renewed the session
 *   as for any request: a signed-in session's GET of a read that needs no role flag (see
 *   `ReadRoutes.callerRead`), so the caller's roles are not looked up. It still needs the user to
 *   exist, which holds for any signed-in session: users are never deleted.
 *
 * Everything else — a miss, an API key, a route that is not such a read — goes on to Nest, which
 * answers and fills the cache. On a miss, one request of the process goes on to load the entry and the
 * others wait for its answer (see `ReadCache.answer`). An answer carries what the Nest path sets on a
 * cached read: `X-Request-Id`, `Cache-Control: no-cache`, the JSON type, and Express' `send` adds the
 * ETag (304 when the browser has it) and the length. Each answer is logged with the request log's line
 * (level, fields and message as pino-http writes them).
 */
@Injectable()
export class ReadFastPath {
  private readonly tables = new Map<string, { routes: ReadRoutes; apiPath: string }>();

  constructor(
    private readonly cache: ReadCache,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Visitors' reads, for the API under `globalPrefix` (as given to `setGlobalPrefix`); its route table is built now. */
  forVisitors(globalPrefix: string): RequestHandler {
    const { routes, apiPath } = this.routesUnder(globalPrefix);
    const sessionCookie = `${this.config.session.cookieName}=`;
    const limits = new RedisThrottlerStorage(this.redis, this.config);

    return (request: Request, response: Response, next: NextFunction) => {
      // A cookie that merely contains the name sends a visitor through Nest too: only ever a slower answer.
      if (request.method !== 'GET' || request.headers.authorization !== undefined || request.headers.cookie?.includes(sessionCookie)) return next();
      const route = readOf(request, apiPath, (path) => routes.visitorRead(path));
      if (!route) return next();
      const startedAt = Date.now();
      // Both go to Redis at once (one round trip); the read counts once against the anonymous-reads
      // limit whichever path answers it: the guard skips a request counted here.
      Promise.all([this.lookUp(request, response, route, undefined), countVisitorRead(limits, this.config, request)])
        .then(([answer, count]) => {
          if (!count.isBlocked) return this.send(request, response, next, { route, answer, startedAt, userId: null });
          response.setHeader('X-Request-Id', requestId(request));
          response.setHeader('Retry-After', String(count.timeToBlockExpire));
          response.status(429).json(errorBody(429, tooManyRequests(count.timeToBlockExpire), request.originalUrl));
          logAnswer(request, response, startedAt, null);
        })
        .catch(next);
    };
  }

  /**
   * Signed-in callers' reads under `globalPrefix`, for requests whose session names a signed-in user
   * (`userOf` reads it from the request, as the session middlewares left it).
   */
  forSignedIn(globalPrefix: string, userOf: (request: Request) => number | undefined): RequestHandler {
    const { routes, apiPath } = this.routesUnder(globalPrefix);

    return (request: Request, response: Response, next: NextFunction) => {
      const userId = request.method === 'GET' && request.headers.authorization === undefined ? userOf(request) : undefined;
      if (userId === undefined) return next();
      const route = readOf(request, apiPath, (path) => routes.callerRead(path));
      if (!route) return next();
      const startedAt = Date.now();
      this.lookUp(request, response, route, userId)
        .then((answer) => this.send(request, response, next, { route, answer, startedAt, userId }))
        .catch(next);
    };
  }

  /** The route table of the API under `globalPrefix`, built once for both middlewares. */
  private routesUnder(globalPrefix: string): { routes: ReadRoutes; apiPath: string } {
    let table = this.tables.get(globalPrefix);
    if (!table) {
      table = { routes: ReadRoutes.discover(this.discovery, this.scanner, this.reflector, globalPrefix), apiPath: `/${globalPrefix.replace(/^\/+|\/+$/g, '')}/` };
      this.tables.set(globalPrefix, table);
    }
    return table;
  }

  /** The cache's answer for this caller; a request that is to load the entry tells the others when its answer is sent. */
  private async lookUp(request: Request, response: Response, route: MatchedRead, userId: number | undefined): Promise<CachedAnswer | CacheMiss | null> {
    const key = cachedReadKey(route.read, request.originalUrl, userId === undefined ? undefined : { userId });
    const answer = await this.cache.answer(route.read.tag.name, key, etagOf(request));
    if (answer && 'loaded' in answer) response.once('close', answer.loaded);
    return answer;
  }

  private send(request: Request, response: Response, next: NextFunction, { route, answer, startedAt, userId }: FastAnswer): void {
    if (answer === null || 'loaded' in answer) return next();
    // Labelled as Express labels the routes it matched: the HTTP metrics read `request.route.path`.
    request.route = { path: route.path };
    response.setHeader('X-Request-Id', requestId(request));
    // With the ETag set, `send` does not hash the body again; it still answers 304 when the browser has it.
    response.set(CACHED_READ_HEADERS).set('ETag', answer.etag).send(answer.body);
    logAnswer(request, response, startedAt, userId);
  }
}

interface FastAnswer {
  route: MatchedRead;
  answer: CachedAnswer | CacheMiss | null;
  startedAt: number;
  userId: number | null;
}

/** The read a request under the API is, found by its path (without the query). */
function readOf(request: Request, apiPath: string, readAt: (path: string) => MatchedRead | null): MatchedRead | null {
  const url = request.originalUrl;
  if (!url.startsWith(apiPath)) return null;
  const queryAt = url.indexOf('?');
  return readAt(queryAt < 0 ? url : url.slice(0, queryAt));
}

/** Express' own ETag function (the app's `etag` setting), so both paths give an answer the same ETag. */
function etagOf(request: Request): (body: Buffer) => string {
  const generate = request.app.get('etag fn') as (body: Buffer, encoding?: BufferEncoding) => string;
  return (body) => generate(body, 'utf8');
}

/** The caller's X-Request-Id when it is a plausible id, else a new one (as the request log's genReqId). */
function requestId(request: Request): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
}

/** The request log's line for an answered request (see common/request-log.ts): info level. */
function logAnswer(request: Request, response: Response, startedAt: number, userId: number | null): void {
  const logger = PinoLogger.root as PinoLogger['logger'] | undefined;
  if (!logger?.isLevelEnabled('info')) return;
  const url = loggedUrl(request.originalUrl);
  const ms = Date.now() - startedAt;
  const status = response.statusCode;
  logger.info({ reqId: response.getHeader('X-Request-Id'), method: request.method, url, status, ms, userId }, `${request.method} ${url} ${status} ${ms}ms`);
}
