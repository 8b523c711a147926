import type { EntityManager } from '@mikro-orm/postgresql';
import { driverDisplayName } from '../../contracts/driver-name.js';
import {
  outcomeLabel,
  type AuditEntryDto,
  type DecisionDto,
  type PersonRef,
  type StewardingSettingsDto,
  type TicketDto,
  type TicketListItemDto,
  type TicketOutcome,
  type TicketOutcomeDto,
  type TicketPartyDto,
  type VoteDto,
} from '../../contracts/stewarding.js';
import type { DriverProfile } from '../profiles/driver-profile.entity.js';
import { EVENT_ENTRIES } from '../events/index.js';
import { TEAM_NAMES, type TeamsService } from '../teams/index.js';
import type { UsersService } from '../users/index.js';
import type { User } from '../users/user.entity.js';
import { Ticket, TicketAppeal, TicketAudit, TicketDecision, TicketMessage, TicketParty, TicketStatement, TicketVote } from './stewarding.entities.js';
import { addMinutes } from './stewarding.settings.js';

export const TICKET_POPULATE = ['season.competition', 'event', 'race.raceEvent.trackVariant.track'] as const;

export const personName = (user: Pick<User, 'globalName' | 'username'>): string => user.globalName ?? user.username;
export const person = (user: User): PersonRef => ({ userId: user.id, name: personName(user) });

/** Names of drivers by profile id, for outcomes. */
export type DriverNames = Map<number, string>;

export function outcomeDtos(outcomes: readonly TicketOutcome[], names: DriverNames): TicketOutcomeDto[] {
  return outcomes.map((outcome) => ({
    kind: outcome.kind,
    profileId: outcome.profileId,
    amount: outcome.amount ?? null,
    driverName: names.get(outcome.profileId) ?? `Driver ${outcome.profileId}`,
    label: outcomeLabel(outcome),
  }));
}

/** The decision that stands: the one of the highest round. */
export function standing(decisions: readonly TicketDecision[]): TicketDecision | null {
  return decisions.reduce<TicketDecision | null>((best, decision) => (!best || decision.round > best.round ? decision : best), null);
}

/**
 * A ticket as its drivers see it: while a decision is due, the panel stays anonymous (no names, no vote
 * count) when the season says so. Stewards see it all.
 */
export function asPartySees<T extends TicketListItemDto>(item: T, settings: Pick<StewardingSettingsDto, 'panelHiddenUntilDecision'>): T {
  if (!settings.panelHiddenUntilDecision || item.decisionDueAt === null) return item;
  return { ...item, handledBy: null, votesCast: null };
}

