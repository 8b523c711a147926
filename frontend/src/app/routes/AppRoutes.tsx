import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import type { AreaProps } from '../areas/areaProps.js';
import { RouteGuard } from './RouteGuard.js';
import { ROUTES, type Area } from './routeTable.js';

// One chunk per area, so a visitor never downloads the staff screens.
const AREAS: Record<Area, LazyExoticComponent<ComponentType<AreaProps>>> = {
  public: lazy(() => import('../areas/PublicArea.js')),
  profile: lazy(() => import('../areas/ProfileArea.js')),
  admin: lazy(() => import('../areas/AdminArea.js')),
  organizer: lazy(() => import('../areas/OrganizerArea.js')),
  steward: lazy(() => import('../areas/StewardArea.js')),
};

export function AppRoutes() {
  const location = useLocation();
  // Keyed by the full path so the routed page is re-created whenever it changes (SPEC §1).
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  return (
    <Suspense fallback={<CenteredLoader label="Loading page" />}>
      {/* Marks which path the shown page belongs to: navigations are transitions, so the previous
          page stays on screen until the next one is ready. */}
      <div data-page-path={location.pathname} style={{ display: 'contents' }}>
        <Routes location={location} key={fullPath}>
          {ROUTES.map((route) => {
            const AreaScreens = AREAS[route.area];
            return (
              <Route
                key={route.name}
                path={route.path}
                element={
                  <RouteGuard route={route}>
                    <AreaScreens route={route} />
                  </RouteGuard>
                }
              />
            );
          })}
        </Routes>
      </div>
    </Suspense>
  );
}
