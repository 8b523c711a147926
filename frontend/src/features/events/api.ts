/**
 * Every events call of SPEC §7 the client makes, typed by the backend contracts: one `queryOptions`
 * per read (its cache key and fetch), plain functions for the commands.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EventRequest, EventSearchRequest } from '@paddock/contracts/events.js';
import { api, formBody } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';
import { useCommand } from '../../lib/query/useCommand.js';
import type { Platform } from './types.js';

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

/** Quiet reads hand failures to the screen (which says so itself) without the Error dialog. */
export interface ReadOptions {
  silent?: boolean;
}

const listQuery = ({ pageNumber, pageSize }: PageRequest, filters?: EventListFilters) => ({
  pageNumber,
  pageSize,
  gameId: filters?.gameId ?? undefined,
  platform: filters && filters.platform !== 'ALL' ? filters.platform : undefined,
});

/**
 * Cache keys. Everything about events sits under `events` (a published change refetches it all);
 * lists under `events/list`, one event under `events/detail/{id}`. The live event is `live`.
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: ['events', 'list'] as const,
  details: (id: number) => ['events', 'detail', id] as const,
  /** Line-ups per race of event `id` (under its details: refetched with them when its room is joined). */
  raceLineups: (id: number) => ['events', 'detail', id, 'lineups'] as const,
  myNext: ['events', 'mynext'] as const,
  live: ['live'] as const,
  videos: ['videos'] as const,
};

/** SPEC §2: the header's next race is the first planned event, page 1 of size 1 (sent 0-based). */
export const NEXT_PLANNED_PAGE: PageRequest = { pageNumber: 0, pageSize: 1 };

/** `GET /events/planned` or `/events/past`, one page of the public lists. */
const datedList = (when: 'planned' | 'past', page: PageRequest, filters?: EventListFilters, { silent = false }: ReadOptions = {}) =>
  queryOptions({
    queryKey: [...eventKeys.lists, when, page, filters ?? null] as const,
    queryFn: () => api.get(`/events/${when}` as const, { query: listQuery(page, filters), silent }),
    staleTime: PUSHED_STALE_TIME,
    // The previous page stays while the next loads, but upcoming events never stand in for past ones (or back).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === when ? previous : undefined),
  });

export const eventQueries = {
  /** `GET /events/planned`: the header's next race, Home's Next up and Event-List all read it. */
  planned: (page: PageRequest, filters?: EventListFilters, options?: ReadOptions) => datedList('planned', page, filters, options),
  past: (page: PageRequest, filters?: EventListFilters) => datedList('past', page, filters),
  assessmentsPlanned: (page: PageRequest) =>
    queryOptions({
      queryKey: [...eventKeys.lists, 'assessment-planned', page] as const,
      queryFn: () => api.get('/events/assessment/planned', { query: listQuery(page) }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** Organizers' search lists, drafts included. */
  search: (kind: EventKind, page: PageRequest, body: EventSearchRequest) =>
    queryOptions({
      queryKey: [...eventKeys.lists, 'search', kind, page, body] as const,
      queryFn: () => api.post(`/events/${kind}` as const, body, { query: { ...page } }),
      placeholderData: keepPreviousData,
    }),
  /** `GET /events/{id}`; organizers read unpublished events through it too. Quiet: its pages show not-found or their own failure. */
  details: (id: number) =>
    queryOptions({
      queryKey: eventKeys.details(id),
      queryFn: () => api.get('/events/:id', { params: { id }, silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** The signed-in driver's next race (null for a visitor: nothing is asked). */
  myNext: (userId: number | null) =>
    queryOptions({
      queryKey: [...eventKeys.myNext, userId] as const,
      queryFn: () => api.get('/events/mynext', { silent: true }),
      enabled: userId !== null,
      staleTime: PUSHED_STALE_TIME,
    }),
  /** `GET /live`: the live event and its stream, or both null. Quiet: the header asks on every page. */
  live: () =>
    queryOptions({
      queryKey: eventKeys.live,
      queryFn: () => api.get('/live', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  latestVideos: ({ silent = false }: ReadOptions = {}) =>
    queryOptions({
      queryKey: [...eventKeys.videos, 'latest'] as const,
      queryFn: () => api.get('/events/youtube/latest', { silent }),
    }),
  allVideos: (page: PageRequest) =>
    queryOptions({
      queryKey: [...eventKeys.videos, 'all', page] as const,
      queryFn: () => api.get('/events/youtube/all', { query: { ...page } }),
      placeholderData: keepPreviousData,
    }),
};

/** The commands: each returns the API's answer, which the caller writes into the cache (features/events/cache.ts). */
export const eventCommands = {
  drivers: (id: number) => api.get('/events/:id/drivers', { params: { id } }),
  setMyAttendance: (id: number, attending: boolean) => api.put('/events/:id/single/attendance', { attending }, { params: { id } }),
  /** A captain sets exactly the team's drivers in a TEAM or LVL event (none withdraws the team); quiet — the panel says why not. */
  enterTeam: (id: number, teamId: number, profileIds: number[]) => api.post('/events/:id/attendance/team', { teamId, profileIds }, { params: { id }, silent: true }),
  /** Organizers adjust a team's drivers at any time; quiet — the panel says why not. */
  adjustTeam: (id: number, teamId: number, profileIds: number[]) => api.put('/events/:id/attendance/team', { teamId, profileIds }, { params: { id }, silent: true }),
  /** Quiet: the live panel shows why a stream URL was refused beside the field. */
  startLive: (id: number, streamUrl: string) => api.put('/events/:id/live', { streamUrl }, { params: { id }, silent: true }),
  stopLive: (id: number) => api.delete('/events/:id/live', { params: { id } }),
  publish: (id: number, publish: boolean, sendNotification: boolean) => api.get('/events/:id/publish', { params: { id }, query: { publish, sendNotification } }),
  /** Quiet: the form shows why a link was refused beside it. */
  attachVideo: (id: number, youtubeUrl: string, idempotencyKey?: string) => api.post('/events/youtube/:id', { youtubeUrl }, { params: { id }, silent: true, idempotencyKey }),
  /** `PUT /events/{kind}` (multipart: the event JSON and an optional icon); quiet — the form shows field errors. */
  save: (kind: EventKind, event: EventRequest, icon: File | null, idempotencyKey?: string) =>
    api.put(`/events/${kind}` as const, formBody({ event, icon }), { silent: true, idempotencyKey }),
};

/** A race's video attached: the events (which say they have one) and the video lists are asked again. */
export const useAttachVideo = () => useCommand(eventCommands.attachVideo, () => [eventKeys.all, eventKeys.videos]);

/** A team's drivers set for an event: the event (who is in) is asked again, and waited for, so the editor shows them as saved. */
const entriesChanged = (_answer: unknown, eventId: number) => [eventKeys.details(eventId)];

export const useEnterTeam = () => useCommand(eventCommands.enterTeam, entriesChanged, { awaitRefetch: true });
export const useAdjustTeam = () => useCommand(eventCommands.adjustTeam, entriesChanged, { awaitRefetch: true });
