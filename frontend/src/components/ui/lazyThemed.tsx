import { lazy, type ComponentType } from 'react';

/** Loads a MUI-built component only when first rendered, together with the MUI theme scope around it. */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= Promise.all([load(), import('./MuiScope.js')]).then(
      ([Component, { MuiScope }]) => ({
        default: (props: P) => (
          <MuiScope>
            <Component {...props} />
          </MuiScope>
        ),
      }),
      (error: unknown) => {
        loading = null; // a failed download (e.g. offline) is tried again on the next render
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
