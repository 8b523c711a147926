import { ForbiddenException, Injectable, ServiceUnavailableException, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCESS_RULE, CHANGES_STATE, type AccessRule } from '../../common/access.js';
import { CSRF_MESSAGE, SAFE_METHODS, hasCsrfProof } from '../../common/csrf.js';
import type { Principal } from '../../common/principal.js';
import type { SessionUser } from './discord.strategy.js';
import { InvalidApiKeyError, PrincipalResolver } from './principal-resolver.js';
import { SESSION_STORE_UNAVAILABLE } from './session.js';

/**
 * The one global guard. Resolves the caller (session cookie or `Authorization: Bearer <api key>`),
 * refuses cookie-authenticated changes without `X-Requested-With: XMLHttpRequest` (CSRF), and
 * enforces the route's declared access rule — undeclared routes need a signed-in user.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly principals: PrincipalResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, targets) ?? 'signedIn';
    const request = context.switchToHttp().getRequest<Request>();

    const principal = await this.resolvePrincipal(request, rule);
    request.principal = principal ?? undefined;

    const changesState = !SAFE_METHODS.has(request.method) || this.reflector.getAllAndOverride<boolean>(CHANGES_STATE, targets);
    // A session cookie the store could not load: a public read answers as for a visitor; anything that may need the session is 503.
    if (!principal && request.sessionUnavailable && (rule !== 'public' || changesState)) throw new ServiceUnavailableException(SESSION_STORE_UNAVAILABLE);
    if (principal?.via === 'session' && changesState && !hasCsrfProof(request)) throw new ForbiddenException(CSRF_MESSAGE);
    if (rule === 'public') return true;
    if (!principal) throw new UnauthorizedException('Sign in to do this');
    if (rule === 'signedIn' || principal.flags[rule]) return true;
    throw new ForbiddenException(`You need the ${rule.replace(/^is/i, '').toLowerCase()} role to do this`);
  }

  private async resolvePrincipal(request: Request, rule: AccessRule): Promise<Principal | null> {
    const authorization = request.get('authorization');
    if (authorization?.startsWith('Bearer ')) {
      try {
        return await this.principals.forApiKey(authorization.slice('Bearer '.length));
      } catch (error) {
        // Public routes serve an unknown bearer (e.g. a metrics token) as a visitor.
        if (error instanceof InvalidApiKeyError && rule !== 'public') throw new UnauthorizedException(error.message);
        if (!(error instanceof InvalidApiKeyError)) throw error;
        return null;
      }
    }
    return this.principals.forSession((request.user as SessionUser | undefined)?.id);
  }
}
