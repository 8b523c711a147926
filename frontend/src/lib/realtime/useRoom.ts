import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refetchMissed } from '../query/refetchMissed.js';
import { realtime } from './connection.js';

/**
 * Keeps the live connection in `room` while the component is shown (null: none). What arrives there
 * reaches the screen through the query cache (app/live/cacheBridge.ts). `refetch` names what the
 * screen shows of the room: loaded before the server confirmed the room, it may have missed a
 * change, so it is fetched again then (unless the server says the room had no message since the page
 * was served).
 */
export function useRoom(room: string | null, refetch?: QueryKey): void {
  const queryClient = useQueryClient();
  const refetchKey = refetch ? JSON.stringify(refetch) : null;
  useEffect(() => {
    if (!room) return undefined;
    const onJoined = refetchKey ? () => void refetchMissed(queryClient, JSON.parse(refetchKey) as QueryKey) : undefined;
    return realtime.join(room, onJoined);
  }, [room, refetchKey, queryClient]);
}
