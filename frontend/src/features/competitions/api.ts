/**
 * Every competitions call of SPEC §7 the client makes, typed by the backend contracts: one
 * `queryOptions` per read (its cache key and fetch), plain functions for the commands. The public
 * views (Series, series details, the leaderboard, standings) read through the GraphQL API, one
 * document per view; organizer screens read and write over REST (they see unpublished rounds).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api, formBody } from '../../lib/api/client.js';
import { request } from '../../lib/graphql.js';
import { CURRENT_PAGE, LEADERBOARD_DOCUMENT, SEASON_EVENT_DOCUMENT, SERIES_DETAILS_DOCUMENT, SERIES_DOCUMENT, STANDINGS_DOCUMENT } from './documents.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';
import { useCommand } from '../../lib/query/useCommand.js';
import type { PageRequest } from '../../components/paging.js';
import type {
  CompetitionDto,
  CompetitionGroupDto,
  CompetitionGroupRequest,
  CompetitionRequest,
  CompetitionSearchRequest,
  CompetitionSummaryDto,
  LiveDraftConfirmRequest,
  LiveDraftDto,
  Page,
  PointsSystem,
  RaceResultsRequest,
  ResultImportDecisions,
  SeasonDto,
  SeasonEventDetailsDto,
  SeasonEventsRequest,
  SeasonRequest,
  StandingsDto,
} from './types.js';

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
  /** An organizer's standings, unpublished rounds counted and named (under the public key: what refreshes it refreshes these). */
  standingsPreview: (id: number) => ['competitions', 'season', id, 'standings', 'preview'] as const,
  seasonResults: (id: number) => ['competitions', 'season', id, 'results'] as const,
  seasonEvent: (seasonId: number, eventId: number) => ['competitions', 'season', seasonId, 'results', 'event', eventId] as const,
  results: ({ seasonId, eventId, raceId }: RaceRef) => ['competitions', 'season', seasonId, 'results', 'race', eventId, raceId] as const,
  revisions: ({ seasonId, eventId, raceId }: RaceRef) => ['competitions', 'season', seasonId, 'results', 'race', eventId, raceId, 'revisions'] as const,
  liveDraft: ({ seasonId, eventId, raceId }: RaceRef) => ['competitions', 'season', seasonId, 'results', 'race', eventId, raceId, 'live-draft'] as const,
};

/** GraphQL answers a points table the season does not have as null; the contract leaves it out. */
type GraphqlSeason = Omit<SeasonDto, 'pointsSystem'> & { pointsSystem: Omit<PointsSystem, 'tables'> & { tables: Record<string, number[] | null> } };

function toSeason({ pointsSystem, ...season }: GraphqlSeason): SeasonDto {
  const tables = Object.fromEntries(Object.entries(pointsSystem.tables).filter(([, table]) => table !== null)) as PointsSystem['tables'];
  return { ...season, pointsSystem: { ...pointsSystem, tables } };
}

/** The Series page: every group and the current competitions. */
export interface SeriesView {
  groups: CompetitionGroupDto[];
  competitions: CompetitionSummaryDto[];
}

/** Series details: the competition (with its seasons) and the season shown. */
export interface SeriesDetailsView {
  competition: CompetitionDto;
  season: SeasonDto;
}

/** The leaderboard's selectors: the competitions on offer, and the competition and season the URL names (null when it names none). */
export interface LeaderboardView {
  choices: CompetitionDto[];
  competition: CompetitionDto | null;
  season: SeasonDto | null;
}

/** A race's path parameters. */
const raceParams = ({ seasonId, eventId, raceId }: RaceRef) => ({ season: seasonId, event: eventId, race: raceId });

/** Standings only move forward: an answer older than what the cache holds (a push overtook the fetch) is not shown. */
export function newerStandings(cached: unknown, fetched: unknown): unknown {
  const old = cached as StandingsDto | undefined;
  const next = fetched as StandingsDto | undefined;
  return old && next && old.seasonId === next.seasonId && old.version > next.version ? old : next;
}

