import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { toPage } from '../../common/pagination.js';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import type { Page } from '../../contracts/api.js';
import { driverDisplayName, shownDriver } from '../../contracts/driver-name.js';
import {
  DEFAULT_STEWARDING_SETTINGS,
  outcomeLabel,
  outcomeNeedsAmount,
  type AppealRequest,
  type AuditAction,
  type DecisionRequest,
  type LicenceDto,
  type RaceStewardingDto,
  type SafetyCarDecisionDto,
  type StatementRequest,
  type StewardingSettingsDto,
  type StewardingSettingsRequest,
  type TicketDto,
  type TicketListItemDto,
  type TicketOutcome,
  type TicketRequest,
  type VoteRequest,
} from '../../contracts/stewarding.js';
import type { DomainEventMap } from '../../contracts/domain-events.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange } from '../audit/index.js';
import { ResultsService, STEWARDS_NOTE } from '../competitions/index.js';
import { SeasonsService } from '../competitions/index.js';
import { latestRaceCrew } from '../competitions/index.js';
import { entrants, raceOfEvent } from '../events/index.js';
import { ProfilesService } from '../profiles/index.js';
import { TeamsService } from '../teams/index.js';
import { UsersService } from '../users/index.js';
import { licenceOf, rewriteLedger } from './licence.js';
import { affectsResults, outcomesKey } from './penalties.js';
import { StewardingSettings, Ticket, TicketAppeal, TicketAudit, TicketDecision, TicketMessage, TicketParty, TicketStatement, TicketVote } from './stewarding.entities.js';
import { asPartySees, outcomeDtos, raceRef, standing, TICKET_POPULATE, TicketReader } from './stewarding.reader.js';
import { addMinutes, filingWindow, seasonSettings, seasonsSettings } from './stewarding.settings.js';

const ticketAggregate = (id: number) => ({ type: 'ticket', id });
const UTC_TIME = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
/** A moment in a message a person reads: "Thu 19 Nov 2026, 20:00 UTC" (the web client shows windows in the viewer's zone). */
const fmt = (at: Date) => `${UTC_TIME.format(at)} UTC`;

export interface TicketFilter {
  state?: Ticket['state'];
  season?: number;
  race?: number;
  pageNumber: number;
  pageSize: number;
  offset: number;
}

/**
 * Tickets from filing to the last appeal: every command checks who may do it and when, writes its
 * change with an audit entry and its domain event in one transaction, and answers the ticket as the
 * caller may see it. Decisions rewrite the race's results (a new revision from the pre-penalty base
 * and every standing decision of the race) and the licence ledger, so deciding again replaces.
 */
@Injectable()
export class StewardingService {
  constructor(
    private readonly em: EntityManager,
    private readonly results: ResultsService,
    private readonly seasons: SeasonsService,
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
  ) {}

  /* ---- Settings ---- */

  settings(seasonId: number): Promise<StewardingSettingsDto> {
    return this.withSeason(this.em.fork(), seasonId, (em) => seasonSettings(em, seasonId));
  }

  async saveSettings(organizer: Principal, seasonId: number, body: StewardingSettingsRequest): Promise<StewardingSettingsDto> {
    if (body.majority > body.panelSize) throw invalidField('majority', `majority must be at most the panel size (${body.panelSize})`);
    if (body.protestDeadlineMinutes <= body.coolDownMinutes)
      throw invalidField('protestDeadlineMinutes', `protestDeadlineMinutes must be after the cool-down (${body.coolDownMinutes} minutes)`);
    return this.em.transactional((em) =>
      this.withSeason(em, seasonId, async (em) => {
        const before = await seasonSettings(em, seasonId);
        await em.upsert(StewardingSettings, {
          season: seasonId,
          ...body,
          panelHiddenUntilDecision: body.panelHiddenUntilDecision ?? DEFAULT_STEWARDING_SETTINGS.panelHiddenUntilDecision,
        });
        const after = await seasonSettings(em, seasonId);
        const label = (await this.seasons.label(em, seasonId))!;
        recordStaffChange(em, { actorId: organizer.userId, kind: 'season-stewarding', entityId: seasonId, label, action: 'saved', before, after });
        return after;
      }),
    );
  }

