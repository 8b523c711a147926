import type { QueryClient } from '@tanstack/react-query';
import { readinessAtom } from '../../features/site/index.js';
import type { AppStore } from '../../lib/store.js';
import { whenIdle } from '../idle.js';

/** The longest the first page's own calls may hold back what comes after them. */
export const FIRST_PAGE_WAIT_MS = 5_000;

/** Resolves once the browser has nothing more urgent to do (at the latest after 2 s). */
const browserIdle = () => new Promise<void>((resolve) => whenIdle(resolve));

/** Resolves once start-up has shown the site (readiness 'yes'). */
function siteShown(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (store.get(readinessAtom) !== 'yes') return;
      stop();
      resolve();
    };
    const stop = store.sub(readinessAtom, check);
    check();
  });
}

/** Resolves once no query is fetching, or after `waitMs`. */
function callsAnswered(queryClient: QueryClient, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stop();
      clearTimeout(deadline);
      resolve();
    };
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    const deadline = setTimeout(done, waitMs);
    if (queryClient.isFetching() === 0) done();
  });
}

/**
 * Runs `task` after the first page: once start-up has shown the site, the page has rendered and its
 * calls have answered (at most FIRST_PAGE_WAIT_MS), and the browser is idle. For what the first page
 * does not need, such as the live connection (main.tsx), so it never competes with the page's downloads.
 */
export async function afterFirstPage(store: AppStore, queryClient: QueryClient, task: () => void, idle: () => Promise<void> = browserIdle): Promise<void> {
  await siteShown(store);
  await idle(); // the page renders, starting its calls
  await callsAnswered(queryClient, FIRST_PAGE_WAIT_MS);
  await idle();
  task();
}
