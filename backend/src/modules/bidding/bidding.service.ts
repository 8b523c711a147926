import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { invalidField, invalidFields } from '../../common/validation.js';
import { bidAmountProblem, type BidderLotDto, type BidderRoundDto, type BiddingLotDto, type BiddingRoundDto, type LotKind } from '../../contracts/bidding.js';
import type { StandingsDto } from '../../contracts/competitions.js';
import { driverNumberProblem } from '../../contracts/profiles.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange, snapshotOf } from '../audit/index.js';
import { CompetitionsService } from '../competitions/competitions.service.js';
import { SeasonsService } from '../competitions/seasons.service.js';
import { StandingsService } from '../competitions/standings.service.js';
import { ProfilesService } from '../profiles/profiles.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { Bid, BiddingLot, BiddingRound } from './bidding.entities.js';
import type { BiddingRoundBody, PlaceBidBody } from './dto/bidding.dto.js';
import { settleLots } from './settlement.js';

const HOUR = 3600 * 1000;
/** Settled rounds stay on bidders' panels this long (their results). */
const RESULTS_SHOWN_MS = 14 * 24 * HOUR;

export const biddingAggregate = (roundId: number) => ({ type: 'bidding-round', id: roundId });
export const teamBidder = (teamId: number) => `t:${teamId}`;
export const driverBidder = (profileId: number) => `p:${profileId}`;
const bidderKind = (bidder: string): 'TEAM' | 'DRIVER' => (bidder.startsWith('t:') ? 'TEAM' : 'DRIVER');
const bidderId = (bidder: string) => Number(bidder.slice(2));
const teamLot = (kind: LotKind) => kind !== 'NUMBER';

/** What the audit log keeps of a round's settings and of a settled lot. */
const ROUND_AUDITED_FIELDS = [
  'name',
  'seasonId',
  'opensAt',
  'closesAt',
  'counterBidHours',
  'currency',
  'tokensPerBidder',
  'minimumBid',
  'increment',
  'manufacturerCap',
  'tieBreak',
] as const;
const SETTLED_LOT_FIELDS = ['settledAt', 'winner', 'winningAmount', 'outcome'] as const;
const auditedRound = (round: BiddingRound) => ({
  ...snapshotOf(round, ROUND_AUDITED_FIELDS),
  lots: round.lots.getItems().map((lot) => ({ kind: lot.kind, label: lot.label, manufacturer: lot.manufacturer })),
});

/** What a round needs to know of its season: its name, whether teams race it, and the season before it (for points and positions). */
interface SeasonFacts {
  name: string;
  teamsRace: boolean;
  previousSeasonId: number | null;
}

/**
 * The bidding market: organizers' rounds and lots, bidders' sealed bids within their budgets, and the
 * settlement of lots whose close has passed (by the pure `settleLots`). Seasons, standings, teams and
 * profiles are asked of their modules' services.
 */
@Injectable()
export class BiddingService {
  private readonly logger = new Logger(BiddingService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly seasons: SeasonsService,
    private readonly competitions: CompetitionsService,
    private readonly standings: StandingsService,
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
  ) {}

  /* ---------------- Organizers ---------------- */

  /** Every round, newest first, with its lots and how many bids it has (not who bid what). */
  async rounds(): Promise<BiddingRoundDto[]> {
    const em = this.em.fork();
    const rounds = await em.find(BiddingRound, {}, { populate: ['lots'], orderBy: { opensAt: 'desc', id: 'desc' } });
    return this.toRoundDtos(em, rounds);
  }

  async round(id: number): Promise<BiddingRoundDto> {
    const em = this.em.fork();
    const round = await em.findOne(BiddingRound, id, { populate: ['lots'] });
    if (!round) throw new NotFoundException(`Bidding round ${id} not found`);
    return (await this.toRoundDtos(em, [round]))[0];
  }

