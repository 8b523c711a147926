import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { sessionAtom } from '../../features/auth/atoms.js';
import { guardRedirect } from './guard.js';
import type { RouteDef } from './routeTable.js';

export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const redirect = guardRedirect(route, session);
  return redirect ? <Navigate to={redirect} replace /> : children;
}
