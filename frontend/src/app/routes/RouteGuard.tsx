import { lazy, useEffect, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { sessionAtom } from '../../features/auth/index.js';
import { guardRedirect, missingRole } from './guard.js';
import type { RouteDef } from './routeTable.js';

// Only a signed-in user without the screen's role sees it: not part of the first page. Shown under AppRoutes' Suspense.
const RoleRequiredPage = lazy(() => import('../pages/RoleRequiredPage.js').then((module) => ({ default: module.RoleRequiredPage })));

/**
 * `<Navigate replace>` that redirects again on every navigation that lands here. Navigate redirects
 * once per mount: opening the same address again while its first redirect still waits for the next
 * page's chunk leaves it mounted, unchanged, and the empty page on screen.
 */
function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to, location]);
  return null;
}

export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const redirect = guardRedirect(route, session);
  if (redirect) return <Redirect to={redirect} />;
  const lacking = missingRole(route, session);
  return lacking ? <RoleRequiredPage role={lacking} title={route.title} /> : children;
}
