import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { BidderLotDto, BidderRoundDto, BiddingLotDto, BiddingRoundDto } from '../../contracts/bidding.js';
import { ProfilesService } from '../profiles/index.js';
import { TeamsService } from '../teams/index.js';
import { Bid, type BiddingLot, type BiddingRound } from './bidding.entities.js';
import { bidderId, bidderKind, byLot, committedBudget, driverBidder, teamBidder } from './bidding.rules.js';
import type { ViewContext } from './bidding-seasons.js';

/** A bidder and the name shown for it. */
export interface NamedBidder {
  bidder: string;
  name: string;
}

/** Bidding's answers: organizers' rounds (bid counts, never who bid what) and a bidder's panel (own bids, budget, results). */
@Injectable()
export class BiddingMappers {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
  ) {}

  async roundDtos(em: EntityManager, rounds: BiddingRound[], context: ViewContext): Promise<BiddingRoundDto[]> {
    const lotIds = rounds.flatMap((round) => round.lots.getItems().map((lot) => lot.id));
    const counts = lotIds.length
      ? await em.execute<{ round_id: number; n: string }[]>(
          `select l.round_id, count(*) as n from bids b join bidding_lots l on l.id = b.lot_id where l.round_id in (${rounds.map(() => '?').join(',')}) group by l.round_id`,
          rounds.map((round) => round.id),
        )
      : [];
    const countOf = new Map(counts.map((row) => [row.round_id, Number(row.n)]));
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

  /** The round as `bidder` sees it: `lots` (the ones it may bid on), its own bids, budget and what it won. */
  async bidderRound(em: EntityManager, round: BiddingRound, lots: BiddingLot[], { bidder, name }: NamedBidder, context: ViewContext, now: Date): Promise<BidderRoundDto> {
    const bids = await em.find(Bid, { lot: { $in: lots.map((lot) => lot.id) }, bidder });
    const bidOf = new Map(bids.map((bid) => [bid.lot.id, bid]));
    const budget = await context.budgetOf(round, bidder);
    const committed = await committedBudget(em, round.id, bidder, null);
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

  async named(bidders: string[]): Promise<NamedBidder[]> {
    const names = await this.names(bidders);
    return bidders.map((bidder) => ({ bidder, name: names.get(bidder) ?? bidder }));
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
}
