import { useCallback, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider, useAtomValue } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { SiteNameContext } from '../components/PageTitle.js';
import { LinearProgress } from '../components/ui/index.js';
import { configAtom, readinessAtom, StartupFallback } from '../features/site/index.js';
import { appQueryClient } from '../lib/query/queryClient.js';
import { appStore, type AppStore } from '../lib/store.js';
import { Shell } from './shell/Shell.js';
import { startUp } from './startUp.js';

const running = new WeakMap<AppStore, Promise<void>>();
const started = new WeakSet<AppStore>();

/** Runs the start-up sequence for `store`, unless it is running already (impatient Retry clicks share one run). */
export function runStartUp(store: AppStore): Promise<void> {
  started.add(store);
  let run = running.get(store);
  if (!run) {
    run = startUp(store).finally(() => running.delete(store));
    running.set(store, run);
  }
  return run;
}

/** Runs the start-up sequence unless it ran for `store` before: main.tsx starts it ahead of the first render. */
export function startUpOnce(store: AppStore): void {
  if (!started.has(store)) void runStartUp(store);
}

/**
 * A thin bar sweeping along the top while start-up runs. No text or icon: it does not count as the
 * page's first content, which is the site itself.
 */
function StartupLoader() {
  return <LinearProgress label="Loading the league" className="pd-startup-loader" />;
}

/** Runs the start-up sequence, then shows the shell, or the fallback view when the league cannot be reached. */
export function StartupGate({ store }: { store: AppStore }) {
  const readiness = useAtomValue(readinessAtom);
  useEffect(() => startUpOnce(store), [store]);
  const retry = useCallback(() => void runStartUp(store), [store]);

  if (readiness === 'no') return <StartupFallback onRetry={retry} />;
  if (readiness === 'empty') return <StartupLoader />;
  return <Shell />;
}

/** Page titles end with the league's name from the configuration. */
function LeagueNameInTitles({ children }: { children: ReactNode }) {
  const { leagueName } = useAtomValue(configAtom);
  return <SiteNameContext value={leagueName}>{children}</SiteNameContext>;
}

/** Jotai holds client state (the user, start-up); the query cache holds server data. */
export function App({ store = appStore, queryClient = appQueryClient }: { store?: AppStore; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <BrowserRouter>
          <LeagueNameInTitles>
            <StartupGate store={store} />
          </LeagueNameInTitles>
        </BrowserRouter>
      </Provider>
    </QueryClientProvider>
  );
}
