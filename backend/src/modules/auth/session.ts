import RedisStore from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Redis } from 'ioredis';
import passport from 'passport';
import type { AppConfig } from '../../config/environment.js';

export const SESSION_COOKIE = 'paddock.sid';

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
  return [
    session({
      name: SESSION_COOKIE,
      store: new RedisStore({ client: redis, prefix: `${config.redisPrefix}:session:` }),
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
}
