import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { pageOf } from '../areas/pages.js';
import { PageLoader } from './PageLoader.js';
import { RouteGuard } from './RouteGuard.js';
import { ROUTES, type RouteDef } from './routeTable.js';

// Placeholders for screens later work brings: rarely opened, so not part of the first page.
const ComingSoonPage = lazy(() => import('../pages/ComingSoonPage.js').then((module) => ({ default: module.ComingSoonPage })));

/** A route's screen (its own chunk, see areas/lazyPage.tsx), or the titled placeholder when it is not built yet. */
function RoutedPage({ route }: { route: RouteDef }) {
  const Page = pageOf(route);
  return Page ? <Page /> : <ComingSoonPage title={route.title} underConstruction={route.underConstruction} />;
}

export function AppRoutes() {
  const location = useLocation();
  // Keyed by the full path so the routed page is re-created whenever it changes (SPEC §1).
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  return (
    <Suspense fallback={<PageLoader />}>
      {/* Marks which path the shown page belongs to: navigations are transitions, so the previous
          page stays on screen until the next one is ready. */}
      <div data-page-path={location.pathname} style={{ display: 'contents' }}>
        <Routes location={location} key={fullPath}>
          {ROUTES.map((route) => (
            <Route
              key={route.name}
              path={route.path}
              element={
                <RouteGuard route={route}>
                  <RoutedPage route={route} />
                </RouteGuard>
              }
            />
          ))}
        </Routes>
      </div>
    </Suspense>
  );
}
