import { useCallback, useEffect, useRef } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider, useAtomValue } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { CenteredLoader } from '../components/CenteredLoader.js';
import { readinessAtom } from '../features/site/atoms.js';
import { StartupFallback } from '../features/site/StartupFallback.js';
import { startUp } from '../features/site/startUp.js';
import { appStore, type AppStore } from '../lib/store.js';
import { Shell } from './shell/Shell.js';
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

export function App({ store = appStore }: { store?: AppStore }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <BrowserRouter>
          <StartupGate store={store} />
        </BrowserRouter>
      </ThemeProvider>
    </Provider>
  );
}
