/** The community calls the client makes (headlines for now): reads as `queryOptions`, the admins' changes as commands. */
import { queryOptions } from '@tanstack/react-query';
import type { HeadlineDto } from '@paddock/contracts/client-events.js';
import type { HeadlineOrderRequest, HeadlineRequest } from '@paddock/contracts/community.js';
import { api } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';

export const communityKeys = {
  headlines: ['community', 'headlines'] as const,
};

export const communityQueries = {
  /** The header banner's headlines; `headlines.changed` writes the new list in place. Quiet: every page asks. */
  headlines: () =>
    queryOptions({
      queryKey: communityKeys.headlines,
      queryFn: () => api.get<HeadlineDto[]>('/headlines', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
};

/** Quiet: the headlines screen says what failed beside the change. `headlines.changed` then brings the list to every browser. */
export const communityCommands = {
  createHeadline: (text: string) => api.post<HeadlineDto>('/headlines', { text } satisfies HeadlineRequest, { silent: true }),
  updateHeadline: (id: number, text: string) => api.put<HeadlineDto>(`/headlines/${id}`, { text } satisfies HeadlineRequest, { silent: true }),
  reorderHeadlines: (ids: number[]) => api.put<HeadlineDto[]>('/headlines/order', { ids } satisfies HeadlineOrderRequest, { silent: true }),
  removeHeadline: (id: number) => api.delete(`/headlines/${id}`, { silent: true }),
};