  /* ---- Filing and statements ---- */

  async file(principal: Principal, body: TicketRequest): Promise<TicketDto> {
    const id = await this.em.transactional(async (em) => {
      const race = await raceOfEvent(em, body.raceId);
      if (!race) throw invalidField('raceId', `race ${body.raceId} does not exist`);
      const { seasonId } = race;
      if (seasonId === null) throw invalidField('raceId', `race ${body.raceId} is not a race of a season: tickets are for season races`);
      const filer = await this.profiles.findByUser(principal.userId, em);
      const { drivers } = await raceCrew(em, race.raceId, race.eventId);
      if (!filer || !drivers.has(filer.id)) throw new ForbiddenException(`Only drivers who raced in race ${race.raceId} can file a ticket about it`);
      body.accusedProfileIds.forEach((profileId, index) => {
        if (profileId === filer.id) throw invalidField(`accusedProfileIds.${index}`, 'you cannot file a ticket against yourself');
        if (!drivers.has(profileId)) throw invalidField(`accusedProfileIds.${index}`, `driver profile ${profileId} did not race in race ${race.raceId}`);
      });
      const settings = await seasonSettings(em, seasonId);
      const { opensAt, closesAt } = filingWindow(race.startsAt, settings);
      checkWindow(opensAt, closesAt, 'Tickets for this race');
      const ticket = em.create(Ticket, {
        season: seasonId,
        event: race.eventId,
        race: race.raceId,
        lap: body.lap ?? null,
        raceTime: body.raceTime ?? null,
        videoTimestamp: body.videoTimestamp ?? null,
        corner: body.corner ?? null,
        description: body.description,
        evidence: cleanEvidence(body.evidence),
        windowOpensAt: opensAt,
        windowClosesAt: closesAt,
        decisionDueAt: addMinutes(closesAt, settings.decisionDueMinutes),
      });
      em.create(TicketParty, { ticket, profile: filer.id, role: 'FILER' });
      for (const profileId of body.accusedProfileIds) em.create(TicketParty, { ticket, profile: profileId, role: 'ACCUSED' });
      await em.flush();
      const accused = await this.profiles.summaries(body.accusedProfileIds, em);
      audit(em, ticket, principal.userId, 'FILED', `filed against ${[...accused.values()].map((profile) => profile.driverName).join(', ')}`);
      recordDomainEvent(em, 'TicketFiled', ticketAggregate(ticket.id), { ticketId: ticket.id, seasonId, raceId: race.raceId });
      await em.flush();
      return ticket.id;
    });
    return this.ticket(id, principal);
  }

  async addStatement(principal: Principal, id: number, body: StatementRequest): Promise<TicketDto> {
    return this.updateTicket(principal, id, 'statement', async (em, ticket) => {
      const party = await partyOf(em, ticket.id, principal.userId);
      if (!party) throw new ForbiddenException(`Only the drivers of ticket ${id} can add a statement`);
      if (ticket.state === 'DECIDED' || ticket.state === 'CLOSED') throw new ConflictException(`Ticket ${id} is decided: statements are closed`);
      checkWindow(ticket.windowOpensAt, ticket.windowClosesAt, 'Statements on this ticket');
      em.create(TicketStatement, { ticket, profile: party.profile, text: body.text, evidence: cleanEvidence(body.evidence) });
      audit(em, ticket, principal.userId, 'STATEMENT', `statement by ${driverDisplayName(party.profile)}`);
    });
  }

  /* ---- Stewards ---- */

  /** A recused steward reads the thread but does not post in it. */
  async addMessage(principal: Principal, id: number, text: string): Promise<TicketDto> {
    return this.updateTicket(principal, id, 'message', async (em, ticket) => {
      await this.refuseRecused(em, ticket, principal);
      em.create(TicketMessage, { ticket, author: principal.userId, text });
      if (ticket.state === 'OPEN') ticket.state = 'UNDER_REVIEW';
      audit(em, ticket, principal.userId, 'MESSAGE', 'posted in the stewards’ thread');
    });
  }

