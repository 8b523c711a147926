import type { RouteName } from '../routes/routeTable.js';
import type { LazyPage } from './lazyPage.js';

/**
 * The screens an area already has, by route name (a misspelt name does not compile), each declared
 * with `lazyPage` so it is a chunk of its own; the area's other routes show 'Coming soon'.
 */
export type AreaPages = Partial<Record<RouteName, LazyPage>>;