/** Reads tickets as the contract's DTOs, a page at a time (a fixed number of queries whatever the page size). */
export class TicketReader {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly teams: TeamsService,
  ) {}

  async listItems(tickets: Ticket[]): Promise<TicketListItemDto[]> {
    if (!tickets.length) return [];
    const ids = tickets.map((ticket) => ticket.id);
    const [parties, votes, messages, decisions] = await Promise.all([
      this.em.find(TicketParty, { ticket: { $in: ids } }, { populate: ['profile.user'], orderBy: { id: 'asc' } }),
      this.em.find(TicketVote, { ticket: { $in: ids } }, { populate: ['steward'], orderBy: { id: 'asc' } }),
      this.em.find(TicketMessage, { ticket: { $in: ids } }, { populate: ['author'], orderBy: { id: 'asc' } }),
      this.em.find(TicketDecision, { ticket: { $in: ids } }, { orderBy: { round: 'asc' } }),
    ]);
    const partyDtos = await this.partyDtos(parties, tickets);
    const names: DriverNames = new Map(partyDtos.map((party) => [party.profileId, party.driverName]));
    const deciderIds = [...new Set(decisions.flatMap((decision) => decision.decidedBy))];
    const nameById = new Map([
      ...(await this.users.namesOf(deciderIds, this.em)),
      ...[...votes.map((vote) => vote.steward), ...messages.map((message) => message.author)].map((user) => [user.id, personName(user)] as const),
    ]);
    return tickets.map((ticket) => {
      const own = <T extends { ticket: Ticket }>(rows: T[]) => rows.filter((row) => row.ticket.id === ticket.id);
      const ticketParties = partyDtos.filter((party) => party.ticketId === ticket.id);
      const stands = standing(own(decisions));
      const handlers = new Set<number>([
        ...own(votes).map((vote) => vote.steward.id),
        ...own(messages).map((message) => message.author.id),
        ...own(decisions).flatMap((d) => d.decidedBy),
      ]);
      return {
        ...raceRef(ticket),
        id: ticket.id,
        state: ticket.state,
        filer: strip(ticketParties.find((party) => party.role === 'FILER')!),
        accused: ticketParties.filter((party) => party.role === 'ACCUSED').map(strip),
        lap: ticket.lap,
        corner: ticket.corner,
        filedAt: ticket.filedAt.toISOString(),
        decisionDueAt: ticket.state === 'OPEN' || ticket.state === 'UNDER_REVIEW' || ticket.state === 'APPEALED' ? ticket.decisionDueAt.toISOString() : null,
        handledBy: [...handlers].flatMap((id) => (nameById.has(id) ? [{ userId: id, name: nameById.get(id)! }] : [])),
        votesCast: own(votes).filter((vote) => vote.round === ticket.round).length,
        outcomes: stands ? outcomeDtos(stands.outcomes, names) : null,
      };
    });
  }

  /**
   * The whole ticket for `viewer`: stewards get `internal` (thread, votes once they voted in the
   * round, audit); parties get the public parts.
   */
  async details(
    ticket: Ticket,
    viewer: { userId: number; profileId: number | null; steward: boolean; recusedReason: string | null; canDecide: boolean },
    settings: StewardingSettingsDto,
  ): Promise<TicketDto> {
    const [item] = await this.listItems([ticket]);
    const [statements, decisions, appeal, parties] = await Promise.all([
      this.em.find(TicketStatement, { ticket: ticket.id }, { populate: ['profile'], orderBy: { id: 'asc' } }),
      this.em.find(TicketDecision, { ticket: ticket.id }, { orderBy: { round: 'asc' } }),
      this.em.findOne(TicketAppeal, { ticket: ticket.id }),
      this.em.find(TicketParty, { ticket: ticket.id }, { populate: ['profile.user'] }),
    ]);
    const partyDtos = [item.filer, ...item.accused];
    const partyOf = (profileId: number): TicketPartyDto => partyDtos.find((party) => party.profileId === profileId)!;
    const names: DriverNames = new Map(partyDtos.map((party) => [party.profileId, party.driverName]));
    const deciders = await this.users.namesOf([...new Set(decisions.flatMap((decision) => decision.decidedBy))], this.em);
    const decisionDto = (decision: TicketDecision): DecisionDto => ({
      round: decision.round,
      outcomes: outcomeDtos(decision.outcomes, names),
      reason: decision.reason,
      decidedBy: decision.decidedBy.flatMap((id) => (deciders.has(id) ? [{ userId: id, name: deciders.get(id)! }] : [])),
      decidedAt: decision.decidedAt.toISOString(),
      confirmed: decision.round > 1 ? decision.confirmed : null,
    });
    const first = decisions.find((decision) => decision.round === 1) ?? null;
    const stands = standing(decisions);
    const now = Date.now();
    const isParty = viewer.profileId !== null && parties.some((party) => party.profile.id === viewer.profileId);
    const appealableUntil = ticket.state === 'DECIDED' && first && !appeal ? addMinutes(first.decidedAt, settings.appealWindowMinutes) : null;
    return {
      ...(viewer.steward ? item : asPartySees(item, settings)),
      raceTime: ticket.raceTime,
      videoTimestamp: ticket.videoTimestamp,
      description: ticket.description,
      evidence: ticket.evidence,
      statements: statements.map((statement) => ({
        id: statement.id,
        author: partyOf(statement.profile.id),
        text: statement.text,
        evidence: statement.evidence,
        createdAt: statement.createdAt.toISOString(),
      })),
      windowOpensAt: ticket.windowOpensAt.toISOString(),
      windowClosesAt: ticket.windowClosesAt.toISOString(),
      decision: stands ? decisionDto(stands) : null,
      originalDecision: stands && stands.round > 1 && first ? decisionDto(first) : null,
      appeal: appeal ? { by: partyOf(appeal.profile.id), reason: appeal.reason, evidence: appeal.evidence, createdAt: appeal.createdAt.toISOString() } : null,
      appealableUntil: appealableUntil?.toISOString() ?? null,
      canAddStatement: isParty && !stands && now >= ticket.windowOpensAt.getTime() && now < ticket.windowClosesAt.getTime(),
      canAppeal: isParty && appealableUntil !== null && now < appealableUntil.getTime(),
      internal: viewer.steward ? await this.internal(ticket, viewer, settings, names) : null,
    };
  }

  private async internal(
    ticket: Ticket,
    viewer: { userId: number; recusedReason: string | null; canDecide: boolean },
    settings: StewardingSettingsDto,
    names: DriverNames,
  ): Promise<NonNullable<TicketDto['internal']>> {
    const [messages, votes, audit] = await Promise.all([
      this.em.find(TicketMessage, { ticket: ticket.id }, { populate: ['author'], orderBy: { id: 'asc' } }),
      this.em.find(TicketVote, { ticket: ticket.id, round: ticket.round }, { populate: ['steward'], orderBy: { id: 'asc' } }),
      this.em.find(TicketAudit, { ticket: ticket.id }, { populate: ['actor'], orderBy: { id: 'asc' } }),
    ]);
    const voteDto = (vote: TicketVote): VoteDto => ({
      steward: person(vote.steward),
      outcomes: outcomeDtos(vote.outcomes, names),
      reason: vote.reason,
      round: vote.round,
      createdAt: vote.createdAt.toISOString(),
    });
    const mine = votes.find((vote) => vote.steward.id === viewer.userId) ?? null;
    return {
      thread: messages.map((message) => ({ id: message.id, author: person(message.author), text: message.text, createdAt: message.createdAt.toISOString() })),
      votes: mine ? votes.map(voteDto) : null,
      votesCast: votes.length,
      myVote: mine ? voteDto(mine) : null,
      recusedReason: viewer.recusedReason,
      canDecide: viewer.canDecide,
      settings,
      audit: audit.map((entry): AuditEntryDto => ({
        at: entry.at.toISOString(),
        actor: entry.actor ? person(entry.actor) : null,
        action: entry.action,
        detail: entry.detail,
      })),
    };
  }

  /** Parties with their display names and the team each raced for (the event entry's team, else their current team). */
  private async partyDtos(parties: TicketParty[], tickets: Ticket[]): Promise<(TicketPartyDto & { ticketId: number })[]> {
    const eventIds = [...new Set(tickets.map((ticket) => ticket.event.id))];
    const profileIds = [...new Set(parties.map((party) => party.profile.id))];
    const entries = profileIds.length
      ? await this.em.getConnection().execute<{ event_id: number; profile_id: number; team_id: number; team_name: string }[]>(
          `select a.event_id, a.profile_id, t.id as team_id, t.name as team_name from ${EVENT_ENTRIES} a join ${TEAM_NAMES} t on t.id = a.team_id
           where a.event_id in (?) and a.profile_id in (?)`,
          [eventIds, profileIds],
        )
      : [];
    const userIds = [...new Set(parties.map((party) => party.profile.user.id))];
    const teamsByUser = await this.teams.teamsOfUsers(userIds, this.em);
    const eventOf = new Map(tickets.map((ticket) => [ticket.id, ticket.event.id]));
    return parties.map((party) => {
      const entry = entries.find((row) => row.event_id === eventOf.get(party.ticket.id) && row.profile_id === party.profile.id);
      const member = teamsByUser.get(party.profile.user.id)?.[0];
      return {
        ticketId: party.ticket.id,
        profileId: party.profile.id,
        userId: party.profile.user.id,
        driverName: driverDisplayName(party.profile as DriverProfile),
        driverNumber: party.profile.driverNumber,
        team: entry ? { id: entry.team_id, name: entry.team_name } : member ? { id: member.id, name: member.name } : null,
        role: party.role,
      };
    });
  }
}

function strip({ ticketId: _ticketId, ...party }: TicketPartyDto & { ticketId?: number }): TicketPartyDto {
  return party;
}

export function raceRef(ticket: Ticket): Pick<TicketListItemDto, 'season' | 'competition' | 'event' | 'race'> {
  const track = ticket.race.raceEvent.trackVariant;
  return {
    season: { id: ticket.season.id, name: ticket.season.name },
    competition: { id: ticket.season.competition.id, name: ticket.season.competition.name },
    event: { id: ticket.event.id, name: ticket.event.name, date: ticket.event.startsAt.toISOString() },
    race: {
      id: ticket.race.id,
      raceEventType: ticket.race.raceEventType,
      trackName: ticket.race.raceEvent.externalTrackName ?? (track ? `${track.track.name} – ${track.name}` : null),
    },
  };
}
