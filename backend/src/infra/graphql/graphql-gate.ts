import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { RedisThrottlerStorage } from '../../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { REDIS } from '../redis/redis.module.js';
import { graphqlErrorBody } from './graphql-errors.js';

/** The longest query document accepted (the whole body stays under the API's 1 MB body limit). */
export const MAX_QUERY_LENGTH = 16 * 1024;

/** Headers a cross-origin caller may send: JSON, and the ones Apollo's CSRF prevention accepts instead of a JSON type. */
const ALLOWED_HEADERS = 'Content-Type, Apollo-Require-Preflight, X-Apollo-Operation-Name';

/**
 * What runs before Apollo on `/api/graphql`:
 *
 * - CORS for any origin, without credentials: the answers are public data, the same for everyone, so
 *   community tools (stream overlays in another site or a local file) may read them from a browser.
 *   Cookies never travel cross-origin this way, and Apollo's CSRF prevention still refuses simple
 *   (form-like) requests, which need no preflight.
 * - A limit on the query's length (413): parsing and validating cost grows with the document.
 * - The visitors' read limit (RATE_LIMIT_ANONYMOUS_READS, counted in Redis per address, shared with
 *   REST reads): the throttler guard only counts REST routes. As for REST, signed-in callers are not counted.
 */
@Injectable()
export class GraphqlGate implements NestMiddleware {
  private readonly storage: RedisThrottlerStorage;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.storage = new RedisThrottlerStorage(redis, config);
  }

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      response.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      response.setHeader('Access-Control-Max-Age', '600');
      response.status(204).end();
      return;
    }
    const query: unknown = (request.body as { query?: unknown } | undefined)?.query ?? request.query.query;
    if (typeof query === 'string' && query.length > MAX_QUERY_LENGTH) {
      response.status(413).json(graphqlErrorBody(`The query is longer than the limit of ${MAX_QUERY_LENGTH} characters`, 'PAYLOAD_TOO_LARGE'));
      return;
    }
    if (!request.user) {
      const { limit, windowMs } = this.config.rateLimits.anonymousReads;
      // The key the REST limiter uses for a visitor's reads, so both count against one limit.
      const hit = await this.storage.increment(`anonymousReads:ip:${request.ip ?? 'unknown'}`, windowMs, limit, 0, 'anonymousReads');
      if (hit.isBlocked) {
        response.setHeader('Retry-After', String(hit.timeToBlockExpire));
        response.status(429).json(graphqlErrorBody(`Too many requests; try again in ${hit.timeToBlockExpire} s`, 'RATE_LIMITED'));
        return;
      }
    }
    next();
  }
}
