/**
 * Every profile call of SPEC §7 the client makes, typed by the backend contracts: one `queryOptions`
 * per read (its cache key and fetch), plain functions for the commands.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Platform } from '@paddock/contracts/catalogue.js';
import type { ProfileUpdateRequest, PublicProfileDto } from '@paddock/contracts/profiles.js';
import { api } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';
import { useCommand } from '../../lib/query/useCommand.js';
import type { PageRequest } from '../../components/paging.js';

export interface DriverFilters {
  platform: Platform | 'ALL';
  gameId: number | null;
  teamId: number | null;
  search: string;
  /** Roles or a Crew filter value (the Crew page); empty for the Grid. */
  roles: string;
}

export const NO_DRIVER_FILTERS: DriverFilters = { platform: 'ALL', gameId: null, teamId: null, search: '', roles: '' };

/**
 * Cache keys. Everything about drivers sits under `profiles` (`drivers.changed` refetches it all); the
 * caller's own profile is `profiles/mine`, one driver's page under `profiles/driver/{id}`.
 */
export const profileKeys = {
  all: ['profiles'] as const,
  mine: ['profiles', 'mine'] as const,
  takenNumbers: ['profiles', 'takenNumbers'] as const,
  lists: ['profiles', 'list'] as const,
  driver: (id: number) => ['profiles', 'driver', id] as const,
  calendar: ['profiles', 'mine', 'calendar'] as const,
};

export const profileQueries = {
  /** `GET /profile`: the caller's profile as the Profile page edits it. */
  mine: () => queryOptions({ queryKey: profileKeys.mine, queryFn: () => api.get('/profile') }),
  /** `GET /calendar/me`: the token of the caller's "my races" calendar feed, null until made. */
  calendar: () => queryOptions({ queryKey: profileKeys.calendar, queryFn: () => api.get('/calendar/me') }),
  takenNumbers: () => queryOptions({ queryKey: profileKeys.takenNumbers, queryFn: () => api.get('/profile/takenDriverNumbers') }),
  /** `GET /profile/list`: the Grid, or the Crew with `roles`. */
  list: (page: PageRequest, filters: DriverFilters) =>
    queryOptions({
      queryKey: [...profileKeys.lists, page, filters] as const,
      queryFn: () =>
        api.get('/profile/list', {
          query: {
            ...page,
            platform: filters.platform === 'ALL' ? undefined : filters.platform,
            game: filters.gameId ?? undefined,
            team: filters.teamId ?? undefined,
            search: filters.search.trim() || undefined,
            roles: filters.roles || undefined,
          },
        }),
      staleTime: PUSHED_STALE_TIME,
      placeholderData: keepPreviousData,
    }),
  publicProfile: (id: number) =>
    queryOptions({ queryKey: profileKeys.driver(id), queryFn: () => api.get('/profile/:id', { params: { id }, silent: true }), staleTime: PUSHED_STALE_TIME }),
  teams: (id: number) =>
    queryOptions({
      queryKey: [...profileKeys.driver(id), 'teams'] as const,
      queryFn: () => api.get('/profile/:id/teams', { params: { id } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  events: (id: number) =>
    queryOptions({
      queryKey: [...profileKeys.driver(id), 'events'] as const,
      queryFn: () => api.get('/profile/:id/events', { params: { id } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  results: (id: number) =>
    queryOptions({
      queryKey: [...profileKeys.driver(id), 'results'] as const,
      queryFn: () => api.get('/profile/:id/results', { params: { id } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  stats: (id: number) =>
    queryOptions({
      queryKey: [...profileKeys.driver(id), 'stats'] as const,
      queryFn: () => api.get('/profile/:id/stats-summary', { params: { id } }),
      staleTime: PUSHED_STALE_TIME,
    }),
};

/** The commands: each returns the API's answer, which the caller writes into the cache. */
export const profileCommands = {
  /** `PATCH /profile`; quiet — the form shows field errors and a taken number beside the fields. */
  update: (changes: ProfileUpdateRequest, idempotencyKey?: string) => api.patch('/profile', changes, { silent: true, idempotencyKey }),
  promote: (profileId: number) => api.post('/profile/promote', { profileId }),
  /** `POST /calendar/me`: a new address for the caller's calendar feed (the previous one stops working). */
  newCalendarAddress: () => api.post('/calendar/me', undefined),
};

/** A new "my races" calendar address: the answer is the new token. */
export const useNewCalendarAddress = () =>
  useCommand(profileCommands.newCalendarAddress, () => [], { writes: (answer) => [{ queryKey: profileKeys.calendar, data: answer }] });

/** A NEW driver promoted: their profile says so at once (the driver's own menus follow by push). */
export const usePromoteDriver = () =>
  useCommand(profileCommands.promote, () => [], {
    writes: ({ profileId }) => [{ queryKey: profileKeys.driver(profileId), data: (current?: PublicProfileDto) => current && { ...current, isNew: false } }],
  });
