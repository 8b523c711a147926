import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange } from '../audit/index.js';
import { ProfilesService } from '../profiles/index.js';
import { auditedSettlement } from './bidding.audit.js';
import { Bid, BiddingLot, BiddingRound } from './bidding.entities.js';
import { biddingAggregate } from './bidding.rules.js';
import { BiddingSeasons, ViewContext } from './bidding-seasons.js';
import { settleLots } from './settlement.js';

/** The settlement of lots whose close has passed (run every minute by the scheduled job; the rules are the pure `settleLots`). */
@Injectable()
export class BiddingSettlementService {
  private readonly logger = new Logger(BiddingSettlementService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly seasons: BiddingSeasons,
    private readonly profiles: ProfilesService,
  ) {}

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
    const context = new ViewContext(this.seasons);
    const em = this.em.fork();
    const round = await em.findOneOrFail(BiddingRound, roundId, { populate: ['lots'] });
    const lots = round.lots.getItems();
    const dueLots = lots.filter((lot) => !lot.settledAt && lot.closesAt <= now);
    if (!dueLots.length) return 0;
    const earlier = lots.filter((lot) => lot.settledAt);
    const bids = await em.find(Bid, { lot: { $in: dueLots.map((lot) => lot.id) } });
    const budgets = new Map<string, number>();
    for (const bidder of new Set(bids.map((bid) => bid.bidder))) budgets.set(bidder, await context.budgetOf(round, bidder));
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
      recordStaffChange(tx, { actorId: null, kind: 'bidding-round', entityId: roundId, label: round.name, action: 'lots settled', ...auditedSettlement(settling) });
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
}