  /** Creates or edits a round (checks in words per field); lots with bids stay; a round whose settlement began is not changed (409). */
  async save(organizer: Principal, body: BiddingRoundBody): Promise<BiddingRoundDto> {
    const seasonId = body.seasonId ?? null;
    const facts = seasonId === null ? null : await this.seasonFacts(seasonId);
    this.check(body, facts);
    const opensAt = new Date(body.opensAt);
    const closesAt = new Date(body.closesAt);
    const id = await this.em.transactional(async (em) => {
      let round: BiddingRound;
      let before: Record<string, unknown> | null = null;
      if (body.id) {
        const found = await em.findOne(BiddingRound, body.id, { populate: ['lots'] });
        if (!found) throw new NotFoundException(`Bidding round ${body.id} not found`);
        round = found;
        if (round.lots.getItems().some((lot) => lot.settledAt)) throw new ConflictException('This round has been settled (or is being settled) and cannot be changed');
        before = auditedRound(round);
      } else {
        round = em.create(BiddingRound, {
          name: body.name,
          opensAt,
          closesAt,
          counterBidHours: 24,
          currency: body.currency,
          minimumBid: 1,
          increment: 1,
          tieBreak: body.tieBreak,
        });
      }
      const previousClose = round.closesAt;
      Object.assign(round, {
        name: body.name,
        seasonId,
        opensAt,
        closesAt,
        counterBidHours: body.counterBidHours,
        currency: body.currency,
        tokensPerBidder: body.currency === 'TOKENS' ? (body.tokensPerBidder ?? null) : null,
        minimumBid: body.minimumBid,
        increment: body.increment,
        manufacturerCap: body.manufacturerCap ?? null,
        tieBreak: body.tieBreak,
      });
      const key = (kind: string, label: string) => `${kind}|${label}`;
      const wanted = new Map(body.lots.map((lot) => [key(lot.kind, lot.label), lot]));
      const existing = body.id ? round.lots.getItems() : [];
      const removed = existing.filter((lot) => !wanted.has(key(lot.kind, lot.label)));
      if (removed.length) {
        const withBids = await em.count(Bid, { lot: { $in: removed.map((lot) => lot.id) } });
        if (withBids) throw new ConflictException(`Lots with bids cannot be removed: ${removed.map((lot) => lot.label).join(', ')}`);
        for (const lot of removed) em.remove(lot);
      }
      const kept = new Map(existing.map((lot) => [key(lot.kind, lot.label), lot]));
      for (const [lotKey, lot] of wanted) {
        const current = kept.get(lotKey);
        if (current) {
          current.manufacturer = lot.manufacturer?.trim() || null;
          // A counter-bid moved it past the old close: it keeps the later of the two.
          const extended = previousClose && current.closesAt > previousClose;
          current.closesAt = extended && current.closesAt > closesAt ? current.closesAt : closesAt;
        } else {
          em.create(BiddingLot, { round, kind: lot.kind, label: lot.label, manufacturer: lot.manufacturer?.trim() || null, closesAt });
        }
      }
      await em.flush();
      recordDomainEvent(em, 'BiddingRoundChanged', biddingAggregate(round.id), { roundId: round.id });
      const after = auditedRound(round);
      recordStaffChange(em, { actorId: organizer.userId, kind: 'bidding-round', entityId: round.id, label: round.name, action: before ? 'saved' : 'created', before, after });
      await em.flush();
      return round.id;
    });
    return this.round(id);
  }

  /** The rules only the service can check, all at once, in words per field. */
  private check(body: BiddingRoundBody, facts: SeasonFacts | null): void {
    const problems: Record<string, string[]> = {};
    const add = (field: string, message: string) => (problems[field] ??= []).push(message);
    if (new Date(body.closesAt) <= new Date(body.opensAt)) add('closesAt', 'closesAt must be after opensAt');
    if (body.currency === 'TOKENS' && !body.tokensPerBidder) add('tokensPerBidder', 'tokensPerBidder is needed when the currency is TOKENS');
    if (!facts) {
      if (body.currency === 'POINTS') add('currency', "a league-wide round has no previous season's points: use TOKENS or choose a season");
      if (body.tieBreak === 'CHAMPIONSHIP_POSITION') add('tieBreak', 'a league-wide round has no championship: use EARLIEST_BID or choose a season');
    }
    if (!body.lots.length) add('lots', 'a round needs at least one lot');
    const seen = new Set<string>();
    for (const lot of body.lots) {
      const lotKey = `${lot.kind}|${lot.label}`;
      if (seen.has(lotKey)) add('lots', `${lot.kind} ${lot.label} is listed twice`);
      seen.add(lotKey);
      if (lot.kind === 'NUMBER') {
        const number = Number(lot.label);
        const problem = /^\d+$/.test(lot.label) ? driverNumberProblem(number) : 'A driver number is a whole number';
        if (problem) add('lots', `NUMBER ${lot.label}: ${problem}`);
      } else if (!facts) add('lots', `${lot.kind} ${lot.label}: seats and cars are bid for in a season of a TEAM or LVL competition: choose one`);
      else if (!facts.teamsRace) add('lots', `${lot.kind} ${lot.label}: seats and cars are only for TEAM and LVL competitions`);
    }
    if (Object.keys(problems).length) throw invalidFields(problems);
  }

