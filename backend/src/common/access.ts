import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse, ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import type { AccessRule } from '../contracts/http.js';

export type { AccessRule };

export const ACCESS_RULE = 'paddock:access-rule';
export const CHANGES_STATE = 'paddock:changes-state';

/**
 * Declares a route's (or controller's) audience; the global AccessGuard enforces it. Undeclared means signed-in.
 * A contract route gets its rule from the contract through `@Endpoint`; only routes outside it declare their own.
 */
export function Access(rule: AccessRule): MethodDecorator & ClassDecorator {
  const documented = rule === 'public' ? [] : [ApiCookieAuth('session'), ApiBearerAuth('apiKey'), ApiUnauthorizedResponse({ description: 'Not signed in' })];
  const forbidden = rule === 'public' || rule === 'signedIn' ? [] : [ApiForbiddenResponse({ description: `Requires ${rule}` })];
  return applyDecorators(SetMetadata(ACCESS_RULE, rule), ApiExtension('x-access', rule), ...documented, ...forbidden);
}

/**
 * Marks a GET route that changes state (SPEC's publish call), so the CSRF rule for
 * cookie-authenticated changes applies to it like to POST/PUT/PATCH/DELETE.
 */
export const ChangesState = () => SetMetadata(CHANGES_STATE, true);
