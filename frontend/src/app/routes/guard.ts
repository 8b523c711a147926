import type { Session } from '../../features/auth/session.js';
import type { RouteDef } from './routeTable.js';

/**
 * Where a route guard sends the user instead (SPEC §4), or null to let them in:
 * visitors only reach public routes; a signed-in user without a completed profile goes to Profile.
 */
export function guardRedirect(route: Pick<RouteDef, 'name' | 'isPublic'>, session: Pick<Session, 'loggedIn' | 'profileCompleted'>): string | null {
  if (!session.loggedIn) return route.isPublic ? null : '/';
  if (!session.profileCompleted && route.name !== 'Profile') return '/profile';
  return null;
}
