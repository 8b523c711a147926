/**
 * Every competitions call of SPEC §7 the client makes, typed by the backend contracts: one
 * `queryOptions` per read (its cache key and fetch), plain functions for the commands.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';
import type { PageRequest } from '../../components/paging.js';
import type {
  CompetitionDto,
  CompetitionGroupDto,
  CompetitionGroupRequest,
  CompetitionRequest,
  CompetitionSearchRequest,
  CompetitionSummaryDto,
  DriverListItemDto,
  Page,
  RaceResultsDto,
  RaceResultsRequest,
  ResultImportDto,
  ResultImportMapping,
  ResultRevisionDto,
  ResultSourceDto,
  SeasonDto,
  SeasonEventDetailsDto,
  SeasonEventsRequest,
  SeasonRequest,
  StandingsDto,
} from './types.js';
import { saveWithImages } from './saveWithImages.js';

/** One race of a season's event: where its results live. */
export interface RaceRef {
  seasonId: number;
  eventId: number;
  raceId: number;
}

/**
 * Cache keys. Everything about competitions sits under `competitions`; a season's reads under
 * `competitions/season/{id}` (its standings and race results below it, so a standings push can
 * refresh the season's results without touching other seasons).
 */
export const competitionKeys = {
  all: ['competitions'] as const,
  groups: ['competitions', 'groups'] as const,
  group: (id: number) => ['competitions', 'groups', 'detail', id] as const,
  lists: ['competitions', 'list'] as const,
  details: (id: number) => ['competitions', 'detail', id] as const,
  season: (id: number) => ['competitions', 'season', id] as const,
  seasonDetails: (id: number) => ['competitions', 'season', id, 'details'] as const,
  standings: (id: number) => ['competitions', 'season', id, 'standings'] as const,
  seasonResults: (id: number) => ['competitions', 'season', id, 'results'] as const,
  seasonEvent: (seasonId: number, eventId: number) => ['competitions', 'season', seasonId, 'results', 'event', eventId] as const,
  results: ({ seasonId, eventId, raceId }: RaceRef) => ['competitions', 'season', seasonId, 'results', 'race', eventId, raceId] as const,
  revisions: ({ seasonId, eventId, raceId }: RaceRef) => ['competitions', 'season', seasonId, 'results', 'race', eventId, raceId, 'revisions'] as const,
};

/** The most current competitions any list shows at once (the API's largest page is 1000). */
export const CURRENT_PAGE: PageRequest = { pageNumber: 0, pageSize: 100 };

const resultsPath = ({ seasonId, eventId, raceId }: RaceRef) => `/seasons/${seasonId}/events/${eventId}/results/${raceId}`;

/** Standings only move forward: an answer older than what the cache holds (a push overtook the fetch) is not shown. */
export function newerStandings(cached: unknown, fetched: unknown): unknown {
  const old = cached as StandingsDto | undefined;
  const next = fetched as StandingsDto | undefined;
  return old && next && old.seasonId === next.seasonId && old.version > next.version ? old : next;
}

