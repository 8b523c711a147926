import { lazy, type ComponentType } from 'react';

/** A part of a screen downloaded as its own chunk; `preload()` starts that download early. */
export type LazyPart<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Like React's `lazy`, but once the chunk is there (preloaded with the page that shows it, or shown
 * before) the part renders at once, without suspending: a preloaded part then appears in the same frame
 * as the page around it, instead of its Suspense fallback first and the part a moment later.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null; // a failed download (e.g. offline) is tried again on the next render
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  const Part = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  return Object.assign(Part, { preload });
}
