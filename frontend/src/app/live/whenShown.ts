import { readinessAtom } from '../../features/site/index.js';
import type { AppStore } from '../../lib/store.js';

/** Runs `task` once the browser has nothing more urgent to do (at the latest after 2 s). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}

/**
 * Runs `task` once, after start-up has shown the site (readiness 'yes') and the browser is idle:
 * for what the first page does not need, such as the live connection (main.tsx).
 */
export function whenSiteShown(store: AppStore, task: () => void, idle: (task: () => void) => void = whenIdle): void {
  let done = false;
  const check = () => {
    if (done || store.get(readinessAtom) !== 'yes') return;
    done = true;
    unsubscribe();
    idle(task);
  };
  const unsubscribe = store.sub(readinessAtom, check);
  check();
}
