import { ServiceUnavailableException } from '@nestjs/common';
import RedisStore from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Redis } from 'ioredis';
import { createHmac, timingSafeEqual } from 'node:crypto';
import passport from 'passport';
import type { AppConfig } from '../../config/environment.js';
import type { SignedInSessions } from '../../infra/read-cache/read-fast-path.js';

/**
 * How long a visitor's sign-in attempt (the OAuth `state` and PKCE verifier) is kept: the session
 * that holds it lives this long, not the idle timeout of a signed-in session. Signing in replaces it.
 */
export const SIGN_IN_ATTEMPT_MS = 10 * 60_000;

declare module 'express-serve-static-core' {
  interface Request {
    /** The request came with a session cookie while the session store could not be reached: it goes on as a visitor's. */
    sessionUnavailable?: boolean;
  }
}

declare module 'express-session' {
  interface SessionData {
    /** When the user signed in: sessions end this long after, whatever their use. */
    signedInAt?: number;
  }
}

/**
 * Sessions live in Redis (any API instance serves any user), in an httpOnly SameSite=Lax cookie
 * that is Secure behind HTTPS. Each request renews the idle timeout; the absolute timeout ends a
 * session a fixed time after sign-in.
 */
const sessionKeyPrefix = (config: AppConfig) => `${config.redisPrefix}:session:`;

/** A signed-in session as the store holds it now, and when it ends unless used (idle) or at the latest (absolute). */
export interface StoredSession {
  userId: number;
  expiresAt: number;
}

/**
 * Reads a session from the store without touching it (sockets do not keep a session alive): null
 * when it ended, was signed out, or is past its absolute lifetime — as the middlewares below decide.
 */
export async function readSignedInSession(config: AppConfig, redis: Redis, sessionId: string): Promise<StoredSession | null> {
  const key = sessionKeyPrefix(config) + sessionId;
  const [[, data], [, ttlMs]] = (await redis.multi().get(key).pttl(key).exec()) as [[unknown, string | null], [unknown, number]];
  if (!data) return null;
  const stored = JSON.parse(data) as { passport?: { user?: unknown }; signedInAt?: unknown };
  const userId = stored.passport?.user;
  const signedInAt = stored.signedInAt;
  if (typeof userId !== 'number' || typeof signedInAt !== 'number') return null;
  const absoluteEnd = signedInAt + config.session.absoluteHours * 3_600_000;
  if (absoluteEnd < Date.now()) return null;
  const idleEnd = ttlMs >= 0 ? Date.now() + ttlMs : absoluteEnd;
  return { userId, expiresAt: Math.min(idleEnd, absoluteEnd) };
}

/**
 * Signed-in sessions as the read fast path handles them, before the session middlewares: it renews the
 * session in the store itself (in the round trip that reads the entry) and sets the cookie as
 * express-session does for a rolling session. Whatever it cannot vouch for (no signed cookie, a session
 * past its absolute lifetime, no signed-in user) goes on to the session middlewares, which decide.
 */
export function signedInSessions(config: AppConfig): SignedInSessions {
  const absoluteMs = config.session.absoluteHours * 3_600_000;
  const cookieName = config.session.cookieName;
  const sign = (value: string) => `${value}.${createHmac('sha256', config.session.secret).update(value).digest('base64').replace(/=+$/, '')}`;
  // Every request of a session sends the same signed cookie and gets it renewed: its HMAC (to check the
  // cookie, then to set it again) was a sixth of a cached read's own work. Worked out once and kept here,
  // with the renewed cookie's text up to its expiry.
  const signatures = new Map<string, { signed: string; renewedCookie: string }>();
  const signatureOf = (sessionId: string) => {
    let signature = signatures.get(sessionId);
    if (signature === undefined) {
      const signed = sign(sessionId);
      // As express-session sets it (cookie.serialize: the value URI-encoded, attributes in this order).
      signature = { signed, renewedCookie: `${cookieName}=${encodeURIComponent(`s:${signed}`)}; Path=/; Expires=` };
      if (signatures.size >= MAX_REMEMBERED_SESSIONS) signatures.clear();
      signatures.set(sessionId, signature);
    }
    return signature;
  };
  return {
    storePrefix: sessionKeyPrefix(config),

    sessionIdOf(request) {
      const raw = cookieValue(request.headers.cookie, cookieName);
      if (!raw?.startsWith('s:')) return undefined;
      // As cookie-signature's unsign, which express-session uses.
      const signed = raw.slice(2);
      const sessionId = signed.slice(0, signed.lastIndexOf('.'));
      const [expected, given] = [Buffer.from(signatureOf(sessionId).signed), Buffer.from(signed)];
      return expected.length === given.length && timingSafeEqual(expected, given) ? sessionId : undefined;
    },

    signedInUser(stored) {
      const data = JSON.parse(stored) as { passport?: { user?: unknown }; signedInAt?: unknown; cookie?: { originalMaxAge?: unknown; secure?: unknown } };
      const [userId, signedInAt, maxAgeMs, secure] = [data.passport?.user, data.signedInAt, data.cookie?.originalMaxAge, data.cookie?.secure === true];
      // As `endExpiredSessions` below: a session that cannot prove its age is not vouched for.
      if (typeof userId !== 'number' || typeof signedInAt !== 'number' || Date.now() - signedInAt > absoluteMs) return undefined;
      return typeof maxAgeMs === 'number' && maxAgeMs > 0 ? { userId, maxAgeMs, secure } : undefined;
    },

    renewCookie(request, response, sessionId, { maxAgeMs, secure }) {
      // Secure as the session's stored cookie says (`secure: 'auto'` decides it once, when the session
      // starts); and as express-session, a Secure cookie is not sent in answer to a plain-http request.
      if (secure && !('encrypted' in request.socket || (config.trustProxy && forwardedProto(request) === 'https'))) return;
      const expires = new Date(Date.now() + maxAgeMs).toUTCString();
      response.setHeader('Set-Cookie', `${signatureOf(sessionId).renewedCookie}${expires}; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`);
    },
  };
}

