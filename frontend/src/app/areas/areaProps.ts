import type { QueryClient } from '@tanstack/react-query';
import type { AppStore } from '../../lib/store.js';
import type { RouteName } from '../routes/routeTable.js';
import type { LazyPage } from './lazyPage.js';

/**
 * The screens an area already has, by route name (a misspelt name does not compile), each declared
 * with `lazyPage` so it is a chunk of its own; the area's other routes show 'Coming soon'.
 */
export type AreaPages = Partial<Record<RouteName, LazyPage>>;

/**
 * What a screen asks for first, by route name: started at boot when a visit opens on that screen, so
 * the answers arrive with start-up instead of after it. For the pages one lands on (a visitor's, or a
 * signed-in page opened from a link or a bookmark); each must ask exactly what the screen's first render
 * asks (same query options), or it only adds a call. Reads that depend on the viewer's role wait for the page;
 * `store` is the app's, where start-up puts the signed-in user.
 */
export type FirstReads = Partial<Record<RouteName, (queryClient: QueryClient, params: Record<string, string | undefined>, store: AppStore) => void>>;