  async vote(principal: Principal, id: number, body: VoteRequest): Promise<TicketDto> {
    return this.updateTicket(principal, id, 'vote', async (em, ticket) => {
      await this.refuseRecused(em, ticket, principal);
      if (ticket.state === 'DECIDED' || ticket.state === 'CLOSED') throw new ConflictException(`Ticket ${id} is decided: votes are closed`);
      await checkOutcomes(em, ticket, body.outcomes);
      const existing = await em.findOne(TicketVote, { ticket: id, steward: principal.userId, round: ticket.round });
      if (existing) Object.assign(existing, { outcomes: body.outcomes, reason: body.reason, createdAt: new Date() });
      else em.create(TicketVote, { ticket, steward: principal.userId, round: ticket.round, outcomes: body.outcomes, reason: body.reason });
      if (ticket.state === 'OPEN') ticket.state = 'UNDER_REVIEW';
      audit(em, ticket, principal.userId, 'VOTE', `${existing ? 'changed their vote' : 'voted'}${ticket.round > 1 ? ' on the appeal' : ''}`);
    });
  }

  /**
   * Decides the ticket's current round (again: the new outcomes replace the earlier ones and their
   * effect). Needs the head steward, or `majority` votes of the round agreeing on these outcomes.
   */
  async decide(principal: Principal, id: number, body: DecisionRequest): Promise<TicketDto> {
    await this.em.transactional(async (em) => {
      const ticket = await this.lockTicket(em, id);
      await this.refuseRecused(em, ticket, principal);
      if (ticket.state === 'CLOSED') throw new ConflictException(`Ticket ${id} is closed: its appeal was decided`);
      await checkOutcomes(em, ticket, body.outcomes);
      const settings = await seasonSettings(em, ticket.season.id);
      const votes = await em.find(TicketVote, { ticket: id, round: ticket.round });
      const agreeing = votes.filter((vote) => outcomesKey(vote.outcomes) === outcomesKey(body.outcomes)).map((vote) => vote.steward.id);
      const head = principal.roles.includes('HEAD_STEWARD');
      if (!head && agreeing.length < settings.majority)
        throw new ConflictException(
          `A decision needs ${settings.majority} agreeing votes of the panel of ${settings.panelSize} (these outcomes have ${agreeing.length}) or the head steward`,
        );
      const decisions = await em.find(TicketDecision, { ticket: id });
      // Read before the round's decision is replaced below (it may be the same row).
      const hadEffect = affectsResults(standing(decisions)?.outcomes ?? []);
      const first = decisions.find((decision) => decision.round === 1);
      const decidedBy = [...new Set([principal.userId, ...agreeing])];
      const existing = decisions.find((decision) => decision.round === ticket.round);
      const before = existing ? { round: existing.round, outcomes: existing.outcomes, reason: existing.reason } : null;
      const confirmed = ticket.round > 1 && first ? outcomesKey(first.outcomes) === outcomesKey(body.outcomes) : null;
      if (existing) Object.assign(existing, { outcomes: body.outcomes, reason: body.reason, decidedBy, decidedAt: new Date(), confirmed });
      else em.create(TicketDecision, { ticket, round: ticket.round, outcomes: body.outcomes, reason: body.reason, decidedBy, confirmed });
      ticket.state = ticket.round > 1 ? 'CLOSED' : 'DECIDED';
      const labels = body.outcomes.map(outcomeLabel).join(', ');
      const action: AuditAction = ticket.round > 1 ? 'APPEAL_DECISION' : 'DECISION';
      recordStaffChange(em, {
        actorId: principal.userId,
        kind: 'ticket',
        entityId: id,
        label: `Ticket #${id} — ${ticket.event.name}`,
        action: `${ticket.round > 1 ? 'appeal ' : ''}${existing ? 'decided again' : 'decided'}`,
        before,
        after: { round: ticket.round, outcomes: body.outcomes, reason: body.reason },
      });
      audit(
        em,
        ticket,
        principal.userId,
        action,
        `${existing ? 'decided again' : 'decided'}${confirmed === null ? '' : confirmed ? ' (confirmed)' : ' (replaced)'}: ${labels}`,
      );
      await em.flush();
      if (affectsResults(body.outcomes) || hadEffect) await this.reviseResults(em, ticket, principal);
      const driverNames = new Map(
        [
          ...(await this.profiles.summaries(
            body.outcomes.map((outcome) => outcome.profileId),
            em,
          )),
        ].map(([id, profile]) => [id, profile.driverName]),
      );
      for (const note of await rewriteLedger(em, ticket, body.outcomes, settings, driverNames)) audit(em, ticket, null, 'LICENCE_BAN', note);
      recordDomainEvent(em, 'TicketDecided', ticketAggregate(id), {
        ticketId: id,
        seasonId: ticket.season.id,
        eventId: ticket.event.id,
        raceId: ticket.race.id,
        round: ticket.round,
      });
      await em.flush();
    });
    return this.ticket(id, principal);
  }

