import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCESS_RULE, CHANGES_STATE, type AccessRule } from '../../common/access.js';
import type { Principal } from '../../common/principal.js';
import { ApiKeysService } from '../users/api-keys.service.js';
import { UsersService } from '../users/users.service.js';
import type { SessionUser } from './discord.strategy.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-requested-with';

/**
 * The one global guard. Resolves the caller (session cookie or `Authorization: Bearer <api key>`),
 * refuses cookie-authenticated changes without `X-Requested-With: XMLHttpRequest` (CSRF), and
 * enforces the route's declared access rule — undeclared routes need a signed-in user.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, targets) ?? 'signedIn';
    const request = context.switchToHttp().getRequest<Request>();

    const principal = await this.resolvePrincipal(request, rule);
    request.principal = principal ?? undefined;

    const changesState = !SAFE_METHODS.has(request.method) || this.reflector.getAllAndOverride<boolean>(CHANGES_STATE, targets);
    if (principal?.via === 'session' && changesState && request.get(CSRF_HEADER) !== 'XMLHttpRequest') {
      throw new ForbiddenException('Changes made with a session cookie must send the header X-Requested-With: XMLHttpRequest');
    }
    if (rule === 'public') return true;
    if (!principal) throw new UnauthorizedException('Sign in to do this');
    if (rule === 'signedIn' || principal.flags[rule]) return true;
    throw new ForbiddenException(`You need the ${rule.replace(/^is/i, '').toLowerCase()} role to do this`);
  }

  private async resolvePrincipal(request: Request, rule: AccessRule): Promise<Principal | null> {
    const authorization = request.get('authorization');
    if (authorization?.startsWith('Bearer ')) {
      const userId = await this.apiKeys.authenticate(authorization.slice('Bearer '.length).trim());
      const principal = userId ? await this.users.principalFor(userId, 'apiKey') : null;
      if (!principal && rule !== 'public') throw new UnauthorizedException('The API key is not valid');
      return principal;
    }
    const sessionUser = request.user as SessionUser | undefined;
    return sessionUser ? this.users.principalFor(sessionUser.id, 'session') : null;
  }
}
