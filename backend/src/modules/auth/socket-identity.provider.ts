import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { REDIS } from '../../infra/redis/redis.module.js';
import type { SocketCredential, SocketHandshake, SocketIdentification, SocketIdentity } from '../../infra/realtime/socket-identity.js';
import type { SessionUser } from './discord.strategy.js';
import { PrincipalResolver } from './principal-resolver.js';
import { readSignedInSession } from './session.js';

const VISITOR: SocketIdentification = { principal: null, credential: null, expiresAt: null };

/**
 * Identifies a socket as the HTTP guard identifies a request: `auth.token` (an API key) or the session
 * cookie; and again later from the session id or key, reading the session as the store holds it now.
 */
@Injectable()
export class SessionSocketIdentity implements SocketIdentity {
  constructor(
    private readonly orm: MikroORM,
    private readonly principals: PrincipalResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  identify({ auth, request }: SocketHandshake): Promise<SocketIdentification> {
    const token = auth?.token;
    if (typeof token === 'string' && token) return this.reidentify({ kind: 'apiKey', key: token });
    const user = (request as { user?: SessionUser }).user;
    const sessionId = (request as Partial<Request>).sessionID;
    return user?.id && sessionId ? this.reidentify({ kind: 'session', sessionId }) : Promise.resolve(VISITOR);
  }

  reidentify(credential: SocketCredential): Promise<SocketIdentification> {
    return RequestContext.create(this.orm.em, async () => {
      if (credential.kind === 'apiKey') return { principal: await this.principals.forApiKey(credential.key), credential, expiresAt: null };
      const session = await readSignedInSession(this.config, this.redis, credential.sessionId);
      const principal = session ? await this.principals.forSession(session.userId) : null;
      // Ended for good: nothing to re-read later (a new sign-in is a new session, and a new socket).
      return principal && session ? { principal, credential, expiresAt: session.expiresAt } : { ...VISITOR, credential };
    });
  }
}