  private async seasonFacts(seasonId: number): Promise<SeasonFacts> {
    let season;
    try {
      season = await this.seasons.season(seasonId, null, true);
    } catch (error) {
      if (error instanceof NotFoundException) throw invalidField('seasonId', `season ${seasonId} does not exist`);
      throw error;
    }
    const competition = await this.competitions.details(season.competition.id);
    const earlier = competition.seasons.map((other) => other.id).filter((id) => id < seasonId);
    return {
      name: `${season.competition.name} – ${season.name}`,
      teamsRace: season.competition.style !== 'SOLO',
      previousSeasonId: earlier.length ? Math.max(...earlier) : null,
    };
  }

  /* ---------------- Bidders ---------------- */

  /** The rounds open (or settled lately) to the caller as a driver (numbers) or for each team they captain (seats and cars). */
  async bidderRounds(principal: Principal, as: 'numbers' | 'teams'): Promise<BidderRoundDto[]> {
    const em = this.em.fork();
    const bidders = await this.biddersOf(principal, as);
    if (!bidders.length) return [];
    const now = new Date();
    const rounds = await em.find(
      BiddingRound,
      { opensAt: { $lte: now }, $or: [{ settledAt: null }, { settledAt: { $gt: new Date(now.getTime() - RESULTS_SHOWN_MS) } }] },
      { populate: ['lots'], orderBy: { closesAt: 'asc', id: 'asc' } },
    );
    const result: BidderRoundDto[] = [];
    const context = new ViewContext(this);
    for (const round of rounds) {
      const lots = round.lots
        .getItems()
        .filter((lot) => (as === 'teams') === teamLot(lot.kind))
        .sort(byLot);
      if (!lots.length) continue;
      for (const bidder of bidders) result.push(await this.bidderRound(em, round, lots, bidder, context, now));
    }
    return result;
  }

