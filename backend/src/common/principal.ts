import { createParamDecorator, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Role, RoleFlags } from '../contracts/roles.js';

/** The caller of a request, resolved once by the AccessGuard from the session cookie or an API key. */
export interface Principal {
  userId: number;
  roles: Role[];
  flags: RoleFlags;
  via: 'session' | 'apiKey';
}

declare module 'express' {
  interface Request {
    principal?: Principal;
  }
}

/** Injects the signed-in caller; only for routes whose access rule guarantees one. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<Request>().principal;
  if (!principal) throw new UnauthorizedException('Sign in first');
  return principal;
});
