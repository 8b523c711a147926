import type { Session } from '../../features/auth/index.js';
import type { Area, RouteDef } from './routeTable.js';

/** Home's query that opens the sign-in dialog saying why: `/?signIn=live`. */
export const SIGN_IN_PARAM = 'signIn';
export const SIGN_IN_REASONS = {
  live: 'The live race is for signed-in drivers: log in to watch it.',
  staff: 'This page is for the league’s staff: log in to open it.',
  account: 'This page is for signed-in drivers: log in to open it.',
} as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

export function signInReason(value: string | null): string | null {
  return value !== null && Object.hasOwn(SIGN_IN_REASONS, value) ? SIGN_IN_REASONS[value as SignInReason] : null;
}

/**
 * Where a route guard sends the user instead (SPEC §4), or null to let them in:
 * visitors only reach public routes (any other sends them Home to sign in, saying why it needs it);
 * a signed-in user without a completed profile goes to Profile.
 */
export function guardRedirect(route: Pick<RouteDef, 'name' | 'isPublic' | 'area'>, session: Pick<Session, 'loggedIn' | 'profileCompleted'>): string | null {
  if (!session.loggedIn) {
    if (route.isPublic) return null;
    const reason: SignInReason = route.name === 'Live' ? 'live' : AREA_ROLES[route.area] ? 'staff' : 'account';
    return `/?${SIGN_IN_PARAM}=${reason}`;
  }
  if (!session.profileCompleted && route.name !== 'Profile') return '/profile';
  return null;
}

/** The role a staff area needs, by the flag the server checks and the role's name as people say it. */
export interface RequiredRole {
  flag: 'isAdmin' | 'isOrganizer' | 'isSteward';
  name: 'admin' | 'organizer' | 'steward';
}

const AREA_ROLES: Partial<Record<Area, RequiredRole>> = {
  admin: { flag: 'isAdmin', name: 'admin' },
  organizer: { flag: 'isOrganizer', name: 'organizer' },
  steward: { flag: 'isSteward', name: 'steward' },
};

/**
 * The role a signed-in user lacks for a staff route, or null when they may use it: the server
 * refuses these screens' calls without it, so the page says so instead of showing empty lists.
 */
export function missingRole(route: Pick<RouteDef, 'area'>, session: Pick<Session, RequiredRole['flag']>): RequiredRole | null {
  const required = AREA_ROLES[route.area];
  return required && !session[required.flag] ? required : null;
}