  /** Places or changes the caller's sealed bid on a lot; a bid in the counter-bid window moves that lot's close. */
  async placeBid(principal: Principal, roundId: number, body: PlaceBidBody): Promise<BidderRoundDto> {
    const em = this.em.fork();
    const round = await em.findOne(BiddingRound, roundId, { populate: ['lots'] });
    if (!round) throw new NotFoundException(`Bidding round ${roundId} not found`);
    const lot = round.lots.getItems().find((candidate) => candidate.id === body.lotId);
    if (!lot) throw invalidField('lotId', `lot ${body.lotId} is not in this round`);
    const bidder = await this.bidderFor(principal, lot.kind, body.teamId ?? null);
    const problem = bidAmountProblem(body.amount, round.minimumBid, round.increment);
    if (problem) throw invalidField('amount', problem);

    await em.transactional(async (tx) => {
      // One bidder's bids one at a time: the budget check sees every other bid of theirs.
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`bidding:${roundId}:${bidder}`]);
      const fresh = await tx.findOneOrFail(BiddingLot, lot.id);
      const now = new Date();
      if (now < round.opensAt) throw new ConflictException(`Bidding on this round opens at ${round.opensAt.toISOString()}`);
      if (fresh.settledAt || now >= fresh.closesAt) throw new ConflictException(`Bidding on ${fresh.kind} ${fresh.label} has closed`);
      const budget = await this.budgetOf(round, bidder, new ViewContext(this));
      const committed = await this.committed(tx, round.id, bidder, fresh.id);
      if (committed + body.amount > budget) {
        throw new ConflictException(`This bid needs ${body.amount} but only ${Math.max(0, budget - committed)} of your budget of ${budget} is left`);
      }
      const existing = await tx.findOne(Bid, { lot: fresh.id, bidder });
      if (existing) Object.assign(existing, { amount: body.amount, placedAt: now, userId: principal.userId });
      else tx.create(Bid, { lot: fresh, bidder, userId: principal.userId, amount: body.amount, placedAt: now });
      const window = round.counterBidHours * HOUR;
      if (fresh.closesAt.getTime() - now.getTime() < window) {
        fresh.closesAt = new Date(now.getTime() + window);
        recordDomainEvent(tx, 'BiddingRoundChanged', biddingAggregate(round.id), { roundId: round.id });
      }
      await tx.flush();
    });
    return this.bidderRoundOf(roundId, bidder);
  }

  /** Withdraws the caller's bid while its lot is open. */
  async withdraw(principal: Principal, bidId: number): Promise<void> {
    const em = this.em.fork();
    const bid = await em.findOne(Bid, bidId, { populate: ['lot'] });
    const mine =
      bid && (bid.userId === principal.userId || (bidderKind(bid.bidder) === 'TEAM' && (await this.teams.captainOf(principal.userId)).includes(bidderId(bid.bidder))));
    if (!bid || !mine) throw new NotFoundException(`Bid ${bidId} not found`);
    if (bid.lot.settledAt || new Date() >= bid.lot.closesAt) throw new ConflictException(`Bidding on ${bid.lot.kind} ${bid.lot.label} has closed`);
    await em.remove(bid).flush();
  }

  private async bidderRoundOf(roundId: number, bidder: string): Promise<BidderRoundDto> {
    const em = this.em.fork();
    const round = await em.findOneOrFail(BiddingRound, roundId, { populate: ['lots'] });
    const lots = round.lots
      .getItems()
      .filter((lot) => (bidderKind(bidder) === 'TEAM') === teamLot(lot.kind))
      .sort(byLot);
    const [named] = await this.named([bidder]);
    return this.bidderRound(em, round, lots, named, new ViewContext(this), new Date());
  }

  /** Who the caller bids as for a lot: their profile for numbers, a team they captain for seats and cars. */
  private async bidderFor(principal: Principal, kind: LotKind, teamId: number | null): Promise<string> {
    if (kind === 'NUMBER') {
      if (teamId !== null) throw invalidField('teamId', 'numbers are bid for by drivers: leave teamId out');
      const profile = await this.profiles.findByUser(principal.userId);
      if (!profile) throw new ConflictException('Create your driver profile before bidding for a number');
      return driverBidder(profile.id);
    }
    if (teamId === null) throw invalidField('teamId', 'seats and cars are bid for by a team: give teamId');
    if (!(await this.teams.captainOf(principal.userId)).includes(teamId)) throw new ForbiddenException('Only a captain of the team may bid for it');
    return teamBidder(teamId);
  }

  private async biddersOf(principal: Principal, as: 'numbers' | 'teams'): Promise<{ bidder: string; name: string }[]> {
    if (as === 'numbers') {
      const profile = await this.profiles.findByUser(principal.userId);
      return profile ? this.named([driverBidder(profile.id)]) : [];
    }
    return this.named((await this.teams.captainOf(principal.userId)).map(teamBidder));
  }

  private async named(bidders: string[]): Promise<{ bidder: string; name: string }[]> {
    const names = await this.names(bidders);
    return bidders.map((bidder) => ({ bidder, name: names.get(bidder) ?? bidder }));
  }

  private async bidderRound(
    em: EntityManager,
    round: BiddingRound,
    lots: BiddingLot[],
    { bidder, name }: { bidder: string; name: string },
    context: ViewContext,
    now: Date,
  ): Promise<BidderRoundDto> {
    const bids = await em.find(Bid, { lot: { $in: lots.map((lot) => lot.id) }, bidder });
    const bidOf = new Map(bids.map((bid) => [bid.lot.id, bid]));
    const budget = await this.budgetOf(round, bidder, context);
    const committed = await this.committed(em, round.id, bidder, null);
    const lotDtos = await this.lotDtos(lots);
    const open = now >= round.opensAt && lots.some((lot) => !lot.settledAt && now < lot.closesAt);
    return {
      id: round.id,
      name: round.name,
      seasonName: await context.seasonName(round.seasonId),
      opensAt: round.opensAt.toISOString(),
      closesAt: round.closesAt.toISOString(),
      counterBidHours: round.counterBidHours,
      currency: round.currency,
      minimumBid: round.minimumBid,
      increment: round.increment,
      open,
      settled: !!round.settledAt,
      bidder: { kind: bidderKind(bidder), id: bidderId(bidder), name },
      budget,
      committed,
      available: Math.max(0, budget - committed),
      lots: lots.map((lot, index): BidderLotDto => {
        const bid = bidOf.get(lot.id);
        return { ...lotDtos[index], myBid: bid ? { id: bid.id, amount: bid.amount, placedAt: bid.placedAt.toISOString() } : null, won: lot.winner === bidder };
      }),
    };
  }

  /** Open bids plus what was won, in the round; `exceptLot`: leaving out the bid on that lot (it is being replaced). */
  private async committed(em: EntityManager, roundId: number, bidder: string, exceptLot: number | null): Promise<number> {
    const [row] = await em.execute<{ open: string | null; won: string | null }[]>(
      `select
         (select sum(b.amount) from bids b join bidding_lots l on l.id = b.lot_id where l.round_id = ? and b.bidder = ? and l.settled_at is null and l.id <> ?) as open,
         (select sum(l.winning_amount) from bidding_lots l where l.round_id = ? and l.winner = ?) as won`,
      [roundId, bidder, exceptLot ?? 0, roundId, bidder],
    );
    return Number(row?.open ?? 0) + Number(row?.won ?? 0);
  }

  /** A bidder's budget in the round: its tokens, or its points of the competition's previous season (0 without one). */
  async budgetOf(round: BiddingRound, bidder: string, context: ViewContext): Promise<number> {
    if (round.currency === 'TOKENS') return round.tokensPerBidder ?? 0;
    const standings = await context.previousStandings(round.seasonId);
    if (!standings) return 0;
    const id = bidderId(bidder);
    return bidderKind(bidder) === 'TEAM'
      ? (standings.teams.find((team) => team.team.id === id)?.points ?? 0)
      : (standings.drivers.find((driver) => driver.profile.id === id)?.points ?? 0);
  }

  /* ---------------- Settlement ---------------- */

  /**
   * Settles every lot whose close has passed: per round, in one transaction with its domain event (the
   * worker then tells the bidders). Won numbers go on the winners' profiles through the profiles module
   * (a number another driver holds by then is not: the lot says so). Returns how many lots were settled.
   */
  async settleDue(now = new Date()): Promise<number> {
    const due = await this.em.fork().execute<{ round_id: number }[]>('select distinct round_id from bidding_lots where settled_at is null and closes_at <= ?', [now]);
    let settled = 0;
    for (const { round_id: roundId } of due) {
      try {
        settled += await this.settleRound(roundId, now);
      } catch (error) {
        this.logger.error(`Settling bidding round ${roundId} failed: ${(error as Error).message}`);
      }
    }
    return settled;
  }

  private async settleRound(roundId: number, now: Date): Promise<number> {
    const context = new ViewContext(this);
    const em = this.em.fork();
    const round = await em.findOneOrFail(BiddingRound, roundId, { populate: ['lots'] });
    const lots = round.lots.getItems();
    const dueLots = lots.filter((lot) => !lot.settledAt && lot.closesAt <= now);
    if (!dueLots.length) return 0;
    const earlier = lots.filter((lot) => lot.settledAt);
    const bids = await em.find(Bid, { lot: { $in: dueLots.map((lot) => lot.id) } });
    const budgets = new Map<string, number>();
    for (const bidder of new Set(bids.map((bid) => bid.bidder))) budgets.set(bidder, await this.budgetOf(round, bidder, context));
    const spentBefore = new Map<string, number>();
    const carsBefore = new Map<string, number>();
    const numberWinnersBefore = new Set<string>();
    for (const lot of earlier) {
      if (!lot.winner) continue;
      spentBefore.set(lot.winner, (spentBefore.get(lot.winner) ?? 0) + (lot.winningAmount ?? 0));
      if (lot.kind === 'CAR' && lot.manufacturer) carsBefore.set(lot.manufacturer, (carsBefore.get(lot.manufacturer) ?? 0) + 1);
      if (lot.kind === 'NUMBER') numberWinnersBefore.add(lot.winner);
    }
    const outcomes = settleLots({
      lots: dueLots.map((lot) => ({ id: lot.id, kind: lot.kind, manufacturer: lot.manufacturer })),
      bids: bids.map((bid) => ({ lotId: bid.lot.id, bidder: bid.bidder, amount: bid.amount, placedAt: bid.placedAt })),
      minimumBid: round.minimumBid,
      budgets,
      spentBefore,
      carsBefore,
      manufacturerCap: round.manufacturerCap,
      numberWinnersBefore,
      positions: round.tieBreak === 'CHAMPIONSHIP_POSITION' ? await context.positions(round.seasonId) : null,
    });
    // Won numbers go on the profiles first, each in the profiles module's own transaction (saving one again is harmless
    // if this settlement has to run again); lots are written after, in one transaction with the event.
    const notes = new Map<number, string>();
    for (const outcome of outcomes) {
      const lot = dueLots.find((candidate) => candidate.id === outcome.lotId)!;
      if (lot.kind !== 'NUMBER' || !outcome.winner) continue;
      const winningBid = bids.find((bid) => bid.lot.id === lot.id && bid.bidder === outcome.winner!.bidder)!;
      notes.set(lot.id, await this.awardNumber(winningBid.userId, Number(lot.label)));
    }
    return em.transactional(async (tx) => {
      await tx.execute('select id from bidding_rounds where id = ? for update', [roundId]);
      const fresh = await tx.find(BiddingLot, { round: roundId }, { refresh: true });
      const settling = fresh.filter((lot) => dueLots.some((due) => due.id === lot.id) && !lot.settledAt);
      // Settled meanwhile by another run: nothing to do.
      if (settling.length !== dueLots.length) return 0;
      for (const outcome of outcomes) {
        const lot = settling.find((candidate) => candidate.id === outcome.lotId)!;
        Object.assign(lot, {
          settledAt: now,
          winner: outcome.winner?.bidder ?? null,
          winningAmount: outcome.winner?.amount ?? null,
          outcome: `${outcome.outcome}${notes.get(lot.id) ?? ''}`,
        });
      }
      if (fresh.every((lot) => lot.settledAt)) await tx.nativeUpdate(BiddingRound, { id: roundId }, { settledAt: now });
      recordStaffChange(tx, {
        actorId: null,
        kind: 'bidding-round',
        entityId: roundId,
        label: round.name,
        action: 'lots settled',
        before: { lots: settling.map((lot) => ({ kind: lot.kind, label: lot.label, settledAt: null })) },
        after: { lots: settling.map((lot) => ({ kind: lot.kind, label: lot.label, ...snapshotOf(lot, SETTLED_LOT_FIELDS) })) },
      });
      await tx.flush();
      recordDomainEvent(tx, 'BiddingLotsSettled', biddingAggregate(roundId), { roundId, userIds: [...new Set(bids.map((bid) => bid.userId))] });
      await tx.flush();
      return settling.length;
    });
  }

  /** Puts a won number on the winner's profile (the unique-number rule holds: one another driver holds stays theirs). */
  private async awardNumber(userId: number, driverNumber: number): Promise<string> {
    try {
      await this.profiles.update(userId, { driverNumber });
      return '; on the driver profile';
    } catch (error) {
      if (error instanceof ConflictException) return `; not put on the profile: ${error.message}`;
      throw error;
    }
  }

  /* ---------------- Shapes ---------------- */

  private async toRoundDtos(em: EntityManager, rounds: BiddingRound[]): Promise<BiddingRoundDto[]> {
    const lotIds = rounds.flatMap((round) => round.lots.getItems().map((lot) => lot.id));
    const counts = lotIds.length
      ? await em.execute<{ round_id: number; n: string }[]>(
          `select l.round_id, count(*) as n from bids b join bidding_lots l on l.id = b.lot_id where l.round_id in (${rounds.map(() => '?').join(',')}) group by l.round_id`,
          rounds.map((round) => round.id),
        )
      : [];
    const countOf = new Map(counts.map((row) => [row.round_id, Number(row.n)]));
    const context = new ViewContext(this);
    const result: BiddingRoundDto[] = [];
    for (const round of rounds) {
      const lots = [...round.lots.getItems()].sort(byLot);
      result.push({
        id: round.id,
        name: round.name,
        seasonId: round.seasonId,
        seasonName: await context.seasonName(round.seasonId),
        opensAt: round.opensAt.toISOString(),
        closesAt: round.closesAt.toISOString(),
        counterBidHours: round.counterBidHours,
        currency: round.currency,
        tokensPerBidder: round.tokensPerBidder,
        minimumBid: round.minimumBid,
        increment: round.increment,
        manufacturerCap: round.manufacturerCap,
        tieBreak: round.tieBreak,
        settled: !!round.settledAt,
        bidCount: countOf.get(round.id) ?? 0,
        lots: await this.lotDtos(lots),
      });
    }
    return result;
  }

  private async lotDtos(lots: BiddingLot[]): Promise<BiddingLotDto[]> {
    const names = await this.names(lots.flatMap((lot) => (lot.winner ? [lot.winner] : [])));
    return lots.map((lot) => ({
      id: lot.id,
      kind: lot.kind,
      label: lot.label,
      manufacturer: lot.manufacturer,
      closesAt: lot.closesAt.toISOString(),
      settled: !!lot.settledAt,
      winner: lot.winner ? { name: names.get(lot.winner) ?? lot.winner, amount: lot.winningAmount ?? 0 } : null,
      outcome: lot.outcome,
    }));
  }

  /** Bidders' names: teams' names, drivers' display names. */
  private async names(bidders: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const profileIds = bidders.filter((bidder) => bidderKind(bidder) === 'DRIVER').map(bidderId);
    for (const [id, summary] of await this.profiles.summaries(profileIds)) names.set(driverBidder(id), summary.driverName);
    const teamIds = new Set(bidders.filter((bidder) => bidderKind(bidder) === 'TEAM').map(bidderId));
    if (teamIds.size) for (const team of await this.teams.list()) if (teamIds.has(team.id)) names.set(teamBidder(team.id), team.name);
    return names;
  }

  /** For ViewContext: the season's facts (null for league-wide or a season since deleted). */
  async factsOf(seasonId: number | null): Promise<SeasonFacts | null> {
    if (seasonId === null) return null;
    try {
      return await this.seasonFacts(seasonId);
    } catch {
      return null;
    }
  }

  async standingsOf(seasonId: number): Promise<StandingsDto | null> {
    try {
      return await this.standings.read(seasonId);
    } catch (error) {
      if (error instanceof NotFoundException) return null;
      throw error;
    }
  }
}

