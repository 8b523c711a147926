import { Fragment, lazy, useDeferredValue, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { PageLoader } from '../routes/PageLoader.js';

/** A screen downloaded as its own chunk on its first visit; `preload()` starts that download early. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * How every routed screen is declared in an area: its module is imported only here, dynamically, so
 * it is a chunk of its own that a visitor of other pages never downloads.
 *
 *   Media: lazyPage(() => import('../../features/media/MediaPage.js')),
 *   'Organize-QuickEvents': lazyPage(() => import('../../features/events/organizer/OrganizerEventsPage.js'), (m) => <m.OrganizerEventsPage kind="individual" />),
 *
 * The first form takes the module's default export; the second renders a named export or passes props.
 * The pages a visitor lands on are `landingPage`s instead, part of the entry.
 * The screen comes with MUI's theme scope around it (components/ui/MuiScope), downloaded with it; a screen
 * built from the plain components only is declared with `plainPage` and downloads no MUI.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage;
export function lazyPage<M>(load: () => Promise<M>, render: (module: M) => ReactElement): LazyPage;
export function lazyPage<M>(load: () => Promise<M>, render?: (module: M) => ReactElement): LazyPage {
  return screenLoader(() => Promise.all([load(), import('../../components/ui/MuiScope.js')]).then(([module, { MuiScope }]) => ({ module, Scope: MuiScope })), render);
}

/** `lazyPage` for a screen built from the plain components (components/ui) only: no MUI theme scope, no MUI download. */
export function plainPage(load: () => Promise<{ default: ComponentType }>): LazyPage;
export function plainPage<M>(load: () => Promise<M>, render: (module: M) => ReactElement): LazyPage;
export function plainPage<M>(load: () => Promise<M>, render?: (module: M) => ReactElement): LazyPage {
  return screenLoader(() => load().then((module) => ({ module, Scope: Fragment })), render);
}

function screenLoader<M>(load: () => Promise<{ module: M; Scope: ComponentType<{ children: ReactNode }> }>, render?: (module: M) => ReactElement): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const preload = () => {
    loading ??= load().then(
      ({ module, Scope }) => {
        const Screen = render ? () => render(module) : (module as { default: ComponentType }).default;
        const LoadedPage = () => {
          // The screen's first render is deferred (a transition, which React splits into slices of a few
          // ms), so a big screen is drawn without one long task blocking the page: the loader stays meanwhile.
          const drawn = useDeferredValue(true, false);
          return drawn ? (
            <Scope>
              <Screen />
            </Scope>
          ) : (
            <PageLoader />
          );
        };
        loaded = LoadedPage;
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

/**
 * A screen a visitor lands on (Home, the events): imported statically, so it is part of the entry and
 * renders with the shell's first frame, with no chunk to wait for. Built without MUI, like the shell.
 */
export function landingPage(Screen: ComponentType): LazyPage {
  return Object.assign(() => <Screen />, { preload: () => Promise.resolve() });
}
