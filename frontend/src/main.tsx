import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { preloadPageAt } from './app/areas/pages.js';
import { startLiveUpdates } from './app/live/liveUpdates.js';
import { appQueryClient } from './lib/query/queryClient.js';
import { appStore } from './lib/store.js';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

preloadPageAt(window.location.pathname);
createRoot(root).render(
  <StrictMode>
    <App store={appStore} queryClient={appQueryClient} />
  </StrictMode>,
);
startLiveUpdates(appStore, appQueryClient);
