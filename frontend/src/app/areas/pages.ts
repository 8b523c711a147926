import type { QueryClient } from '@tanstack/react-query';
import type { AppStore } from '../../lib/store.js';
import { matchRoutes } from 'react-router-dom';
import { ROUTES, type Area, type RouteDef } from '../routes/routeTable.js';
import { ADMIN_PAGES } from './AdminArea.js';
import type { AreaPages, FirstReads } from './areaProps.js';
import type { LazyPage } from './lazyPage.js';
import { ORGANIZER_PAGES } from './OrganizerArea.js';
import { PROFILE_PAGES } from './ProfileArea.js';
import { PUBLIC_FIRST_READS, PUBLIC_PAGES } from './PublicArea.js';
import { SIGNED_IN_FIRST_READS } from './signedInFirstReads.js';
import { STEWARD_PAGES } from './StewardArea.js';

/** Every built screen by the area its route belongs to (`area` in the route table). */
const PAGES: Record<Area, AreaPages> = {
  public: PUBLIC_PAGES,
  profile: PROFILE_PAGES,
  admin: ADMIN_PAGES,
  organizer: ORGANIZER_PAGES,
  steward: STEWARD_PAGES,
};

/** What the pages one lands on ask for first, by area. */
const FIRST_READS: Partial<Record<Area, FirstReads>> = { public: PUBLIC_FIRST_READS, ...SIGNED_IN_FIRST_READS };

/** The screen of a route, or undefined while it is not built yet. */
export function pageOf(route: RouteDef): LazyPage | undefined {
  return PAGES[route.area][route.name];
}

/**
 * Starts downloading the screen of the page the browser opened, and what it asks for first, before
 * start-up has finished: both arrive alongside the start-up calls instead of after them.
 */
export function preloadPageAt(pathname: string, queryClient: QueryClient, store: AppStore): void {
  const match = matchRoutes(
    ROUTES.map((candidate) => ({ path: candidate.path, route: candidate })),
    pathname,
  )?.at(-1);
  if (!match) return;
  const { route } = match.route;
  void pageOf(route)
    ?.preload()
    .catch(() => undefined);
  FIRST_READS[route.area]?.[route.name]?.(queryClient, match.params, store);
}
