import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { errorBody } from '../../common/error-body.js';
import { loggedUrl } from '../../common/request-log.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { CACHED_READ_HEADERS, cachedReadKey } from './cached-read.js';
import { ReadCache } from './read-cache.js';
import { ReadRoutes } from './read-routes.js';

/** Distinct addresses the in-process limit counts in one window; past that, new addresses go through Nest's shared limiter. */
const MAX_COUNTED_ADDRESSES = 50_000;

/**
 * The anonymous-reads limit (RATE_LIMIT_ANONYMOUS_READS) for the cache hits this instance answers
 * itself: a fixed window per address, counted in memory. A hit costs less than the Redis round trip
 * the shared limiter would add, so the count is per instance (N instances let a visitor read N times
 * the limit from the cache); misses still pass Nest's limiter, counted in Redis across instances.
 */
class VisitorHitLimit {
  private readonly hits = new Map<string, number>();
  private windowEndsAt = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** 'ok' when the address may read now, the seconds until it may again when over the limit, or null when the table is full. */
  take(address: string, now: number): 'ok' | number | null {
    if (now >= this.windowEndsAt) {
      this.hits.clear();
      this.windowEndsAt = now + this.windowMs;
    }
    const hits = (this.hits.get(address) ?? 0) + 1;
    if (hits === 1 && this.hits.size >= MAX_COUNTED_ADDRESSES) return null;
    this.hits.set(address, hits);
    return hits <= this.limit ? 'ok' : Math.max(1, Math.ceil((this.windowEndsAt - now) / 1000));
  }
}

/**
 * The same read pattern's second entry point: a visitor's GET of a cached read that is in the cache
 * is answered here, before the Nest pipeline (request log middleware, ORM request context, guards,
 * interceptors), with the entry `ReadCacheInterceptor` stored under the same key. Everything else —
 * a miss, a signed-in caller (session cookie or Authorization header), a route that is not a
 * visitor's cached read — goes on to Nest, which answers and fills the cache.
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
  ) {}

  /** The middleware, for the API under `globalPrefix` (as given to `setGlobalPrefix`); its route table is built now. */
  middleware(globalPrefix: string): RequestHandler {
    const routes = ReadRoutes.discover(this.discovery, this.scanner, this.reflector, globalPrefix);
    const apiPath = `/${globalPrefix.replace(/^\/+|\/+$/g, '')}/`;
    const sessionCookie = `${this.config.session.cookieName}=`;
    const { limit, windowMs } = this.config.rateLimits.anonymousReads;
    const hitLimit = new VisitorHitLimit(limit, windowMs);

    return (request: Request, response: Response, next: NextFunction) => {
      // A cookie that merely contains the name sends a visitor through Nest too: only ever a slower answer.
      if (request.method !== 'GET' || request.headers.authorization !== undefined || request.headers.cookie?.includes(sessionCookie)) return next();
      const url = request.originalUrl;
      if (!url.startsWith(apiPath)) return next();
      const queryAt = url.indexOf('?');
      const route = routes.visitorRead(queryAt < 0 ? url : url.slice(0, queryAt));
      if (!route) return next();
      const startedAt = Date.now();
      this.cache
        .cachedBytes(route.read.tag.name, cachedReadKey(route.read, url, undefined))
        .then((body) => {
          if (body === null) return next();
          // Labelled as Express labels the routes it matched: the HTTP metrics read `request.route.path`.
          request.route = { path: route.path };
          const allowed = hitLimit.take(request.ip ?? 'unknown', startedAt);
          if (allowed === null) return next();
          response.setHeader('X-Request-Id', requestId(request));
          if (allowed === 'ok') {
            response.set(CACHED_READ_HEADERS).send(body);
          } else {
            const message = `Too many requests; try again in ${allowed} s`;
            response.setHeader('Retry-After', String(allowed));
            response.status(429).json(errorBody(429, message, url));
          }
          logAnswer(request, response, startedAt);
        })
        .catch(next);
    };
  }
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
