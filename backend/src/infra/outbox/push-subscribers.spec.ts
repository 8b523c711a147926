import { describe, expect, it } from '@jest/globals';
import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import type { DomainEvent, DomainEventMap, DomainEventName } from '../../contracts/domain-events.js';
import { PUSHES, PUSH_READS, type PushReadName } from '../../contracts/pushes.js';
import type { ExternalContext } from './handles-domain-event.js';
import { PushRead, PushSubscribers, pushSubscriberName } from './push-subscribers.js';

const reads: string[] = [];

/** Gives every push read but `except`: ticket 7 of race 5 (parties: users 1 and 2), nothing else. */
function everyReadBut(...except: PushReadName[]) {
  @Injectable()
  class Reads {}
  const answers: { [K in PushReadName]: (...args: unknown[]) => unknown } = {
    headlines: () => [],
    eventAttendance: () => null,
    seasonStandings: () => null,
    driversOfSeason: () => [],
    ticket: (ticketId) => (ticketId === 7 ? { seasonId: 4, raceId: 5, state: 'OPEN' } : null),
    ticketPartyUserIds: () => [1, 2],
    rivalsBeaten: () => [],
  };
  for (const name of (Object.keys(PUSH_READS) as PushReadName[]).filter((read) => !except.includes(read))) {
    const method = async (_em: unknown, ...args: unknown[]) => {
      reads.push(`${name}(${args.join(', ')})`);
      return answers[name](...args);
    };
    Object.defineProperty(Reads.prototype, name, { value: method, writable: true, configurable: true });
    PushRead(name)(Reads.prototype, name, { value: method as never });
  }
  return Reads;
}

async function pushSubscribers(...providers: (new (...args: never[]) => object)[]) {
  const module = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [PushSubscribers, ...providers] }).compile();
  await module.init();
  return module.get(PushSubscribers).subscribers();
}

/** Runs the subscriber that sends `message` for `event`, and returns what it sent. */
async function sent<E extends DomainEventName>(event: E, message: keyof typeof PUSHES, payload: DomainEventMap[E]) {
  const { subscribers } = await pushSubscribers(everyReadBut());
  const subscriber = subscribers.find((candidate) => candidate.name === pushSubscriberName(event, message))!;
  const sends: [string, string, unknown][] = [];
  const push = { send: async (room: string, name: string, body: unknown) => void sends.push([room, name, body]) };
  const domainEvent: DomainEvent = { id: randomUUID(), name: event, version: 1, aggregate: { type: 'test', id: 1 }, occurredAt: '', payload };
  await subscriber.run(domainEvent, { em: {}, push } as unknown as ExternalContext);
  return sends;
}

describe('the pushes as subscribers', () => {
  it('makes one external subscriber per domain event and message it declares', async () => {
    const { subscribers, problems } = await pushSubscribers(everyReadBut());
    expect(problems).toEqual([]);
    const declared = Object.entries(PUSHES).flatMap(([message, { from }]) => Object.keys(from).map((event) => `${event} → ${message}`));
    expect(subscribers.map((subscriber) => `${subscriber.event} → ${subscriber.name.slice(`Push.${subscriber.event}.`.length)}`).sort()).toEqual(declared.sort());
    expect(subscribers.every((subscriber) => subscriber.external)).toBe(true);
  });

  it('says which read no provider gives, and which two providers give', async () => {
    const { problems } = await pushSubscribers(everyReadBut('headlines', 'ticket'), everyReadBut('headlines'));
    expect(problems).toContainEqual('the push read headlines has no @PushRead provider');
    expect(problems).toContainEqual(expect.stringMatching(/^2 providers give the push read rivalsBeaten: /));
    // Given once (by the second): no problem.
    expect(problems.filter((problem) => /push read ticket[ :]/.test(problem))).toEqual([]);
  });

  it('sends what the declaration makes of the event to its rooms, reading what it needs', async () => {
    reads.length = 0;
    expect(await sent('AffiliateChanged', 'affiliates.changed', { affiliateId: 3 })).toEqual([['everyone', 'affiliates.changed', { affiliateId: 3 }]]);
    expect(await sent('TicketFiled', 'ticket.notice', { ticketId: 7, seasonId: 4, raceId: 5 })).toEqual([
      ['user:1', 'ticket.notice', { ticketId: 7, state: 'OPEN', change: 'filed' }],
      ['user:2', 'ticket.notice', { ticketId: 7, state: 'OPEN', change: 'filed' }],
    ]);
    expect(reads).toEqual(['ticket(7)', 'ticketPartyUserIds(7)']);
  });

  it('sends nothing when the record is gone since, or the change is not for that room', async () => {
    expect(await sent('TicketUpdated', 'tickets.changed', { ticketId: 8, seasonId: 4, change: 'vote' })).toEqual([]);
    expect(await sent('TicketUpdated', 'ticket.notice', { ticketId: 7, seasonId: 4, change: 'vote' })).toEqual([]);
    expect(await sent('TicketUpdated', 'tickets.changed', { ticketId: 7, seasonId: 4, change: 'vote' })).toEqual([
      ['flag:isSteward', 'tickets.changed', { ticketId: 7, seasonId: 4, raceId: 5, state: 'OPEN', change: 'vote' }],
    ]);
  });
});
