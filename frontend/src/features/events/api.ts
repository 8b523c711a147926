/** Every events call of SPEC §7 the client makes, typed by the backend contracts. */
import { api } from '../../lib/api/client.js';
import type { AttendeeDto, EventDetailsDto, EventDto, LiveDto, MyAttendanceDto, Page, Platform, VideoDto } from './types.js';

export type PlatformFilter = Platform | 'ALL';
export type EventKind = 'individual' | 'assessment';

export interface EventListFilters {
  gameId: number | null;
  platform: PlatformFilter;
}

export interface PageRequest {
  /** 0-based, as sent (SPEC §9). */
  pageNumber: number;
  pageSize: number;
}

const listQuery = ({ pageNumber, pageSize }: PageRequest, filters?: EventListFilters) => ({
  pageNumber,
  pageSize,
  gameId: filters?.gameId ?? undefined,
  platform: filters && filters.platform !== 'ALL' ? filters.platform : undefined,
});

export const eventsApi = {
  planned: (page: PageRequest, filters?: EventListFilters) => api.get<Page<EventDto>>('/events/planned', { query: listQuery(page, filters) }),
  past: (page: PageRequest, filters?: EventListFilters) => api.get<Page<EventDto>>('/events/past', { query: listQuery(page, filters) }),
  assessmentsPlanned: (page: PageRequest) => api.get<Page<EventDto>>('/events/assessment/planned', { query: listQuery(page) }),
  myNext: () => api.get<{ event: EventDto | null }>('/events/mynext', { silent: true }),
  details: (id: number) => api.get<EventDetailsDto>(`/events/${id}`),
  drivers: (id: number) => api.get<AttendeeDto[]>(`/events/${id}/drivers`),
  setMyAttendance: (id: number, attending: boolean) => api.put<MyAttendanceDto>(`/events/${id}/single/attendance`, { attending }),
  live: () => api.get<LiveDto>('/live', { silent: true }),
  /** Quiet: the live panel shows why a stream URL was refused beside the field. */
  startLive: (id: number, streamUrl: string) => api.put<LiveDto>(`/events/${id}/live`, { streamUrl }, { silent: true }),
  stopLive: (id: number) => api.delete<void>(`/events/${id}/live`),
  latestVideos: () => api.get<VideoDto[]>('/events/youtube/latest'),
  allVideos: (page: PageRequest) => api.get<Page<VideoDto>>('/events/youtube/all', { query: { ...page } }),
};

export interface EventSearch {
  name?: string;
  gameId?: number;
  published?: boolean;
  sort?: { field: 'date' | 'name' | 'seats' | 'createdAt' | 'published'; direction?: 'ASC' | 'DESC' }[];
}

export const organizerEventsApi = {
  search: (kind: EventKind, page: PageRequest, body: EventSearch) => api.post<Page<EventDto>>(`/events/${kind}`, body, { query: { ...page } }),
  /** Organizers read unpublished events through the same details call. */
  details: (id: number) => api.get<EventDetailsDto>(`/events/${id}`),
  publish: (id: number, publish: boolean, sendNotification: boolean) =>
    api.get<EventDto>(`/events/${id}/publish`, { query: { publish, sendNotification } }),
  attachVideo: (id: number, youtubeUrl: string) => api.post<VideoDto>(`/events/youtube/${id}`, { youtubeUrl }),
};
