/**
 * How stewarding data in the cache follows this browser's own command: the API's answer is the ticket
 * as it is now, written in place; the push that echoes it (`tickets.changed`, contracts/pushes.ts)
 * then refreshes the rest, not that ticket again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ticketChangedEcho } from '@paddock/contracts/pushes.js';
import { ownChangesOf } from '../../lib/query/ownChanges.js';
import { stewardingKeys } from './api.js';
import type { TicketDto } from './types.js';

/** After this browser's own command on a ticket: its answer is shown at once; lists refresh. */
export function afterOwnTicketChange(queryClient: QueryClient, ticket: TicketDto): void {
  queryClient.setQueryData(stewardingKeys.ticket(ticket.id), ticket);
  ownChangesOf(queryClient).expect(ticketChangedEcho(ticket.id), [stewardingKeys.ticket(ticket.id)]);
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.queue });
  void queryClient.invalidateQueries({ queryKey: stewardingKeys.mine });
}
