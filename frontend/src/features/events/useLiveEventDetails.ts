import { useQuery } from '@tanstack/react-query';
import { routeId } from '../../components/routeId.js';
import { useRoom } from '../../lib/realtime/useRoom.js';
import { eventQueries } from './api.js';

/**
 * The event a URL segment names, kept live: its details from the cache, and its room joined, so seats
 * and who is in arrive pushed (the cache bridge writes them in place). `eventId` is null when the
 * segment names no event (`abc`, `0`): such a page shows not-found without asking the API.
 */
export function useLiveEventDetails(segment: string | undefined) {
  const eventId = routeId(segment);
  const details = useQuery({ ...eventQueries.details(eventId ?? 0), enabled: eventId !== null });
  useRoom(eventId === null ? null : `event:${eventId}`, eventQueries.details(eventId ?? 0).queryKey);
  return { eventId, details };
}
