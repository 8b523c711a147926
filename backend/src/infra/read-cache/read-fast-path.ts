import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { errorBody } from '../../common/error-body.js';
import { loggedUrl } from '../../common/request-log.js';
import { BatchedVisitorCounts, RedisThrottlerStorage, tooManyRequests, visitorReadCount } from '../../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { REDIS } from '../redis/redis.module.js';
import { cachedReadHeaders, cachedReadKey, type ReadTag } from './cached-read.js';
import { entryKeyOf } from './read-keys.js';
import { ReadCache, type CachedAnswer, type CacheMiss } from './read-cache.js';
import { ReadRoutes, type MatchedRead } from './read-routes.js';

/**
 * The same read pattern's second entry point: a GET of a cached read that is in the cache is answered
 * here, before the Nest pipeline (request log middleware, ORM request context, guards, interceptors),
 * with the entry `ReadCacheInterceptor` stored under the same key. Two middlewares use it:
 *
 * - `forVisitors`, mounted after the security headers and the HTTP metrics middleware (both run as for
 *   any request), before body parsing and sessions: a GET with no session cookie and no `Authorization`.
 * - `forSignedIn`, mounted right after it: a signed-in session's GET of a read that needs no role flag
 *   (see `ReadRoutes.callerRead`), so the caller's roles are not looked up. It reads, checks and renews
 *   the session itself, in the round trip that reads the entry, or with no round trip at all from what
 *   the process keeps (see `ReadCache.keepInProcess`). It still needs the user to exist,
 *   which holds for any signed-in session: users are never deleted.
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
  /** Reads a route table cannot name, by their path under the API: GraphQL's persisted queries, told apart by their query string. */
  private readonly queryReads = new Map<string, (request: Request) => ReadTag | null>();

  constructor(
    private readonly cache: ReadCache,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Answers GETs of `path` (under the API, e.g. `/graphql`) from the cache when `tagOf` names the read's tag: keyed by the whole URL, the same for every caller. */
  addReads(path: string, tagOf: (request: Request) => ReadTag | null): void {
    this.queryReads.set(path.toLowerCase(), tagOf);
  }

  /** Visitors' reads, for the API under `globalPrefix` (as given to `setGlobalPrefix`); its route table is built now. */
  forVisitors(globalPrefix: string): RequestHandler {
    const { routes, apiPath } = this.routesUnder(globalPrefix);
    const sessionCookie = `${this.config.session.cookieName}=`;
    const limits = new RedisThrottlerStorage(this.redis, this.config);
    const counts = new BatchedVisitorCounts(this.redis, this.config);

    return (request: Request, response: Response, next: NextFunction) => {
      // A cookie that merely contains the name sends a visitor through Nest too: only ever a slower answer.
      if (request.method !== 'GET' || request.headers.authorization !== undefined || request.headers.cookie?.includes(sessionCookie)) return next();
      const route = this.readOf(request, apiPath, (path) => routes.visitorRead(path));
      if (!route) return next();
      const startedAt = Date.now();
      const counter = visitorReadCount(limits, this.config, request);
      const refusedFor = counts.refusedHere(counter.key);
      if (refusedFor !== undefined) return refuse(request, response, startedAt, refusedFor);
      const key = cachedReadKey(route.read, request.originalUrl, undefined);
      // A copy the process keeps, current as far as Redis has told it (`ReadCache.keptAnswer`), is
      // answered with no round trip while the read surely stays within the visitor's limit: counted here
      // and sent with the next batch. Otherwise one script counts the read (with the ones counted here
      // since the last batch) against the anonymous-reads limit and reads the entry (one command, one
      // round trip). The read counts once whichever path answers it: the guard skips a request counted
      // here. When Redis fails nothing is counted here, and Nest answers and counts as usual.
      this.cache
        .keptAnswer(route.read.tag.name, key, () => counts.countHere(counter.key))
        .then(async (kept) => {
          if (kept) return this.send(request, response, next, { route, answer: kept, startedAt, userId: null });
          const sent = counts.sendWith(counter.key, 1);
          const found = await this.cache.answerCounted(route.read.tag.name, key, etagOf(request), { key: counter.key, windowMs: counter.windowMs, hits: sent });
          if (found === null) {
            counts.lost(counter.key, sent);
            return next();
          }
          counts.heard(counter.key, sent, found.hits, found.remainingMs);
          const { answer } = found;
          if (answer && 'loaded' in answer) releaseWhenClosed(response, answer);
          const count = counter.counted(found.hits, found.remainingMs);
          if (!count.isBlocked) return this.send(request, response, next, { route, answer, startedAt, userId: null });
          refuse(request, response, startedAt, count.timeToBlockExpire);
        })
        .catch(next);
    };
  }

  /**
   * Signed-in callers' reads under `globalPrefix`, before the session middlewares: one round trip to
   * Redis (or none: `ReadCache.answerInSession`) reads the session, renews it and reads the entry; a hit
   * is answered here with the renewed cookie, as express-session sets it for a rolling session. Anything
   * else — no signed cookie, a session that is not signed in or past its absolute lifetime, a miss,
   * Redis failing — goes on to the session middlewares and Nest, which decide as for any request.
   */
  forSignedIn(globalPrefix: string, sessions: SignedInSessions): RequestHandler {
    const { routes, apiPath } = this.routesUnder(globalPrefix);
    this.cache.keepInProcess(sessions.storePrefix);

    return (request: Request, response: Response, next: NextFunction) => {
      if (request.method !== 'GET' || request.headers.authorization !== undefined || request.headers.cookie === undefined) return next();
      const route = this.readOf(request, apiPath, (path) => routes.callerRead(path));
      const sessionId = route ? sessions.sessionIdOf(request) : undefined;
      if (!route || sessionId === undefined) return next();
      const startedAt = Date.now();
      const entry = entryKeyOf(route.read, request.originalUrl);
      this.cache
        .answerInSession(`${sessions.storePrefix}${sessionId}`, this.sessionUsers.get(sessionId), route.read.tag.name, entry, etagOf(request))
        .then((read) => {
          const signedIn = read.session === null ? undefined : sessions.signedInUser(read.session);
          const answer = read.session === null ? null : read.answer;
          const miss = answer !== null && 'loaded' in answer;
          if (!signedIn) {
            if (miss) answer.loaded();
            return next();
          }
          this.rememberUser(sessionId, signedIn.userId);
          if (miss) releaseWhenClosed(response, answer);
          if (answer === null || miss) return next();
          sessions.renewCookie(request, response, sessionId, signedIn);
          this.send(request, response, next, { route, answer, startedAt, userId: signedIn.userId });
        })
        // Redis failed: the session middlewares find out too, and answer as they do while the store is away.
        .catch(() => next());
    };
  }

  /** The read a request under the API is, found by its path (without the query), or by its query string for the reads added by path. */
  private readOf(request: Request, apiPath: string, readAt: (path: string) => MatchedRead | null): MatchedRead | null {
    const url = request.originalUrl;
    if (!url.startsWith(apiPath)) return null;
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const tagOf = this.queryReads.get(path.slice(apiPath.length - 1).toLowerCase());
    if (!tagOf) return readAt(path);
    const tag = tagOf(request);
    return tag ? { path, read: { tag, options: {} } } : null;
  }

  /** Sessions' users (a session keeps its user: signing in starts a new one), so a copy of a per-caller answer can be revalidated. */
  private readonly sessionUsers = new Map<string, number>();

  private rememberUser(sessionId: string, userId: number): void {
    if (this.sessionUsers.size >= MAX_REMEMBERED_SESSIONS) this.sessionUsers.clear();
    this.sessionUsers.set(sessionId, userId);
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

  private send(request: Request, response: Response, next: NextFunction, { route, answer, startedAt, userId }: FastAnswer): void {
    if (answer === null || 'loaded' in answer) return next();
    // Labelled as Express labels the routes it matched: the HTTP metrics read `request.route.path`.
    request.route = { path: route.path };
    response.setHeader('X-Request-Id', requestId(request));
    // With the ETag set, `send` does not hash the body again; it still answers 304 when the browser has it.
    response.set(cachedReadHeaders(route.read)).set('ETag', answer.etag).send(answer.body);
    logAnswer(request, response, startedAt, userId);
  }
}

/**
 * Signed-in sessions as the session middlewares keep them (see `signedInSessions` in the auth module):
 * the fast path reads and renews them itself, and leaves every other case to those middlewares.
 */
export interface SignedInSessions {
  /** The session id of the request's session cookie, when its signature holds. */
  sessionIdOf(request: Request): string | undefined;
  /** What the store's keys start with: a session is kept under this and its id. */
  storePrefix: string;
  /** The signed-in user of a session as the store holds it (JSON text), and its cookie's; undefined when it names no user or has outlived its absolute lifetime. */
  signedInUser(stored: string): SignedInSession | undefined;
  /** Sets the renewed session cookie on the response, as the session middleware does for a rolling session. */
  renewCookie(request: Request, response: Response, sessionId: string, session: SignedInSession): void;
}

/** A signed-in session's user, and its cookie's max age and Secure attribute. */
export interface SignedInSession {
  userId: number;
  maxAgeMs: number;
  secure: boolean;
}

/** The sessions whose user the fast path remembers at most (then it starts again). */
const MAX_REMEMBERED_SESSIONS = 50_000;

interface FastAnswer {
  route: MatchedRead;
  answer: CachedAnswer | CacheMiss | null;
  startedAt: number;
  userId: number | null;
}

/**
 * Lets the process's other readers of a missed entry go once this request, which loads it, is done: when
 * its response closes, or now if its client already left during the lookup (a 'close' listener added after
 * the response closed is never called, and every later reader of the entry would wait out `LOAD_WAIT_MS`).
 */
function releaseWhenClosed(response: Response, miss: CacheMiss): void {
  if (response.closed) miss.loaded();
  else response.once('close', miss.loaded);
}

/** A visitor's read past the anonymous-reads limit: 429 in the error shape, with Retry-After (seconds). */
function refuse(request: Request, response: Response, startedAt: number, retryAfterSeconds: number): void {
  response.setHeader('X-Request-Id', requestId(request));
  response.setHeader('Retry-After', String(retryAfterSeconds));
  response.status(429).json(errorBody(429, tooManyRequests(retryAfterSeconds), request.originalUrl));
  logAnswer(request, response, startedAt, null);
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
