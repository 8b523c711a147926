import type { HeadlineDto } from '../../../../backend/src/contracts/client-events.js';
import { api } from '../../lib/api/client.js';
import { realtime, type RealtimeConnection } from '../../lib/realtime/connection.js';
import type { AppStore } from '../../lib/store.js';
import { currentUserAtom } from '../auth/atoms.js';
import { headlinesAtom } from '../community/atoms.js';
import { maintenanceAtom } from './atoms.js';

const headlineTexts = (headlines: HeadlineDto[]) => headlines.map((headline) => headline.text);

/**
 * What every page shows live: the headlines banner and maintenance mode. Loads both, applies pushed
 * changes to their atoms, reloads them after a reconnect, and reconnects when the signed-in user
 * changes (the server identifies a socket at its handshake). Returns a function that stops it all.
 */
export function startLiveUpdates(store: AppStore, connection: RealtimeConnection = realtime): () => void {
  const load = () => {
    void api.get<HeadlineDto[]>('/headlines', { silent: true }).then((headlines) => store.set(headlinesAtom, headlineTexts(headlines)), () => undefined);
    void api.get<{ enabled: boolean }>('/maintenance', { silent: true }).then(({ enabled }) => store.set(maintenanceAtom, enabled), () => undefined);
  };
  let userId = store.get(currentUserAtom)?.id ?? null;
  const stops = [
    connection.on('headlines.changed', ({ headlines }) => store.set(headlinesAtom, headlineTexts(headlines))),
    connection.on('maintenance.changed', ({ enabled }) => store.set(maintenanceAtom, enabled)),
    connection.onResync(load),
    store.sub(currentUserAtom, () => {
      const next = store.get(currentUserAtom)?.id ?? null;
      if (next === userId) return;
      userId = next;
      connection.reconnect();
    }),
  ];
  load();
  connection.connect();
  return () => {
    for (const stop of stops) stop();
    connection.disconnect();
  };
}
