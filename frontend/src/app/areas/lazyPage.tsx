import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';

/** A screen downloaded as its own chunk on its first visit; `preload()` starts that download early. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * How every routed screen is declared in an area: its module is imported only here, dynamically, so
 * it is a chunk of its own that a visitor of other pages never downloads.
 *
 *   'Event-List': lazyPage(() => import('../../features/events/components/EventListPage.js')),
 *   'Organize-QuickEvents': lazyPage(() => import('../../features/events/organizer/OrganizerEventsPage.js'), (m) => <m.OrganizerEventsPage kind="individual" />),
 *
 * The first form takes the module's default export; the second renders a named export or passes props.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage;
export function lazyPage<M>(load: () => Promise<M>, render: (module: M) => ReactElement): LazyPage;
export function lazyPage<M>(load: () => Promise<M>, render?: (module: M) => ReactElement): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => ({ default: render ? () => render(module) : (module as { default: ComponentType }).default }),
      (error: unknown) => {
        loading = null; // a failed download (e.g. offline) is tried again on the next visit
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
