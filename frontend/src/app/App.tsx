import { useCallback, useEffect, useRef, type ReactNode } from 'react';
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

/** Runs the start-up sequence, then shows the shell, or the fallback view when the league cannot be reached. */
export function StartupGate({ store }: { store: AppStore }) {
  const readiness = useAtomValue(readinessAtom);
  // One sequence at a time: StrictMode's double effect and impatient Retry clicks must not start a second.
  const inFlight = useRef<Promise<void> | null>(null);
  const run = useCallback(() => {
    inFlight.current ??= startUp(store).finally(() => {
      inFlight.current = null;
    });
  }, [store]);
  useEffect(run, [run]);

  if (readiness === 'no') return <StartupFallback onRetry={run} />;
  if (readiness === 'empty') return <CenteredLoader label="Loading the league" />;
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
