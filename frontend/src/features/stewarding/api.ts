/**
 * Every stewarding call (issue #13) the client makes, typed by the backend contract: one `queryOptions`
 * per read, plain functions for the commands. Commands are silent: their forms show what went wrong
 * beside the fields (and a refused filing window in words).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';
import { useCommand } from '../../lib/query/useCommand.js';
import type { PageRequest } from '../../components/paging.js';
import type { AppealRequest, DecisionRequest, StatementRequest, ThreadMessageRequest, TicketRequest, TicketState, VoteRequest } from './types.js';

/** The steward queue's filters (null: any). */
export interface QueueFilters {
  state: TicketState | null;
  seasonId: number | null;
  raceId: number | null;
}

export const NO_QUEUE_FILTERS: QueueFilters = { state: null, seasonId: null, raceId: null };

/** Cache keys: everything under `stewarding`, so one push can refresh every ticket view shown. */
export const stewardingKeys = {
  all: ['stewarding'] as const,
  queue: ['stewarding', 'queue'] as const,
  mine: ['stewarding', 'mine'] as const,
  ticket: (id: number) => ['stewarding', 'ticket', id] as const,
  licence: (profileId: number) => ['stewarding', 'licence', profileId] as const,
  safetyCar: ['stewarding', 'safety-car'] as const,
  races: ['stewarding', 'race'] as const,
  race: (raceId: number) => ['stewarding', 'race', raceId] as const,
};

export const stewardingQueries = {
  /** The steward queue (isSteward): new tickets arrive by push, so it stays fresh between them. */
  queue: (filters: QueueFilters, page: PageRequest) =>
    queryOptions({
      queryKey: [...stewardingKeys.queue, filters, page] as const,
      queryFn: () =>
        api.get('/tickets', {
          query: { state: filters.state ?? undefined, season: filters.seasonId ?? undefined, race: filters.raceId ?? undefined, ...page },
        }),
      placeholderData: keepPreviousData,
      staleTime: PUSHED_STALE_TIME,
    }),
  /** The caller's tickets, filed by or against them. */
  mine: (page: PageRequest) =>
    queryOptions({
      queryKey: [...stewardingKeys.mine, page] as const,
      queryFn: () => api.get('/tickets/mine', { query: { ...page } }),
      placeholderData: keepPreviousData,
    }),
  /** One ticket; quiet: its page shows not-found or its own failure. */
  ticket: (id: number) => queryOptions({ queryKey: stewardingKeys.ticket(id), queryFn: () => api.get('/tickets/:id', { params: { id }, silent: true }) }),
  licence: (profileId: number) => queryOptions({ queryKey: stewardingKeys.licence(profileId), queryFn: () => api.get('/profile/:id/licence', { params: { id: profileId } }) }),
  /** The public decisions of current seasons. */
  safetyCar: (page: PageRequest) =>
    queryOptions({
      queryKey: [...stewardingKeys.safetyCar, page] as const,
      queryFn: () => api.get('/safety-car', { query: { ...page } }),
      placeholderData: keepPreviousData,
      staleTime: PUSHED_STALE_TIME,
    }),
  /** Whether a race's results are still provisional (public); quiet: a results view shows no status rather than an error. */
  race: (raceId: number) => queryOptions({ queryKey: stewardingKeys.race(raceId), queryFn: () => api.get('/safety-car/races/:id', { params: { id: raceId }, silent: true }) }),
};

/** A race's provisional/final status, refreshed by the stewarding pushes (cache.ts). */
export function useRaceStewarding(raceId: number) {
  return useQuery(stewardingQueries.race(raceId));
}

export const stewardingCommands = {
  file: (request: TicketRequest, idempotencyKey?: string) => api.post('/tickets', request, { silent: true, idempotencyKey }),
  addStatement: (id: number, request: StatementRequest, idempotencyKey?: string) =>
    api.post('/tickets/:id/statements', request, { params: { id }, silent: true, idempotencyKey }),
  postMessage: (id: number, request: ThreadMessageRequest, idempotencyKey?: string) =>
    api.post('/tickets/:id/messages', request, { params: { id }, silent: true, idempotencyKey }),
  vote: (id: number, request: VoteRequest, idempotencyKey?: string) => api.post('/tickets/:id/votes', request, { params: { id }, silent: true, idempotencyKey }),
  decide: (id: number, request: DecisionRequest, idempotencyKey?: string) => api.post('/tickets/:id/decision', request, { params: { id }, silent: true, idempotencyKey }),
  appeal: (id: number, request: AppealRequest, idempotencyKey?: string) => api.post('/tickets/:id/appeal', request, { params: { id }, silent: true, idempotencyKey }),
};

/** A ticket filed: the caller's own tickets are asked again (the stewards' queue follows by push). */
export const useFileTicket = () => useCommand(stewardingCommands.file, () => [stewardingKeys.mine]);
