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
import { ReadCache } from './read-cache.js';
import { ReadRoutes } from './read-routes.js';

/**
 * The same read pattern's second entry point: a visitor's GET of a cached read that is in the cache
 * is answered here, before the Nest pipeline (request log middleware, ORM request context, guards,
 * interceptors), with the entry `ReadCacheInterceptor` stored under the same key. Everything else —
 * a miss, a signed-in caller (session cookie or Authorization header), a route that is not a
 * visitor's cached read — goes on to Nest, which answers and fills the cache. On a miss, one request
 * of the process goes on to load the entry and the others wait for its answer (see `ReadCache.answer`).
 *
 * Mounted after the security headers and the HTTP metrics middleware (both run as for any request);
 * it sets what the Nest path sets on a cached read: `X-Request-Id`, `Cache-Control: no-cache`, the
 * JSON type, and Express' `send` adds the ETag (304 when the browser has it) and the length. Each
 * answer is logged with the request log's line (level, fields and message as pino-http writes them).
 */
@Injectable()
export class VisitorReads {
  constructor(
    private readonly cache: ReadCache,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** The middleware, for the API under `globalPrefix` (as given to `setGlobalPrefix`); its route table is built now. */
  middleware(globalPrefix: string): RequestHandler {
    const routes = ReadRoutes.discover(this.discovery, this.scanner, this.reflector, globalPrefix);
    const apiPath = `/${globalPrefix.replace(/^\/+|\/+$/g, '')}/`;
    const sessionCookie = `${this.config.session.cookieName}=`;
    const limits = new RedisThrottlerStorage(this.redis, this.config);

    return (request: Request, response: Response, next: NextFunction) => {
      // A cookie that merely contains the name sends a visitor through Nest too: only ever a slower answer.
      if (request.method !== 'GET' || request.headers.authorization !== undefined || request.headers.cookie?.includes(sessionCookie)) return next();
      const url = request.originalUrl;
      if (!url.startsWith(apiPath)) return next();
      const queryAt = url.indexOf('?');
      const route = routes.visitorRead(queryAt < 0 ? url : url.slice(0, queryAt));
      if (!route) return next();
      const startedAt = Date.now();
      // Both go to Redis at once (one round trip); the read counts once against the anonymous-reads
      // limit whichever path answers it: the guard skips a request counted here.
      Promise.all([this.cache.answer(route.read.tag.name, cachedReadKey(route.read, url, undefined), etagOf(request)), countVisitorRead(limits, this.config, request)])
        .then(([answer, count]) => {
          if (answer && 'loaded' in answer) response.once('close', answer.loaded);
          if (count.isBlocked) {
            response.setHeader('X-Request-Id', requestId(request));
            response.setHeader('Retry-After', String(count.timeToBlockExpire));
            response.status(429).json(errorBody(429, tooManyRequests(count.timeToBlockExpire), url));
            return logAnswer(request, response, startedAt);
          }
          if (answer === null || 'loaded' in answer) return next();
          // Labelled as Express labels the routes it matched: the HTTP metrics read `request.route.path`.
          request.route = { path: route.path };
          response.setHeader('X-Request-Id', requestId(request));
          // With the ETag set, `send` does not hash the body again; it still answers 304 when the browser has it.
          response.set(CACHED_READ_HEADERS).set('ETag', answer.etag).send(answer.body);
          logAnswer(request, response, startedAt);
        })
        .catch(next);
    };
  }
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

/** The request log's line for an answered request (see common/request-log.ts): info level, no principal. */
function logAnswer(request: Request, response: Response, startedAt: number): void {
  const logger = PinoLogger.root as PinoLogger['logger'] | undefined;
  if (!logger?.isLevelEnabled('info')) return;
  const url = loggedUrl(request.originalUrl);
  const ms = Date.now() - startedAt;
  const status = response.statusCode;
  logger.info({ reqId: response.getHeader('X-Request-Id'), method: request.method, url, status, ms, userId: null }, `${request.method} ${url} ${status} ${ms}ms`);
}