  async appeal(principal: Principal, id: number, body: AppealRequest): Promise<TicketDto> {
    return this.updateTicket(principal, id, 'appeal', async (em, ticket) => {
      const party = await partyOf(em, ticket.id, principal.userId);
      if (!party) throw new ForbiddenException(`Only the drivers of ticket ${id} can appeal its decision`);
      const decision = await em.findOne(TicketDecision, { ticket: id, round: 1 });
      if (!decision || ticket.state === 'OPEN' || ticket.state === 'UNDER_REVIEW') throw new ConflictException(`Ticket ${id} is not decided yet: there is nothing to appeal`);
      if (ticket.state !== 'DECIDED') throw new ConflictException(`Ticket ${id} was appealed already`);
      const settings = await seasonSettings(em, ticket.season.id);
      const closes = addMinutes(decision.decidedAt, settings.appealWindowMinutes);
      if (Date.now() >= closes.getTime())
        throw new ConflictException(`Appeals on ticket ${id} closed at ${fmt(closes)} (${settings.appealWindowMinutes / 60} h after the decision)`);
      em.create(TicketAppeal, { ticket, profile: party.profile, reason: body.reason, evidence: cleanEvidence(body.evidence) });
      ticket.round = 2;
      ticket.state = 'APPEALED';
      ticket.decisionDueAt = addMinutes(new Date(), settings.decisionDueMinutes);
      audit(em, ticket, principal.userId, 'APPEAL', `appealed by ${driverDisplayName(party.profile)}`);
    });
  }

  /* ---- Reads ---- */

  async list(filter: TicketFilter): Promise<Page<TicketListItemDto>> {
    const em = this.em.fork();
    const where = { ...(filter.state ? { state: filter.state } : {}), ...(filter.season ? { season: filter.season } : {}), ...(filter.race ? { race: filter.race } : {}) };
    const [tickets, total] = await em.findAndCount(Ticket, where, {
      populate: TICKET_POPULATE,
      orderBy: { filedAt: 'desc', id: 'desc' },
      limit: filter.pageSize,
      offset: filter.offset,
    });
    return toPage(await new TicketReader(em, this.users, this.teams).listItems(tickets), total, filter);
  }

  /** Tickets the caller filed or is accused in, newest first (the panel as their seasons show it to drivers, unless the caller is a steward). */
  async mine(principal: Principal, page: { pageNumber: number; pageSize: number; offset: number }): Promise<Page<TicketListItemDto>> {
    const em = this.em.fork();
    const ticketIds = (await em.find(TicketParty, { profile: { user: principal.userId } })).map((party) => party.ticket.id);
    const [tickets, total] = await em.findAndCount(
      Ticket,
      { id: { $in: ticketIds } },
      { populate: TICKET_POPULATE, orderBy: { filedAt: 'desc', id: 'desc' }, limit: page.pageSize, offset: page.offset },
    );
    const items = await new TicketReader(em, this.users, this.teams).listItems(tickets);
    if (principal.flags.isSteward) return toPage(items, total, page);
    const settings = await seasonsSettings(
      em,
      items.map((item) => item.season.id),
    );
    return toPage(
      items.map((item) => asPartySees(item, settings.get(item.season.id)!)),
      total,
      page,
    );
  }