export const competitionQueries = {
  groups: () => queryOptions({ queryKey: competitionKeys.groups, queryFn: () => api.get('/competitions/groups'), staleTime: PUSHED_STALE_TIME }),
  /** Quiet: its page shows not-found or its own failure. */
  group: (id: number) => queryOptions({ queryKey: competitionKeys.group(id), queryFn: () => api.get('/competitions/groups/:id', { params: { id }, silent: true }) }),
  /** The Series page in one GraphQL read: groups and current competitions. */
  series: (page: PageRequest = CURRENT_PAGE) =>
    queryOptions({
      queryKey: [...competitionKeys.lists, 'series', page] as const,
      queryFn: async ({ signal }): Promise<SeriesView> => {
        const data = await request<{ competitionGroups: CompetitionGroupDto[]; currentCompetitions: Pick<Page<CompetitionSummaryDto>, 'content'> }>(
          SERIES_DOCUMENT,
          { ...page },
          { signal },
        );
        return { groups: data.competitionGroups, competitions: data.currentCompetitions.content };
      },
      staleTime: PUSHED_STALE_TIME,
    }),
  /**
   * The leaderboard's selectors in one GraphQL read: the competitions on offer and, when known, the
   * competition and season shown (null: not asked). Quiet: the page shows not-found or its own failure.
   */
  leaderboard: (competitionId: number | null, seasonId: number | null) =>
    queryOptions({
      queryKey: ['competitions', 'leaderboard', competitionId, seasonId] as const,
      queryFn: async ({ signal }): Promise<LeaderboardView> => {
        const variables = { competitionId: competitionId ?? 0, withCompetition: competitionId !== null, seasonId: seasonId ?? 0, withSeason: seasonId !== null };
        const data = await request<{ leaderboardCompetitions: CompetitionDto[]; competition?: CompetitionDto; season?: GraphqlSeason }>(LEADERBOARD_DOCUMENT, variables, {
          silent: true,
          signal,
        });
        return { choices: data.leaderboardCompetitions, competition: data.competition ?? null, season: data.season ? toSeason(data.season) : null };
      },
      staleTime: PUSHED_STALE_TIME,
    }),
  /** Organizers' search, past competitions included. */
  search: (page: PageRequest, body: CompetitionSearchRequest) =>
    queryOptions({
      queryKey: [...competitionKeys.lists, 'search', page, body] as const,
      queryFn: () => api.post('/competitions', body, { query: { ...page } }),
      placeholderData: keepPreviousData,
    }),
  /** `GET /competitions/{id}` with its seasons (organizer screens). Quiet: its pages show not-found or their own failure. */
  details: (id: number) =>
    queryOptions({
      queryKey: competitionKeys.details(id),
      queryFn: () => api.get('/competitions/:id', { params: { id }, silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** `GET /seasons/{id}`: the season with its competition, points system and events (organizers: unpublished ones too). Quiet, as above. */
  season: (id: number) =>
    queryOptions({
      queryKey: competitionKeys.seasonDetails(id),
      queryFn: () => api.get('/seasons/:season', { params: { season: id }, silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /**
   * Series details in one GraphQL read: the competition and the season as visitors see it (published
   * rounds only; under the season's key, so its room refreshes it). Quiet: the page shows not-found or its failure.
   */
  seriesDetails: (competitionId: number, seasonId: number) =>
    queryOptions({
      queryKey: [...competitionKeys.season(seasonId), 'series', competitionId] as const,
      queryFn: async ({ signal }): Promise<SeriesDetailsView> => {
        const data = await request<{ competition: CompetitionDto; season: GraphqlSeason }>(SERIES_DETAILS_DOCUMENT, { competitionId, seasonId }, { silent: true, signal });
        return { competition: data.competition, season: toSeason(data.season) };
      },
      staleTime: PUSHED_STALE_TIME,
    }),
  /**
   * A season's standings (GraphQL `standings`, the StandingsDto of `GET /seasons/{id}/standings`), kept
   * current by `season.standings.changed` in room `season:{id}`, which cacheBridge writes under this key.
   */
  standings: (id: number) =>
    queryOptions({
      queryKey: competitionKeys.standings(id),
      queryFn: async ({ signal }) => (await request<{ standings: StandingsDto }>(STANDINGS_DOCUMENT, { seasonId: id }, { silent: true, signal })).standings,
      staleTime: PUSHED_STALE_TIME,
      structuralSharing: newerStandings,
    }),
  /**
   * An organizer's preview of a season's standings (`GET /seasons/{id}/standings` as an organizer: the
   * unpublished rounds counted too, listed in `unpublishedEventIds`). Pushes carry the public
   * standings: each push refetches it (cache.ts).
   */
  standingsPreview: (id: number) =>
    queryOptions({
      queryKey: competitionKeys.standingsPreview(id),
      queryFn: () => api.get('/seasons/:season/standings', { params: { season: id }, silent: true }),
      staleTime: PUSHED_STALE_TIME,
      structuralSharing: newerStandings,
    }),
  /** One round with the latest results of each of its races (GraphQL `seasonEvent`). Quiet: its card says so. */
  seasonEvent: (seasonId: number, eventId: number) =>
    queryOptions({
      queryKey: competitionKeys.seasonEvent(seasonId, eventId),
      queryFn: async ({ signal }) =>
        (await request<{ seasonEvent: SeasonEventDetailsDto }>(SEASON_EVENT_DOCUMENT, { seasonId, eventId }, { silent: true, signal })).seasonEvent,
      staleTime: PUSHED_STALE_TIME,
    }),
  /** One race's classification as the latest revision has it. */
  results: (race: RaceRef) =>
    queryOptions({
      queryKey: competitionKeys.results(race),
      queryFn: () => api.get('/seasons/:season/events/:event/results/:race', { params: raceParams(race), silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** `GET …/results/{race}/live-draft`: the race's results drafted by live timing at the flag; null when it has none (404). */
  liveDraft: (race: RaceRef) =>
    queryOptions({
      queryKey: competitionKeys.liveDraft(race),
      queryFn: async (): Promise<LiveDraftDto | null> => {
        try {
          return await api.get('/seasons/:season/events/:event/results/:race/live-draft', { params: raceParams(race), silent: true });
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
    }),
  revisions: (race: RaceRef) =>
    queryOptions({
      queryKey: competitionKeys.revisions(race),
      queryFn: () => api.get('/seasons/:season/events/:event/results/:race/revisions', { params: raceParams(race) }),
    }),
  /** A saved revision never changes: read once. */
  revision: (race: RaceRef, revision: number) =>
    queryOptions({
      queryKey: [...competitionKeys.revisions(race), revision] as const,
      queryFn: () => api.get('/seasons/:season/events/:event/results/:race/revisions/:revision', { params: { ...raceParams(race), revision } }),
      staleTime: Infinity,
    }),
  /** `GET /competitions/external/sources`: the result files the import reads. */
  sources: () =>
    queryOptions({
      queryKey: ['competitions', 'sources'] as const,
      queryFn: () => api.get('/competitions/external/sources', { silent: true }),
      staleTime: Infinity,
    }),
  /** `GET /profile/list?search=`: drivers by number or name for the results grid (quiet: the field says it). */
  drivers: (search: string) =>
    queryOptions({
      queryKey: ['competitions', 'driverSearch', search] as const,
      queryFn: () => api.get('/profile/list', { query: { search, pageNumber: 0, pageSize: 10 }, silent: true }),
      enabled: search.trim().length > 0,
      placeholderData: keepPreviousData,
    }),
};

/** The commands: each returns the API's answer, which the caller writes into the cache (cache.ts). */
export const competitionCommands = {
  /** `PUT /competitions/groups` (multipart: `group` JSON, `icon`, `banner`); quiet — the form shows field errors. */
  saveGroup: (group: CompetitionGroupRequest, icon: File | null, banner: File | null, idempotencyKey?: string) =>
    api.put('/competitions/groups', formBody({ group, icon, banner }), { silent: true, idempotencyKey }),
  /** `PUT /competitions` (multipart: `competition` JSON, `icon`, `banner`); quiet, as above. */
  saveCompetition: (competition: CompetitionRequest, icon: File | null, banner: File | null, idempotencyKey?: string) =>
    api.put('/competitions', formBody({ competition, icon, banner }), { silent: true, idempotencyKey }),
  /** `PUT /competitions/{id}/seasons`: creates (no id) or updates a season with its points system. Quiet: the form says why not. */
  saveSeason: (competitionId: number, season: SeasonRequest, idempotencyKey?: string) =>
    api.put('/competitions/:id/seasons', season, { params: { id: competitionId }, silent: true, idempotencyKey }),
  /** `PUT /seasons/{id}/events`: exactly these events make up the season. Quiet, as above. */
  linkEvents: (seasonId: number, body: SeasonEventsRequest) => api.put('/seasons/:season/events', body, { params: { season: seasonId }, silent: true }),
  /** Saves a race's classification as a new revision. Quiet: the grid shows why not. */
  /** Quiet: the grid says why not. `confirmFuture` saves results for a race that has not started (else 409). */
  saveResults: (race: RaceRef, body: RaceResultsRequest, confirmFuture = false) =>
    api.put('/seasons/:season/events/:event/results/:race', confirmFuture ? { ...body, confirmFuture } : body, { params: raceParams(race), silent: true }),
  revert: (race: RaceRef, revision: number) =>
    api.post('/seasons/:season/events/:event/results/:race/revisions/:revision/revert', undefined, { params: { ...raceParams(race), revision }, silent: true }),
  /** Reads a server results file for the race: every line and the driver suggested for each; nothing is saved. Quiet: the panel says why not. */
  previewImport: (race: RaceRef, file: File, confirmMismatch = false) =>
    api.post('/seasons/:season/events/:event/results/:race/import/preview', formBody(importParts(file, { confirmMismatch })), { params: raceParams(race), silent: true }),
  /** Saves a server results file with the organizer's decisions for its drivers (a profile, a guest, or skipped); `confirmFuture` as for a save. */
  importResults: (race: RaceRef, file: File, decisions: ResultImportDecisions = {}, confirmMismatch = false, confirmFuture = false) =>
    api.post('/seasons/:season/events/:event/results/:race/import', formBody(importParts(file, { decisions, confirmMismatch, confirmFuture })), {
      params: raceParams(race),
      silent: true,
    }),
  /** Saves the race's live draft as its next revision with the organizer's decisions, as an imported file. Quiet: the panel says why not. */
  confirmLiveDraft: (race: RaceRef, body: LiveDraftConfirmRequest) =>
    api.post('/seasons/:season/events/:event/results/:race/live-draft/confirm', body, { params: raceParams(race), silent: true }),
};

/** The parts of an import or its preview: the file, the decisions (when any) and whether a mismatch (and a race still to come) is confirmed; the others are left out. */
function importParts(file: File, fields: { decisions?: ResultImportDecisions; confirmMismatch: boolean; confirmFuture?: boolean }) {
  return {
    file,
    decisions: fields.decisions && Object.keys(fields.decisions).length ? fields.decisions : undefined,
    confirmMismatch: fields.confirmMismatch || undefined,
    confirmFuture: fields.confirmFuture || undefined,
  };
}

/** Confirms a race's live draft; its draft (now confirmed) and revisions are read again (the results the answer holds go in through `applyOwnResults`). */
export const useConfirmLiveDraft = () =>
  useCommand(competitionCommands.confirmLiveDraft, (_answer, race) => [competitionKeys.liveDraft(race), competitionKeys.revisions(race)]);