export const competitionQueries = {
  groups: () => queryOptions({ queryKey: competitionKeys.groups, queryFn: () => api.get<CompetitionGroupDto[]>('/competitions/groups'), staleTime: PUSHED_STALE_TIME }),
  /** Quiet: its page shows not-found or its own failure. */
  group: (id: number) => queryOptions({ queryKey: competitionKeys.group(id), queryFn: () => api.get<CompetitionGroupDto>(`/competitions/groups/${id}`, { silent: true }) }),
  /** `GET /competitions/current`: the Series page and the leaderboard's competition choice. */
  current: (page: PageRequest = CURRENT_PAGE) =>
    queryOptions({
      queryKey: [...competitionKeys.lists, 'current', page] as const,
      queryFn: () => api.get<Page<CompetitionSummaryDto>>('/competitions/current', { query: { ...page } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** `GET /competitions/leaderboards`: the competitions the Series leaderboard offers. */
  leaderboards: () =>
    queryOptions({
      queryKey: [...competitionKeys.lists, 'leaderboards'] as const,
      queryFn: () => api.get<CompetitionDto[]>('/competitions/leaderboards'),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** Organizers' search, past competitions included. */
  search: (page: PageRequest, body: CompetitionSearchRequest) =>
    queryOptions({
      queryKey: [...competitionKeys.lists, 'search', page, body] as const,
      queryFn: () => api.post<Page<CompetitionSummaryDto>>('/competitions', body, { query: { ...page } }),
      placeholderData: keepPreviousData,
    }),
  /** `GET /competitions/{id}` with its seasons. Quiet: its pages show not-found or their own failure. */
  details: (id: number) =>
    queryOptions({
      queryKey: competitionKeys.details(id),
      queryFn: () => api.get<CompetitionDto>(`/competitions/${id}`, { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** `GET /seasons/{id}`: the season with its competition, points system and events. Quiet, as above. */
  season: (id: number) =>
    queryOptions({
      queryKey: competitionKeys.seasonDetails(id),
      queryFn: () => api.get<SeasonDto>(`/seasons/${id}`, { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** `GET /seasons/{id}/standings`, kept current by `season.standings.changed` in room `season:{id}`. */
  standings: (id: number) =>
    queryOptions({
      queryKey: competitionKeys.standings(id),
      queryFn: () => api.get<StandingsDto>(`/seasons/${id}/standings`, { silent: true }),
      staleTime: PUSHED_STALE_TIME,
      structuralSharing: newerStandings,
    }),
  /** `GET /seasons/{season}/events/{event}`: one round with the latest results of each of its races. Quiet: its card says so. */
  seasonEvent: (seasonId: number, eventId: number) =>
    queryOptions({
      queryKey: competitionKeys.seasonEvent(seasonId, eventId),
      queryFn: () => api.get<SeasonEventDetailsDto>(`/seasons/${seasonId}/events/${eventId}`, { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** One race's classification as the latest revision has it. */
  results: (race: RaceRef) =>
    queryOptions({
      queryKey: competitionKeys.results(race),
      queryFn: () => api.get<RaceResultsDto>(resultsPath(race), { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  revisions: (race: RaceRef) =>
    queryOptions({
      queryKey: competitionKeys.revisions(race),
      queryFn: () => api.get<ResultRevisionDto[]>(`${resultsPath(race)}/revisions`),
    }),
  /** A saved revision never changes: read once. */
  revision: (race: RaceRef, revision: number) =>
    queryOptions({
      queryKey: [...competitionKeys.revisions(race), revision] as const,
      queryFn: () => api.get<RaceResultsDto>(`${resultsPath(race)}/revisions/${revision}`),
      staleTime: Infinity,
    }),
  /** `GET /competitions/external/sources`: the result files the import reads. */
  sources: () =>
    queryOptions({
      queryKey: ['competitions', 'sources'] as const,
      queryFn: () => api.get<ResultSourceDto[]>('/competitions/external/sources', { silent: true }),
      staleTime: Infinity,
    }),
  /** `GET /profile/list?search=`: drivers by number or name for the results grid (quiet: the field says it). */
  drivers: (search: string) =>
    queryOptions({
      queryKey: ['competitions', 'driverSearch', search] as const,
      queryFn: () => api.get<Page<DriverListItemDto>>('/profile/list', { query: { search, pageNumber: 0, pageSize: 10 }, silent: true }),
      enabled: search.trim().length > 0,
      placeholderData: keepPreviousData,
    }),
};

/** The commands: each returns the API's answer, which the caller writes into the cache (cache.ts). */
export const competitionCommands = {
  /** `PUT /competitions/groups` (multipart: `group` JSON, `icon`, `banner`); quiet — the form shows field errors. */
  saveGroup: (group: CompetitionGroupRequest, icon: File | null, banner: File | null) =>
    saveWithImages<CompetitionGroupDto>({ path: '/competitions/groups', part: 'group', record: group, images: { icon, banner } }),
  /** `PUT /competitions` (multipart: `competition` JSON, `icon`, `banner`); quiet, as above. */
  saveCompetition: (competition: CompetitionRequest, icon: File | null, banner: File | null) =>
    saveWithImages<CompetitionDto>({ path: '/competitions', part: 'competition', record: competition, images: { icon, banner } }),
  /** `PUT /competitions/{id}/seasons`: creates (no id) or updates a season with its points system. Quiet: the form says why not. */
  saveSeason: (competitionId: number, season: SeasonRequest) => api.put<SeasonDto>(`/competitions/${competitionId}/seasons`, season, { silent: true }),
  /** `PUT /seasons/{id}/events`: exactly these events make up the season. Quiet, as above. */
  linkEvents: (seasonId: number, body: SeasonEventsRequest) => api.put<SeasonDto>(`/seasons/${seasonId}/events`, body, { silent: true }),
  /** Saves a race's classification as a new revision. Quiet: the grid shows why not. */
  saveResults: (race: RaceRef, body: RaceResultsRequest) => api.put<RaceResultsDto>(resultsPath(race), body, { silent: true }),
  revert: (race: RaceRef, revision: number) => api.post<RaceResultsDto>(`${resultsPath(race)}/revisions/${revision}/revert`, undefined, { silent: true }),
  /** Uploads a server results file; with `mapping`, the lines it could not match are given their drivers. */
  importResults: (race: RaceRef, file: File, mapping?: ResultImportMapping) => {
    const form = new FormData();
    form.append('file', file);
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    return api.post<ResultImportDto>(`${resultsPath(race)}/import`, form, { silent: true });
  },
};
