import type { QueryClient } from '@tanstack/react-query';
import { realtime, type RealtimeConnection } from '../../lib/realtime/connection.js';
import type { AppStore } from '../../lib/store.js';
import { currentUserAtom } from '../../features/auth/index.js';
import { bridgeToCache } from './cacheBridge.js';

/**
 * Opens the live connection, feeds its messages into the query cache, and reconnects when the
 * signed-in user changes (the server identifies a socket at its handshake). Returns a function that
 * stops it all.
 */
export function startLiveUpdates(store: AppStore, queryClient: QueryClient, connection: RealtimeConnection = realtime): () => void {
  let userId = store.get(currentUserAtom)?.id ?? null;
  const stops = [
    bridgeToCache(queryClient, connection),
    store.sub(currentUserAtom, () => {
      const next = store.get(currentUserAtom)?.id ?? null;
      if (next === userId) return;
      userId = next;
      connection.reconnect();
    }),
  ];
  connection.connect();
  return () => {
    for (const stop of stops) stop();
    connection.disconnect();
  };
}
