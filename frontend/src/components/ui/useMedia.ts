import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether `query` (a CSS media query, e.g. '(min-width: 1200px)') matches, read synchronously on the
 * first render (nothing appears late) and updated when it changes (a window resized, a phone turned).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
