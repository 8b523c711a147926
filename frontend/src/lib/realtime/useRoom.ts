import { useEffect } from 'react';
import type { ClientEventMap, ClientEventName } from '../../../../backend/src/contracts/client-events.js';
import { realtime } from './connection.js';

/** Keeps the live connection in `room` while the component is shown (null: none). */
export function useRoom(room: string | null): void {
  useEffect(() => (room ? realtime.join(room) : undefined), [room]);
}

/** Calls `listener` for each message of that name while the component is shown. */
export function useClientEvent<N extends ClientEventName>(name: N, listener: (payload: ClientEventMap[N]) => void): void {
  useEffect(() => realtime.on(name, listener), [name, listener]);
}

/** Calls `refetch` whenever the live connection comes back after a drop. */
export function useResync(refetch: () => void): void {
  useEffect(() => realtime.onResync(refetch), [refetch]);
}
