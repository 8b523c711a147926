/** The bidding calls the client makes: organizers' rounds, a bidder's own view, and their commands. */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BidderRoundDto, BiddingRoundRequest, PlaceBidRequest } from '@paddock/contracts/bidding.js';
import { api } from '../../lib/api/client.js';
import { useCommand } from '../../lib/query/useCommand.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';

export const biddingKeys = {
  /** Everything of bidding: `bidding.changed` and `bidding.settled` refetch what is shown of it. */
  all: ['bidding'] as const,
};

export const biddingQueries = {
  rounds: () => queryOptions({ queryKey: [...biddingKeys.all, 'rounds'] as const, queryFn: () => api.get('/bidding/rounds'), staleTime: PUSHED_STALE_TIME }),
  round: (id: number) =>
    queryOptions({
      queryKey: [...biddingKeys.all, 'rounds', id] as const,
      queryFn: () => api.get('/bidding/rounds/:round', { params: { round: id } }),
      staleTime: PUSHED_STALE_TIME,
    }),
  /** The caller's own view: as a driver (numbers) or for the teams they captain (seats and cars). */
  mine: (as: 'numbers' | 'teams') =>
    queryOptions({
      queryKey: [...biddingKeys.all, 'mine', as] as const,
      queryFn: () => api.get('/bidding/mine', { query: { for: as } }),
      staleTime: PUSHED_STALE_TIME,
    }),
};

export const biddingCommands = {
  /** Quiet: the form shows why not, by field. */
  saveRound: (round: BiddingRoundRequest, idempotencyKey?: string) => api.put('/bidding/rounds', round, { silent: true, idempotencyKey }),
  placeBid: (roundId: number, bid: PlaceBidRequest, idempotencyKey?: string) =>
    api.post('/bidding/rounds/:round/bids', bid, { params: { round: roundId }, silent: true, idempotencyKey }),
  withdraw: (bidId: number) => api.delete('/bidding/bids/:bid', { params: { bid: bidId } }),
};

/** A round saved or a bid withdrawn: what is shown of bidding is asked again. */
const biddingChanged = () => [biddingKeys.all];

export const useSaveRound = () => useCommand(biddingCommands.saveRound, biddingChanged);
export const useWithdrawBid = () => useCommand(biddingCommands.withdraw, biddingChanged);

/** Places (or changes) a bid in a round: the round as the answer shows it replaces the one in the bidder's list. */
export function usePlaceBid(round: Pick<BidderRoundDto, 'id' | 'bidder'>) {
  const queryClient = useQueryClient();
  return useCallback(
    async (bid: PlaceBidRequest, idempotencyKey?: string) => {
      const updated = await biddingCommands.placeBid(round.id, bid, idempotencyKey);
      queryClient.setQueryData<BidderRoundDto[]>(biddingQueries.mine(round.bidder.kind === 'TEAM' ? 'teams' : 'numbers').queryKey, (rounds) =>
        rounds?.map((shown) => (shown.id === updated.id && shown.bidder.id === updated.bidder.id ? updated : shown)),
      );
      return updated;
    },
    [queryClient, round.id, round.bidder],
  );
}
