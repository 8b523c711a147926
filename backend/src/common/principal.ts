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

/** The caller on a public route: a principal when signed in, else undefined. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): Principal | undefined => context.switchToHttp().getRequest<Request>().principal);

/** Organizers see hidden drivers by name in lists; everyone else sees "Private driver". */
export const seesHiddenDrivers = (principal: Principal | undefined): boolean => !!principal?.flags.isOrganizer;