  /** The ticket as the caller may see it: stewards everything, parties the public parts, others 403. */
  async ticket(id: number, principal: Principal): Promise<TicketDto> {
    const em = this.em.fork();
    const ticket = await em.findOne(Ticket, id, { populate: TICKET_POPULATE });
    if (!ticket) throw new NotFoundException(`Ticket ${id} does not exist`);
    const party = await partyOf(em, id, principal.userId);
    const steward = principal.flags.isSteward;
    if (!steward && !party) throw new ForbiddenException(`Only stewards and the drivers of ticket ${id} can see it`);
    const settings = await seasonSettings(em, ticket.season.id);
    let recusedReason: string | null = null;
    let canDecide = false;
    if (steward) {
      recusedReason = await this.recusal(em, ticket, principal);
      if (!recusedReason && ticket.state !== 'CLOSED') {
        const votes = await em.find(TicketVote, { ticket: id, round: ticket.round });
        const counts = new Map<string, number>();
        for (const vote of votes) counts.set(outcomesKey(vote.outcomes), (counts.get(outcomesKey(vote.outcomes)) ?? 0) + 1);
        canDecide = principal.roles.includes('HEAD_STEWARD') || [...counts.values()].some((count) => count >= settings.majority);
      }
    }
    const profile = party?.profile.id ?? null;
    return new TicketReader(em, this.users, this.teams).details(ticket, { userId: principal.userId, profileId: profile, steward, recusedReason, canDecide }, settings);
  }

  /** Standing decisions of tickets of current competitions' seasons, newest first (public: hidden drivers are "Private driver"). */
  async safetyCar(page: { pageNumber: number; pageSize: number; offset: number }): Promise<Page<SafetyCarDecisionDto>> {
    const em = this.em.fork();
    const where = { state: { $in: ['DECIDED', 'APPEALED', 'CLOSED'] }, season: { competition: { current: true } } } as const;
    const [tickets, total] = await em.findAndCount(Ticket, where as never, { populate: TICKET_POPULATE, orderBy: { id: 'desc' }, limit: page.pageSize, offset: page.offset });
    const ids = tickets.map((ticket) => ticket.id);
    const [decisions, parties] = ids.length
      ? await Promise.all([
          em.find(TicketDecision, { ticket: { $in: ids } }),
          em.find(TicketParty, { ticket: { $in: ids } }, { populate: ['profile'], orderBy: { id: 'asc' } }),
        ])
      : [[], []];
    const content = tickets.flatMap((ticket): SafetyCarDecisionDto[] => {
      const own = decisions.filter((decision) => decision.ticket.id === ticket.id);
      // Under appeal, the first decision stands until the appeal is decided.
      const stands = standing(ticket.state === 'APPEALED' ? own.filter((decision) => decision.round === 1) : own);
      if (!stands) return [];
      const drivers = parties.filter((party) => party.ticket.id === ticket.id).map((party) => ({ profileId: party.profile.id, ...shownDriver(party.profile, false) }));
      const names = new Map(drivers.map((driver) => [driver.profileId, driver.driverName]));
      return [
        {
          ...raceRef(ticket),
          ticketId: ticket.id,
          drivers,
          outcomes: outcomeDtos(stands.outcomes, names),
          reason: stands.reason,
          decidedAt: stands.decidedAt.toISOString(),
          appealed: ticket.round > 1,
          final: ticket.state === 'CLOSED',
        },
      ];
    });
    return toPage(content, total, page);
  }

