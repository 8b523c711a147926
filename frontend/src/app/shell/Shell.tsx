import { lazy, Suspense, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { sessionAtom } from '../../features/auth/index.js';
import { siteQueries } from '../../features/site/index.js';
import { AppRoutes } from '../routes/AppRoutes.js';
import { ROUTES } from '../routes/routeTable.js';
import { useHashScroll } from '../routes/useHashScroll.js';
import { ErrorDialog } from './ErrorDialog.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import './shell.css';

// Only while the league is under maintenance: not part of the first page.
const MaintenancePage = lazy(() => import('../../features/site/MaintenancePage.js').then((module) => ({ default: module.MaintenancePage })));

const BARE_PATHS = ROUTES.filter((route) => route.bare).map((route) => route.path);

/** Every change of the signed-in flag to false goes Home (SPEC §4). */
function useHomeOnSignOut(loggedIn: boolean) {
  const navigate = useNavigate();
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) navigate('/');
    wasLoggedIn.current = loggedIn;
  }, [loggedIn, navigate]);
}

/** Header, routed page, footer and the Error dialog (a bare route: the page alone) — or the maintenance page for everyone but staff. */
export function Shell() {
  const session = useAtomValue(sessionAtom);
  const { data: maintenance = false } = useQuery({ ...siteQueries.maintenance(), select: (state) => state.enabled });
  const { pathname } = useLocation();
  const bare = BARE_PATHS.some((path) => matchPath(path, pathname) !== null);
  useHomeOnSignOut(session.loggedIn);
  useHashScroll();

  if (maintenance && !session.isSteward)
    return (
      <Suspense fallback={null}>
        <MaintenancePage />
      </Suspense>
    );

  // A page for streaming software (the timing overlay): the page alone, no header, footer or dialogs.
  if (bare) return <AppRoutes />;

  return (
    <div className="pd-shell">
      <a className="pd-skip-link" href="#main-content">
        Skip to main content
      </a>
      <Header />
      {/* At least a screen high, so the footer starts below the fold and never shifts into view as the page loads. */}
      <main className="pd-main" id="main-content" tabIndex={-1}>
        <AppRoutes />
      </main>
      <Footer />
      <ErrorDialog />
    </div>
  );
}
