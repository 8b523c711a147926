import { DEFAULT_STEWARDING_SETTINGS } from '@paddock/contracts/stewarding.js';
import type { TicketDto, TicketInternalDto, TicketPartyDto } from '../types.js';

export const FILER: TicketPartyDto = { profileId: 42, userId: 1, driverName: '[ 7 ] - Speedy', driverNumber: 7, team: null, role: 'FILER' };
export const ACCUSED: TicketPartyDto = { profileId: 43, userId: 2, driverName: '[ 9 ] - Lou', driverNumber: 9, team: null, role: 'ACCUSED' };

export function internalFixture(overrides: Partial<TicketInternalDto> = {}): TicketInternalDto {
  return {
    thread: [],
    votes: null,
    votesCast: 0,
    myVote: null,
    recusedReason: null,
    canDecide: false,
    settings: { seasonId: 4, ...DEFAULT_STEWARDING_SETTINGS },
    audit: [{ at: '2026-11-24T12:00:00Z', actor: { userId: 1, name: 'Speedy' }, action: 'FILED', detail: 'Ticket filed' }],
    ...overrides,
  };
}

/** Ticket 7 of Round 1 at Spa: Speedy against Lou, open, as a steward reads it. */
export function ticketFixture(overrides: Partial<TicketDto> = {}): TicketDto {
  return {
    id: 7,
    state: 'OPEN',
    season: { id: 4, name: 'Season 1' },
    competition: { id: 2, name: 'Thursday GT Cup' },
    event: { id: 11, name: 'Round 1 at Spa', date: '2026-11-23T19:00:00Z' },
    race: { id: 5, raceEventType: 'RACE', trackName: 'Spa' },
    filer: FILER,
    accused: [ACCUSED],
    lap: 3,
    corner: 'T1',
    filedAt: '2026-11-24T12:00:00Z',
    decisionDueAt: '2026-11-28T19:00:00Z',
    handledBy: [],
    votesCast: 0,
    outcomes: null,
    raceTime: null,
    videoTimestamp: '1:02:03',
    description: 'Divebomb into turn one, no overlap.',
    evidence: [{ url: 'https://www.youtube.com/watch?v=abc', time: '12:34' }],
    statements: [],
    windowOpensAt: '2026-11-23T20:00:00Z',
    windowClosesAt: '2026-11-25T19:00:00Z',
    decision: null,
    originalDecision: null,
    appeal: null,
    appealableUntil: null,
    canAddStatement: false,
    canAppeal: false,
    internal: internalFixture(),
    ...overrides,
  };
}
