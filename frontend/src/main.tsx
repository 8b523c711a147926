// First, so the feature stylesheets imported after it (the shell's, the pages') override its rules.
import './components/ui/ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startUpOnce } from './app/App.js';
import { preloadPageAt } from './app/areas/pages.js';
import { afterFirstPage } from './app/live/afterFirstPage.js';
import { prefetchShellData } from './app/shell/shellData.js';
import { showTime } from './components/dateTime.js';
import { applyPalette } from './components/ui/index.js';
import { appQueryClient } from './lib/query/queryClient.js';
import { appStore } from './lib/store.js';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

applyPalette(document);
// Start-up's calls, the shell's data, the opened page's chunk and its first reads load while React renders its first frame.
startUpOnce(appStore);
prefetchShellData(appQueryClient);
preloadPageAt(window.location.pathname, appQueryClient, appStore);
createRoot(root).render(
  <StrictMode>
    <App store={appStore} queryClient={appQueryClient} />
  </StrictMode>,
);
// The first time format costs the browser its locale data (130 ms at the mobile preset's CPU): paid in a
// task of its own right after the loader's first frame, while start-up waits for the network, not in the
// site's first render (the header's next race, event cards). Waiting for the browser to be idle was too
// late: start-up's answers often came first, and the cost landed in the site's first render.
setTimeout(() => showTime(new Date().toISOString()), 0);
// The live connection (its bridge to the cache, socket.io-client) is downloaded after the first page:
// nothing is missed meanwhile, as its first connect refetches what is shown if a message went out since
// the page was served (lib/realtime/connection.ts).
void afterFirstPage(appStore, appQueryClient, () => void import('./app/live/liveUpdates.js').then(({ startLiveUpdates }) => startLiveUpdates(appStore, appQueryClient)));
