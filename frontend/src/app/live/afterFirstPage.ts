import type { QueryClient } from '@tanstack/react-query';
import { readinessAtom } from '../../features/site/index.js';
import type { AppStore } from '../../lib/store.js';
import { whenIdle } from '../idle.js';

/** The longest the first page's own calls may hold back what comes after them. */
export const FIRST_PAGE_WAIT_MS = 5_000;

/** What the browser is waited for: being idle, and having drawn the page's first content. */
export interface BrowserWaits {
  idle: () => Promise<void>;
  contentPainted: () => Promise<void>;
}

/**
 * Resolves once the browser has drawn the page's first text or image (Paint Timing's first-contentful-paint),
 * at once where paint timing is not reported, at the latest after FIRST_PAGE_WAIT_MS (a tab in the background
 * draws nothing).
 */
function firstContentPainted(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(deadline);
      resolve();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const deadline = setTimeout(done, FIRST_PAGE_WAIT_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}

const BROWSER: BrowserWaits = {
  // At the latest after 2 s.
  idle: () => new Promise<void>((resolve) => whenIdle(resolve)),
  contentPainted: firstContentPainted,
};

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
 * calls have answered (at most FIRST_PAGE_WAIT_MS), the browser has drawn it, and is idle. For what the
 * first page does not need, such as the live connection (main.tsx), so it never competes with the page's
 * downloads. (The page is drawn in slices that let the browser idle in between: its calls could answer
 * and the browser idle before the page was on screen, and the download went first.)
 */
export async function afterFirstPage(store: AppStore, queryClient: QueryClient, task: () => void, browser: BrowserWaits = BROWSER): Promise<void> {
  await siteShown(store);
  await browser.idle(); // the page renders, starting its calls
  await callsAnswered(queryClient, FIRST_PAGE_WAIT_MS);
  await browser.contentPainted();
  await browser.idle();
  task();
}
