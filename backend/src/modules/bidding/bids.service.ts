import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import { bidAmountProblem, type BidderRoundDto, type LotKind } from '../../contracts/bidding.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { ProfilesService } from '../profiles/index.js';
import { TeamsService } from '../teams/index.js';
import { Bid, BiddingLot, BiddingRound } from './bidding.entities.js';
import { BiddingMappers, type NamedBidder } from './bidding.mappers.js';
import { bidderId, bidderKind, biddingAggregate, committedBudget, driverBidder, HOUR, lotsFor, RESULTS_SHOWN_MS, teamBidder } from './bidding.rules.js';
import { BiddingSeasons, ViewContext } from './bidding-seasons.js';
import type { PlaceBidBody } from './dto/bidding.dto.js';

/** Bidders' side of the market: their panels, sealed bids within their budgets, and withdrawing them while lots are open. */
@Injectable()
export class BidsService {
  constructor(
    private readonly em: EntityManager,
    private readonly seasons: BiddingSeasons,
    private readonly mappers: BiddingMappers,
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
  ) {}

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
    const context = new ViewContext(this.seasons);
    for (const round of rounds) {
      const lots = lotsFor(as === 'teams', round.lots.getItems());
      if (!lots.length) continue;
      for (const bidder of bidders) result.push(await this.mappers.bidderRound(em, round, lots, bidder, context, now));
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
      const budget = await new ViewContext(this.seasons).budgetOf(round, bidder);
      const committed = await committedBudget(tx, round.id, bidder, fresh.id);
      if (committed + body.amount > budget) {
        throw new ConflictException(`This bid needs ${body.amount} but only ${Math.max(0, budget - committed)} of your budget of ${budget} is left`);
      }
      const existing = await tx.findOne(Bid, { lot: fresh.id, bidder });
      const outbid = await outbidUserIds(tx, fresh.id, bidder, existing?.amount ?? 0, body.amount);
      if (outbid.length) {
        recordDomainEvent(tx, 'BidOutbid', biddingAggregate(round.id), {
          roundId: round.id,
          lotId: fresh.id,
          lotLabel: `${fresh.kind.toLowerCase()} ${fresh.label}`,
          outbidUserIds: outbid,
        });
      }
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
    const lots = lotsFor(bidderKind(bidder) === 'TEAM', round.lots.getItems());
    const [named] = await this.mappers.named([bidder]);
    return this.mappers.bidderRound(em, round, lots, named, new ViewContext(this.seasons), new Date());
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

  private async biddersOf(principal: Principal, as: 'numbers' | 'teams'): Promise<NamedBidder[]> {
    if (as === 'numbers') {
      const profile = await this.profiles.findByUser(principal.userId);
      return profile ? this.mappers.named([driverBidder(profile.id)]) : [];
    }
    return this.mappers.named((await this.teams.captainOf(principal.userId)).map(teamBidder));
  }
}

/**
 * Who this bid passes: the placers of the highest other bids on the lot, when those led (or tied) before
 * and the new amount is higher. Raising a bid that already led passes no one.
 */
async function outbidUserIds(em: EntityManager, lotId: number, bidder: string, ownBefore: number, amount: number): Promise<number[]> {
  const others = await em.find(Bid, { lot: lotId, bidder: { $ne: bidder } }, { fields: ['amount', 'userId'] });
  const top = Math.max(...others.map((bid) => bid.amount));
  if (!others.length || top < ownBefore || amount <= top) return [];
  return [...new Set(others.filter((bid) => bid.amount === top).map((bid) => bid.userId))];
}
