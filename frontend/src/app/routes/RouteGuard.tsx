import { lazy, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { sessionAtom } from '../../features/auth/index.js';
import { guardRedirect, missingRole } from './guard.js';
import type { RouteDef } from './routeTable.js';

// Only a signed-in user without the screen's role sees it: not part of the first page. Shown under AppRoutes' Suspense.
const RoleRequiredPage = lazy(() => import('../pages/RoleRequiredPage.js').then((module) => ({ default: module.RoleRequiredPage })));

export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const redirect = guardRedirect(route, session);
  if (redirect) return <Navigate to={redirect} replace />;
  const lacking = missingRole(route, session);
  return lacking ? <RoleRequiredPage role={lacking} title={route.title} /> : children;
}
