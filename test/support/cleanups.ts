import { afterEach } from '@jest/globals';

/**
 * Call inside a `describe`: returns `later(value, cleanup)`, which hands `value` back and runs
 * `cleanup(value)` after the current test, the last registered first (apps close before the proxy
 * they go through stops).
 */
export function cleanupsAfterEach(): <T>(value: T, cleanup: (value: T) => Promise<unknown> | unknown) => T {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return (value, cleanup) => {
    cleanups.push(() => cleanup(value));
    return value;
  };
}