  /** Whether the race's results are still provisional (protest window open, a ticket undecided or appealable) and when they become final. */
  async raceStatus(raceId: number): Promise<RaceStewardingDto> {
    const em = this.em.fork();
    const race = await raceOfEvent(em, raceId);
    if (!race) throw new NotFoundException(`Race ${raceId} does not exist`);
    const settings = race.seasonId === null ? null : await seasonSettings(em, race.seasonId);
    const tickets = await em.find(Ticket, { race: raceId });
    const decisions = tickets.length ? await em.find(TicketDecision, { ticket: { $in: tickets.map((ticket) => ticket.id) }, round: 1 }) : [];
    const openTickets = tickets.filter((ticket) => ticket.state === 'OPEN' || ticket.state === 'UNDER_REVIEW' || ticket.state === 'APPEALED').length;
    const filing = settings ? filingWindow(race.startsAt, settings) : null;
    const closes = [filing ? filing.closesAt.getTime() : race.startsAt.getTime()];
    for (const ticket of tickets.filter((each) => each.state === 'DECIDED')) {
      const decision = decisions.find((each) => each.ticket.id === ticket.id);
      if (decision && settings) closes.push(addMinutes(decision.decidedAt, settings.appealWindowMinutes).getTime());
    }
    const finalAt = openTickets ? null : new Date(Math.max(...closes));
    return {
      raceId,
      provisional: openTickets > 0 || finalAt!.getTime() > Date.now(),
      finalAt: finalAt?.toISOString() ?? null,
      openTickets,
      filingOpensAt: filing?.opensAt.toISOString() ?? null,
      filingClosesAt: filing?.closesAt.toISOString() ?? null,
    };
  }

  licence(profileId: number): Promise<LicenceDto> {
    const em = this.em.fork();
    return (async () => {
      if (!(await this.profiles.exists(profileId))) throw new NotFoundException(`Driver profile ${profileId} does not exist`);
      return licenceOf(em, profileId);
    })();
  }

  /* ---- Rules ---- */

  /**
   * Why the steward may not vote on or decide the ticket: they (or a team of theirs) raced in its
   * race, or, on an appeal, they decided it the first time. Null when they may.
   */
  async recusal(em: EntityManager, ticket: Ticket, principal: Principal): Promise<string | null> {
    const profile = await this.profiles.findByUser(principal.userId, em);
    const crew = await raceCrew(em, ticket.race.id, ticket.event.id);
    if (profile && crew.drivers.has(profile.id)) return 'You raced in this race: a steward involved in the race cannot post on, vote on or decide it';
    if ((await this.teams.teamsOf(principal.userId, em)).some((team) => crew.teams.has(team.id)))
      return 'Your team raced in this race: a steward involved in the race cannot post on, vote on or decide it';
    if (ticket.round > 1) {
      const first = await em.findOne(TicketDecision, { ticket: ticket.id, round: 1 });
      if (first?.decidedBy.includes(principal.userId)) return 'You decided this ticket the first time: its appeal is heard by stewards who did not';
    }
    return null;
  }

  private async refuseRecused(em: EntityManager, ticket: Ticket, principal: Principal): Promise<void> {
    const reason = await this.recusal(em, ticket, principal);
    if (reason) throw new ForbiddenException(reason);
  }

  /**
   * The race's standing decisions changed: its latest base with every standing decision applied becomes
   * its newest results revision (the results layer). A race without results has nothing to revise: its
   * standings are recomputed for points deductions, and its first results will carry the decisions.
   */
  private async reviseResults(em: EntityManager, ticket: Ticket, principal: Principal): Promise<void> {
    const ref = { seasonId: ticket.season.id, eventId: ticket.event.id, raceId: ticket.race.id };
    const revision = await this.results.reviseForDecisions(em, ref, principal, `${STEWARDS_NOTE}: ticket #${ticket.id}`);
    if (revision === null) {
      audit(em, ticket, null, 'RESULTS_REVISION', 'race has no results yet: standings recomputed');
      return;
    }
    audit(em, ticket, null, 'RESULTS_REVISION', `results of ${ticket.event.name} revised with every decision of the race (revision ${revision})`);
  }

