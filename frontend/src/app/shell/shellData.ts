import type { QueryClient } from '@tanstack/react-query';
import { communityQueries } from '../../features/community/index.js';
import { eventQueries, NEXT_PLANNED_PAGE } from '../../features/events/index.js';
import { siteQueries } from '../../features/site/index.js';

/**
 * Asks for what the shell shows around every page (the headlines banner, the next race, the live
 * race button, maintenance mode) while start-up runs, so the shell's first frame already has it and
 * nothing moves when it arrives (a late headlines banner pushed the whole page down).
 */
export function prefetchShellData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(communityQueries.headlines());
  void queryClient.prefetchQuery(siteQueries.maintenance());
  void queryClient.prefetchQuery(eventQueries.live());
  void queryClient.prefetchQuery(eventQueries.planned(NEXT_PLANNED_PAGE, undefined, { silent: true }));
}
