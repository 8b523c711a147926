/**
 * How stewarding data in the cache follows a change: a pushed message (cacheBridge) or this browser's
 * own command (the API's answer is the ticket as it is now, written in place; the push that echoes it
 * then refreshes the rest, not that ticket again).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ClientEventMap } from '@paddock/contracts/client-events.js';
import { ownChangesOf } from '../../lib/query/ownChanges.js';
import { stewardingKeys } from './api.js';
import type { TicketDto } from './types.js';

const ticketEcho = (ticketId: number) => `tickets.changed:${ticketId}`;

/** After this browser's own command on a ticket: its answer is shown at once; lists refresh. */
export function afterOwnTicketChange(queryClient: QueryClient, ticket: TicketDto): void {
  queryClient.setQueryData(stewardingKeys.ticket(ticket.id), ticket);
  ownChangesOf(queryClient).expect(ticketEcho(ticket.id), [stewardingKeys.ticket(ticket.id)]);
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.queue });
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.mine });
}

/** `tickets.changed` (stewards): the queue refetches where shown (a filed ticket appears), the ticket if it is open, and its race's provisional status. */
export function onTicketsChanged(queryClient: QueryClient, { ticketId, raceId }: ClientEventMap['tickets.changed']): void {
  const fresh = ownChangesOf(queryClient).take(ticketEcho(ticketId));
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.queue });
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.race(raceId) });
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.ticket(ticketId), predicate: (query) => !fresh.has(query.queryHash) });
}

/** `ticket.notice` (a party): "my tickets", the ticket and the licence (a decision may add points or a ban) refetch where shown. */
export function onTicketNotice(queryClient: QueryClient, { ticketId }: ClientEventMap['ticket.notice']): void {
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.mine });
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.ticket(ticketId) });
  void queryClient.invalidateQueries({ queryKey: ['stewarding', 'licence'] });
}

/** `safety-car.changed`: the public decisions and the races' provisional status refetch where shown. */
export function onSafetyCarChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.safetyCar });
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.races });
}