  /** One command on a ticket: `change` runs on the locked ticket, then followers hear of it (`TicketUpdated`); answers the ticket as the caller sees it. */
  private async updateTicket(
    principal: Principal,
    id: number,
    change: DomainEventMap['TicketUpdated']['change'],
    apply: (em: EntityManager, ticket: Ticket) => Promise<void>,
  ): Promise<TicketDto> {
    await this.em.transactional(async (em) => {
      const ticket = await this.lockTicket(em, id);
      await apply(em, ticket);
      recordDomainEvent(em, 'TicketUpdated', ticketAggregate(id), { ticketId: id, seasonId: ticket.season.id, change });
      await em.flush();
    });
    return this.ticket(id, principal);
  }

  private async lockTicket(em: EntityManager, id: number): Promise<Ticket> {
    const ticket = await em.findOne(Ticket, id, { populate: ['season', 'event', 'race'] });
    if (!ticket) throw new NotFoundException(`Ticket ${id} does not exist`);
    // One command on a ticket at a time: states and rounds change one after another.
    await em.execute('select id from tickets where id = ? for update', [id]);
    await em.refresh(ticket);
    return ticket;
  }

  private async withSeason<T>(em: EntityManager, seasonId: number, then: (em: EntityManager) => Promise<T>): Promise<T> {
    if ((await this.seasons.label(em, seasonId)) === null) throw new NotFoundException(`Season ${seasonId} does not exist`);
    return then(em);
  }
}

/* ---- Helpers ---- */

function audit(em: EntityManager, ticket: Ticket, actorId: number | null, action: AuditAction, detail: string): void {
  em.create(TicketAudit, { ticket, actor: actorId, action, detail: detail.slice(0, 500) });
}

function checkWindow(opensAt: Date, closesAt: Date, what: string): void {
  const now = Date.now();
  if (now < opensAt.getTime() || now >= closesAt.getTime()) throw new ConflictException(`${what} can be filed from ${fmt(opensAt)} to ${fmt(closesAt)}`);
}

const cleanEvidence = (evidence: TicketRequest['evidence']) => (evidence ?? []).map((link) => ({ url: link.url, time: link.time ?? null }));

/** Drivers and teams of the race: in its latest results (competitions), or entered in its event (events). */
async function raceCrew(em: EntityManager, raceId: number, eventId: number): Promise<{ drivers: Set<number>; teams: Set<number> }> {
  const [raced, entered] = await Promise.all([latestRaceCrew(em, raceId), entrants(em, [eventId])]);
  return {
    drivers: new Set([...raced.profileIds, ...entered.map((entry) => entry.profileId)]),
    teams: new Set([...raced.teamIds, ...entered.flatMap((entry) => (entry.teamId === null ? [] : [entry.teamId]))]),
  };
}

async function partyOf(em: EntityManager, ticketId: number, userId: number): Promise<TicketParty | null> {
  return em.findOne(TicketParty, { ticket: ticketId, profile: { user: userId } }, { populate: ['profile'] });
}

/** Each outcome names a driver of the ticket and carries the amount its kind needs (400 naming the field). */
async function checkOutcomes(em: EntityManager, ticket: Ticket, outcomes: readonly TicketOutcome[]): Promise<void> {
  const parties = new Set((await em.find(TicketParty, { ticket: ticket.id })).map((party) => party.profile.id));
  outcomes.forEach((outcome, index) => {
    if (!parties.has(outcome.profileId)) throw invalidField(`outcomes.${index}.profileId`, `driver profile ${outcome.profileId} is not a driver of ticket ${ticket.id}`);
    const needs = outcomeNeedsAmount(outcome.kind);
    if (needs && !outcome.amount) throw invalidField(`outcomes.${index}.amount`, `${outcome.kind} needs an amount of at least 1`);
    if (!needs && outcome.amount) throw invalidField(`outcomes.${index}.amount`, `${outcome.kind} takes no amount`);
  });
  if (outcomes.some((outcome) => outcome.kind === 'NO_FURTHER_ACTION') && outcomes.length > 1)
    throw invalidField('outcomes', 'NO_FURTHER_ACTION cannot be combined with other outcomes');
}
