import { matchRoutes } from 'react-router-dom';
import { ROUTES, type Area, type RouteDef } from '../routes/routeTable.js';
import { ADMIN_PAGES } from './AdminArea.js';
import type { AreaPages } from './areaProps.js';
import type { LazyPage } from './lazyPage.js';
import { ORGANIZER_PAGES } from './OrganizerArea.js';
import { PROFILE_PAGES } from './ProfileArea.js';
import { PUBLIC_PAGES } from './PublicArea.js';
import { STEWARD_PAGES } from './StewardArea.js';

/** Every built screen by the area its route belongs to (`area` in the route table). */
const PAGES: Record<Area, AreaPages> = {
  public: PUBLIC_PAGES,
  profile: PROFILE_PAGES,
  admin: ADMIN_PAGES,
  organizer: ORGANIZER_PAGES,
  steward: STEWARD_PAGES,
};

/** The screen of a route, or undefined while it is not built yet. */
export function pageOf(route: RouteDef): LazyPage | undefined {
  return PAGES[route.area][route.name];
}

/**
 * Starts downloading the screen of the page the browser opened, before start-up has finished, so its
 * chunk loads alongside the start-up calls instead of after them.
 */
export function preloadPageAt(pathname: string): void {
  const route = matchRoutes(
    ROUTES.map((candidate) => ({ path: candidate.path, route: candidate })),
    pathname,
  )?.at(-1)?.route.route;
  if (route)
    void pageOf(route)
      ?.preload()
      .catch(() => undefined);
}
