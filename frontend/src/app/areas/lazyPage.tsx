import { lazy, type ComponentType, type ReactElement } from 'react';
import type { MuiScope } from '../../components/ui/MuiScope.js';

/** A screen downloaded as its own chunk on its first visit; `preload()` starts that download early. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * How every routed screen is declared in an area: its module is imported only here, dynamically, so
 * it is a chunk of its own that a visitor of other pages never downloads.
 *
 *   'Event-List': lazyPage(() => import('../../features/events/components/EventListPage.js')),
 *   'Organize-QuickEvents': lazyPage(() => import('../../features/events/organizer/OrganizerEventsPage.js'), (m) => <m.OrganizerEventsPage kind="individual" />),
 *
 * The first form takes the module's default export; the second renders a named export or passes props.
 * The screen comes with MUI's theme scope around it (components/ui/MuiScope), downloaded with it;
 * `plainPage` declares a screen built only from the plain components, which needs none.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage;
export function lazyPage<M>(load: () => Promise<M>, render: (module: M) => ReactElement): LazyPage;
export function lazyPage<M>(load: () => Promise<M>, render?: (module: M) => ReactElement): LazyPage {
  return pageLoader(load, render, () => import('../../components/ui/MuiScope.js').then((module) => module.MuiScope));
}

/** `lazyPage` for a screen without MUI (the first pages a visitor opens): no theme scope to download. */
export function plainPage(load: () => Promise<{ default: ComponentType }>): LazyPage;
export function plainPage<M>(load: () => Promise<M>, render: (module: M) => ReactElement): LazyPage;
export function plainPage<M>(load: () => Promise<M>, render?: (module: M) => ReactElement): LazyPage {
  return pageLoader(load, render, null);
}

function pageLoader<M>(load: () => Promise<M>, render: ((module: M) => ReactElement) | undefined, loadScope: (() => Promise<typeof MuiScope>) | null): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const preload = () => {
    loading ??= Promise.all([load(), loadScope?.()]).then(
      ([module, Scope]) => {
        const Screen = render ? () => render(module) : (module as { default: ComponentType }).default;
        loaded = Scope
          ? () => (
              <Scope>
                <Screen />
              </Scope>
            )
          : Screen;
        return { default: loaded };
      },
      (error: unknown) => {
        loading = null; // a failed download (e.g. offline) is tried again on the next visit
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  // Once downloaded (preloaded at start-up, or visited before) the screen renders at once, without
  // suspending: React would show the loader and hold the screen back for a moment even then.
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Page, { preload });
}
