/**
 * What rivals push messages do to the query cache and the notice atom; app/live/cacheBridge.ts calls
 * these. Only what is shown is refetched (invalidation refetches active queries only).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { RivalBeatenMessage, RivalQueueChangedMessage, RivalTimeChangedMessage } from '@paddock/contracts/rivals.js';
import { appStore } from '../../lib/store.js';
import { rivalsKeys } from './api.js';
import { rivalBeatenAtom } from './atoms.js';

/** Servers rotated or were edited: Home's schedule table and open dialogs. */
export function onRivalsScheduleChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: rivalsKeys.schedule });
  void queryClient.invalidateQueries({ queryKey: rivalsKeys.servers });
}

/** True for a cached board page or top three of `trackId` (keys `rivals/board/{track}/…` and `rivals/board/top/{track}`). */
export function isBoardOf(queryKey: readonly unknown[], trackId: number): boolean {
  if (queryKey[0] !== rivalsKeys.boards[0] || queryKey[1] !== rivalsKeys.boards[1]) return false;
  return queryKey[2] === trackId || (queryKey[2] === 'top' && queryKey[3] === trackId);
}

/** A time was set, verified or rejected: that track's boards, Home's cards, my rivals' gaps and my own times. */
export function onRivalTimeChanged(queryClient: QueryClient, { trackId }: RivalTimeChangedMessage): void {
  void queryClient.invalidateQueries({ predicate: (query) => isBoardOf(query.queryKey, trackId) });
  void queryClient.invalidateQueries({ queryKey: rivalsKeys.mine });
  void queryClient.invalidateQueries({ queryKey: rivalsKeys.times });
}

/** The provisional queue changed (stewards), and with it a driver's own times. */
export function onRivalQueueChanged(queryClient: QueryClient, _message: RivalQueueChangedMessage): void {
  void queryClient.invalidateQueries({ queryKey: rivalsKeys.times });
}

/** A picked rival beat the user: the header shows the notice (newest first, at most five kept). */
export function onRivalBeaten(queryClient: QueryClient, message: RivalBeatenMessage): void {
  appStore.set(rivalBeatenAtom, (notices) => [{ ...message, receivedAt: Date.now() }, ...notices].slice(0, 5));
  void queryClient.invalidateQueries({ queryKey: rivalsKeys.mine });
}
