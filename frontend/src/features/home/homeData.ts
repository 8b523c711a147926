import { api } from '../../lib/api/client.js';
import type { EventDto, Page, VideoDto } from '../events/types.js';

/** What Home loads when it mounts (SPEC §2); quiet on failure, since each section says so itself. */
export const homeApi = {
  nextUp: () => api.get<Page<EventDto>>('/events/planned', { query: { pageNumber: 0, pageSize: 10 }, silent: true }),
  myNext: () => api.get<{ event: EventDto | null }>('/events/mynext', { silent: true }),
  latestVideos: () => api.get<VideoDto[]>('/events/youtube/latest', { silent: true }),
};
