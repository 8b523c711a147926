import { useCallback, useEffect, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider, useAtomValue } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { CenteredLoader } from '../components/CenteredLoader.js';
import { SiteNameContext } from '../components/PageTitle.js';
import { configAtom, readinessAtom, StartupFallback } from '../features/site/index.js';
import { appQueryClient } from '../lib/query/queryClient.js';
import { appStore, type AppStore } from '../lib/store.js';
import { Shell } from './shell/Shell.js';
import { startUp } from './startUp.js';
import { theme } from './theme.js';

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

/** How long start-up may take before a loader says so: a quick start shows the site as its first paint. */
export const LOADER_DELAY_MS = 1_000;

function StartupLoader() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <CenteredLoader label="Loading the league" /> : null;
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
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <BrowserRouter>
            <LeagueNameInTitles>
              <StartupGate store={store} />
            </LeagueNameInTitles>
          </BrowserRouter>
        </ThemeProvider>
      </Provider>
    </QueryClientProvider>
  );
}