const KIND_ORDER: Record<LotKind, number> = { SEAT: 0, CAR: 1, NUMBER: 2 };
function byLot(a: BiddingLot, b: BiddingLot): number {
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.kind === 'NUMBER' ? Number(a.label) - Number(b.label) : a.label.localeCompare(b.label));
}

/** Seasons and standings asked once per request or settlement, however many rounds and bidders it covers. */
export class ViewContext {
  private readonly facts = new Map<number, Promise<SeasonFacts | null>>();
  private readonly standings = new Map<number, Promise<StandingsDto | null>>();

  constructor(private readonly service: BiddingService) {}

  private factsOf(seasonId: number): Promise<SeasonFacts | null> {
    if (!this.facts.has(seasonId)) this.facts.set(seasonId, this.service.factsOf(seasonId));
    return this.facts.get(seasonId)!;
  }

  async seasonName(seasonId: number | null): Promise<string> {
    if (seasonId === null) return 'League-wide';
    return (await this.factsOf(seasonId))?.name ?? `Season ${seasonId}`;
  }

  /** The standings the round's currency and tie-break read: the competition's previous season's, else the season's own. */
  async previousStandings(seasonId: number | null): Promise<StandingsDto | null> {
    if (seasonId === null) return null;
    const facts = await this.factsOf(seasonId);
    const source = facts?.previousSeasonId ?? null;
    if (source === null) return null;
    if (!this.standings.has(source)) this.standings.set(source, this.service.standingsOf(source));
    return this.standings.get(source)!;
  }

  /** Championship positions per bidder (drivers and teams) for the tie-break: the previous season's, else the season's own standings. */
  async positions(seasonId: number | null): Promise<Map<string, number> | null> {
    if (seasonId === null) return null;
    let standings = await this.previousStandings(seasonId);
    if (!standings) {
      if (!this.standings.has(seasonId)) this.standings.set(seasonId, this.service.standingsOf(seasonId));
      standings = await this.standings.get(seasonId)!;
    }
    const positions = new Map<string, number>();
    for (const driver of standings?.drivers ?? []) positions.set(driverBidder(driver.profile.id), driver.position);
    for (const team of standings?.teams ?? []) positions.set(teamBidder(team.team.id), team.position);
    return positions;
  }
}
