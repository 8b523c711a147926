import { startTransition } from 'react';
import { api, ApiError } from '../lib/api/client.js';
import type { AppStore } from '../lib/store.js';
import { currentUserAtom } from '../features/auth/index.js';
import { configAtom, readinessAtom } from '../features/site/index.js';

export const CONFIG_TIMEOUT_MS = 10_000;

/**
 * The start-up sequence of SPEC §4: config first (10 s timeout), then the user lookup, then a
 * POST to the config path whose failure is ignored. A 401 simply means a visitor; any other
 * failure of either call sets readiness to 'no' and the fallback view takes over.
 */
export async function startUp(store: AppStore): Promise<void> {
  store.set(readinessAtom, 'empty');

  try {
    store.set(configAtom, await api.get('/config', { timeoutMs: CONFIG_TIMEOUT_MS, silent: true }));
  } catch (error) {
    console.error('Could not load the league configuration', error);
    store.set(readinessAtom, 'no');
    return;
  }

  let userLookupFailed = false;
  try {
    store.set(currentUserAtom, await api.get('/users/me', { silent: true }));
  } catch (error) {
    store.set(currentUserAtom, null);
    if (!(error instanceof ApiError && error.status === 401)) {
      console.error('Could not look up the signed-in user', error);
      userLookupFailed = true;
    }
  }

  void api.post('/config', undefined, { silent: true }).catch(() => undefined);
  // A transition, so React draws the whole site (shell and page) in slices that let input in, rather than in one long task.
  startTransition(() => store.set(readinessAtom, userLookupFailed ? 'no' : 'yes'));
}
