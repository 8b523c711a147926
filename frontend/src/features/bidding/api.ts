/** The bidding calls the client makes: organizers' rounds, a bidder's own view, and their commands. */
import { queryOptions } from '@tanstack/react-query';
import type { BidderRoundDto, BiddingRoundDto, BiddingRoundRequest, PlaceBidRequest } from '@paddock/contracts/bidding.js';
import { ApiError, api } from '../../lib/api/client.js';
import { SaveFailure } from '../../components/form/saveWithImage.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';

export const biddingKeys = {
  /** Everything of bidding: `bidding.changed` and `bidding.settled` refetch what is shown of it. */
  all: ['bidding'] as const,
};

export const biddingQueries = {
  rounds: () =>
    queryOptions({ queryKey: [...biddingKeys.all, 'rounds'] as const, queryFn: () => api.get<BiddingRoundDto[]>('/bidding/rounds'), staleTime: PUSHED_STALE_TIME }),
  round: (id: number) =>
    queryOptions({ queryKey: [...biddingKeys.all, 'rounds', id] as const, queryFn: () => api.get<BiddingRoundDto>(`/bidding/rounds/${id}`), staleTime: PUSHED_STALE_TIME }),
  /** The caller's own view: as a driver (numbers) or for the teams they captain (seats and cars). */
  mine: (as: 'numbers' | 'teams') =>
    queryOptions({
      queryKey: [...biddingKeys.all, 'mine', as] as const,
      queryFn: () => api.get<BidderRoundDto[]>('/bidding/mine', { query: { for: as } }),
      staleTime: PUSHED_STALE_TIME,
    }),
};

/** A refused change as a `SaveFailure` (its message and the messages by field), for forms to show beside their fields. */
function asFailure(error: unknown): never {
  if (error instanceof ApiError) {
    const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as { message?: unknown; errors?: unknown };
    const message = typeof body.message === 'string' ? body.message : `The change failed (${error.status})`;
    throw new SaveFailure(error.status, message, typeof body.errors === 'object' && body.errors !== null ? (body.errors as Record<string, string[]>) : {});
  }
  throw error;
}

export const biddingCommands = {
  saveRound: (round: BiddingRoundRequest) => api.put<BiddingRoundDto>('/bidding/rounds', round, { silent: true }).catch(asFailure),
  placeBid: (roundId: number, bid: PlaceBidRequest) => api.post<BidderRoundDto>(`/bidding/rounds/${roundId}/bids`, bid, { silent: true }).catch(asFailure),
  withdraw: (bidId: number) => api.delete(`/bidding/bids/${bidId}`),
};