/** The sessions whose signed cookie `signedInSessions` keeps at most (then it starts again). */
const MAX_REMEMBERED_SESSIONS = 20_000;

/** The first value of a cookie in a `Cookie` header, decoded, as the `cookie` package parses it for express-session. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return undefined;
}

function forwardedProto(request: Request): string {
  const header = request.headers['x-forwarded-proto'];
  return (typeof header === 'string' ? header : '').split(',')[0].trim().toLowerCase();
}

/** What a caller who needs their session is told while Redis, where sessions live, cannot be reached. */
export const SESSION_STORE_UNAVAILABLE = 'Sign-in is unavailable for a moment: the session store cannot be reached. Try again shortly.';

/**
 * The session store, marked disconnected while its Redis connection is down: express-session then
 * skips loading sessions at once (no `request.session`) instead of waiting on the store.
 */
function sessionStore(config: AppConfig, redis: Redis): RedisStore {
  const store = new RedisStore({ client: redis, prefix: sessionKeyPrefix(config) });
  if (redis.status !== 'ready') store.emit('disconnect');
  redis.on('close', () => store.emit('disconnect'));
  redis.on('ready', () => store.emit('connect'));
  return store;
}

export function sessionMiddleware(config: AppConfig, redis: Redis): RequestHandler[] {
  const idleMs = config.session.idleMinutes * 60_000;
  const absoluteMs = config.session.absoluteHours * 3_600_000;
  const endExpiredSessions = (request: Request, _response: Response, next: NextFunction) => {
    const signedIn = !!(request.session as { passport?: { user?: unknown } } | undefined)?.passport?.user;
    const signedInAt = request.session?.signedInAt;
    // A signed-in session with no sign-in time cannot prove its age: it ends too (default deny).
    if (signedIn && !(typeof signedInAt === 'number' && Date.now() - signedInAt <= absoluteMs)) {
      request.session.regenerate((error) => next(error));
      return;
    }
    next();
  };
  const chain = [
    session({
      name: config.session.cookieName,
      store: sessionStore(config, redis),
      secret: config.session.secret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: config.trustProxy,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.trustProxy ? 'auto' : false, maxAge: idleMs, path: '/' },
    }),
    endExpiredSessions,
    passport.initialize(),
    passport.session(),
  ];
  return [skipForVisitorReads(config.session.cookieName, chain)];
}

/** Reads that may start a session: the sign-in start and callback (they keep the OAuth state in it). */
const STARTS_SESSIONS = '/api/auth/';

/** Whether the request sends a cookie named `cookieName` (the session's, signed in or not). */
export function carriesSessionCookie(request: Pick<Request, 'headers'>, cookieName: string): boolean {
  return (request.headers.cookie ?? '').split(';').some((pair) => pair.trimStart().startsWith(`${cookieName}=`));
}

/**
 * Runs `chain` unless the request is a visitor's read: a GET or HEAD without the session cookie, outside
 * sign-in. Such a request has no session to load, and creating (then dropping) an empty one costs every
 * public read a random id and a signature. While the store cannot be reached, signing in is answered
 * 503 at once; every other request goes on without a session, one with a cookie marked
 * `sessionUnavailable` so the access guard answers 503 where the route needs the caller signed in
 * (public reads answer as for a visitor).
 */
function skipForVisitorReads(cookieName: string, chain: RequestHandler[]): RequestHandler {
  const hasSessionCookie = (request: Request) => carriesSessionCookie(request, cookieName);
  return (request, response, next) => {
    const startsSession = (request.url ?? '').startsWith(STARTS_SESSIONS);
    const visitorRead = (request.method === 'GET' || request.method === 'HEAD') && !hasSessionCookie(request) && !startsSession;
    if (visitorRead) return next();
    const withoutStore = () => {
      if (startsSession) return next(new ServiceUnavailableException(SESSION_STORE_UNAVAILABLE));
      if (hasSessionCookie(request)) request.sessionUnavailable = true;
      next();
    };
    const run = (index: number) => (error?: unknown) => {
      // express-session and the expiry check (which regenerates) talk to the store: their errors are its own.
      if (error) return index <= 2 ? withoutStore() : next(error);
      // The store is disconnected: express-session loaded no session.
      if (index === 1 && !request.session) return withoutStore();
      if (index === chain.length) return next();
      chain[index](request, response, run(index + 1));
    };
    run(0)();
  };
}
