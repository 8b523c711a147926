import { Body, Controller, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import type { BidderRoundDto, BiddingRoundDto } from '../../contracts/bidding.js';
import { BiddingRoundsService } from './bidding-rounds.service.js';
import { BidsService } from './bids.service.js';
import { BidderQuery, BidParam, BiddingRoundBody, PlaceBidBody, RoundParam } from './dto/bidding.dto.js';

/**
 * The bidding market. Organizers set rounds up; captains (for their teams) and drivers (for numbers)
 * read their own view and bid. Bids are sealed, so nothing here is public or shared between callers:
 * these reads go past the read cache.
 */
@ApiTags('bidding')
@Controller()
export class BiddingController {
  constructor(
    private readonly biddingRounds: BiddingRoundsService,
    private readonly bids: BidsService,
  ) {}

  /** Every round with its lots, bid counts and (once settled) awards. */
  @Endpoint('GET /bidding/rounds')
  rounds(): Promise<BiddingRoundDto[]> {
    return this.biddingRounds.rounds();
  }

  @Endpoint('GET /bidding/rounds/:round')
  round(@Param() { round }: RoundParam): Promise<BiddingRoundDto> {
    return this.biddingRounds.round(round);
  }

  /** Creates (no `id`) or edits a round and its lots; lots with bids stay, a round being settled is not changed (409). */
  @Endpoint('PUT /bidding/rounds')
  save(@Body() body: BiddingRoundBody, @CurrentPrincipal() organizer: Principal): Promise<BiddingRoundDto> {
    return this.biddingRounds.save(organizer, body);
  }

  /** The caller's view: `for=numbers` as a driver, `for=teams` for each team they captain — lots, own sealed bids, budget, results. */
  @Endpoint('GET /bidding/mine')
  mine(@CurrentPrincipal() principal: Principal, @Query() query: BidderQuery): Promise<BidderRoundDto[]> {
    return this.bids.bidderRounds(principal, query.for);
  }

  /** Places or changes the caller's sealed bid on a lot of the round (a team's with `teamId`); answers the round as this bidder sees it. */
  @Endpoint('POST /bidding/rounds/:round/bids')
  placeBid(@CurrentPrincipal() principal: Principal, @Param() { round }: RoundParam, @Body() body: PlaceBidBody): Promise<BidderRoundDto> {
    return this.bids.placeBid(principal, round, body);
  }

  /** Withdraws one of the caller's bids (or their team's) while its lot is open. */
  @Endpoint('DELETE /bidding/bids/:bid')
  withdraw(@CurrentPrincipal() principal: Principal, @Param() { bid }: BidParam): Promise<void> {
    return this.bids.withdraw(principal, bid);
  }
}
