import { describe, expect, it } from '@jest/globals';
import { createQueryClient } from '../../lib/query/queryClient.js';
import { stewardingKeys } from './api.js';
import { applyMessage } from '../../testing/liveCache.js';
import { afterOwnTicketChange } from './cache.js';
import { ticketFixture } from './testing/ticketFixture.js';

const stale = (client: ReturnType<typeof createQueryClient>, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? null;

describe('stewarding pushes in the cache', () => {
  it('tickets.changed marks the queue and that ticket for refetching, not other tickets', () => {
    const client = createQueryClient();
    client.setQueryData([...stewardingKeys.queue, {}, { pageNumber: 0, pageSize: 25 }], { content: [] });
    client.setQueryData(stewardingKeys.ticket(7), ticketFixture());
    client.setQueryData(stewardingKeys.ticket(8), ticketFixture({ id: 8 }));
    applyMessage(client, 'tickets.changed', { ticketId: 7, seasonId: 4, raceId: 5, state: 'OPEN', change: 'filed' });
    expect(stale(client, [...stewardingKeys.queue, {}, { pageNumber: 0, pageSize: 25 }])).toBe(true);
    expect(stale(client, stewardingKeys.ticket(7))).toBe(true);
    expect(stale(client, stewardingKeys.ticket(8))).toBe(false);
  });

  it("leaves alone the ticket this browser just wrote from its own command's answer", () => {
    const client = createQueryClient();
    afterOwnTicketChange(client, ticketFixture({ state: 'DECIDED' }));
    expect(client.getQueryData(stewardingKeys.ticket(7))).toMatchObject({ state: 'DECIDED' });
    applyMessage(client, 'tickets.changed', { ticketId: 7, seasonId: 4, raceId: 5, state: 'DECIDED', change: 'decided' });
    expect(stale(client, stewardingKeys.ticket(7))).toBe(false);
    // A later change by someone else refreshes it again.
    applyMessage(client, 'tickets.changed', { ticketId: 7, seasonId: 4, raceId: 5, state: 'APPEALED', change: 'appeal' });
    expect(stale(client, stewardingKeys.ticket(7))).toBe(true);
  });

  it("ticket.notice refreshes a party's tickets and licence; safety-car.changed the public decisions", () => {
    const client = createQueryClient();
    client.setQueryData([...stewardingKeys.mine, { pageNumber: 0, pageSize: 25 }], { content: [] });
    client.setQueryData(stewardingKeys.licence(42), { profileId: 42 });
    client.setQueryData([...stewardingKeys.safetyCar, { pageNumber: 0, pageSize: 25 }], { content: [] });
    applyMessage(client, 'ticket.notice', { ticketId: 7, state: 'DECIDED', change: 'decided' });
    expect(stale(client, [...stewardingKeys.mine, { pageNumber: 0, pageSize: 25 }])).toBe(true);
    expect(stale(client, stewardingKeys.licence(42))).toBe(true);
    expect(stale(client, [...stewardingKeys.safetyCar, { pageNumber: 0, pageSize: 25 }])).toBe(false);
    applyMessage(client, 'safety-car.changed', { ticketId: 7 });
    expect(stale(client, [...stewardingKeys.safetyCar, { pageNumber: 0, pageSize: 25 }])).toBe(true);
  });

  it("refreshes a race's provisional status: tickets.changed that race's, safety-car.changed every race's", () => {
    const client = createQueryClient();
    client.setQueryData(stewardingKeys.race(5), { raceId: 5, provisional: true, finalAt: null, openTickets: 1 });
    client.setQueryData(stewardingKeys.race(6), { raceId: 6, provisional: true, finalAt: null, openTickets: 1 });
    applyMessage(client, 'tickets.changed', { ticketId: 7, seasonId: 4, raceId: 5, state: 'DECIDED', change: 'decided' });
    expect(stale(client, stewardingKeys.race(5))).toBe(true);
    expect(stale(client, stewardingKeys.race(6))).toBe(false);
    applyMessage(client, 'safety-car.changed', { ticketId: 7 });
    expect(stale(client, stewardingKeys.race(6))).toBe(true);
  });
});
