import RedisStore from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Redis } from 'ioredis';
import passport from 'passport';
import type { AppConfig } from '../../config/environment.js';
import type { SessionUser } from './discord.strategy.js';

/**
 * How long a visitor's sign-in attempt (the OAuth `state` and PKCE verifier) is kept: the session
 * that holds it lives this long, not the idle timeout of a signed-in session. Signing in replaces it.
 */
export const SIGN_IN_ATTEMPT_MS = 10 * 60_000;

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

/** The signed-in user of the request's session, once the session middlewares ran; undefined for visitors and API keys. */
export const signedInUserId = (request: Request): number | undefined => (request.user as SessionUser | undefined)?.id;

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
      store: new RedisStore({ client: redis, prefix: sessionKeyPrefix(config) }),
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

/**
 * Runs `chain` unless the request is a visitor's read: a GET or HEAD without the session cookie, outside
 * sign-in. Such a request has no session to load, and creating (then dropping) an empty one costs every
 * public read a random id and a signature.
 */
function skipForVisitorReads(cookieName: string, chain: RequestHandler[]): RequestHandler {
  const hasSessionCookie = (request: Request) => (request.headers.cookie ?? '').split(';').some((pair) => pair.trimStart().startsWith(`${cookieName}=`));
  return (request, response, next) => {
    const visitorRead = (request.method === 'GET' || request.method === 'HEAD') && !hasSessionCookie(request) && !(request.url ?? '').startsWith(STARTS_SESSIONS);
    if (visitorRead) return next();
    const run = (index: number) => (error?: unknown) => {
      if (error || index === chain.length) return next(error);
      chain[index](request, response, run(index + 1));
    };
    run(0)();
  };
}
