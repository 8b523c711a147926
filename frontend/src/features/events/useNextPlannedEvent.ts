import { useQuery } from '@tanstack/react-query';
import { eventQueries, NEXT_PLANNED_PAGE } from './api.js';
import type { EventSummary } from './types.js';

/** The first planned event (SPEC §2: page 1, size 1): the header's next race and Home's fallback banner. */
export function useNextPlannedEvent(): { event: EventSummary | null; known: boolean } {
  const query = useQuery({ ...eventQueries.planned(NEXT_PLANNED_PAGE, undefined, { silent: true }), select: (page) => page.content[0] ?? null });
  // Known once asked (answered or failed), so Home never flashes "no upcoming race" before it is.
  return { event: query.data ?? null, known: query.isFetched || query.isError };
}
