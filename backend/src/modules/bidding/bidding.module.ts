import { Module } from '@nestjs/common';
import { CompetitionsModule } from '../competitions/index.js';
import { ProfilesModule } from '../profiles/index.js';
import { TeamsModule } from '../teams/index.js';
import { BiddingController } from './bidding.controller.js';
import { BiddingHandlers } from './bidding.handlers.js';
import { BiddingMappers } from './bidding.mappers.js';
import { BiddingRoundsService } from './bidding-rounds.service.js';
import { BiddingSeasons } from './bidding-seasons.js';
import { BiddingSettlementService } from './bidding-settlement.service.js';
import { BidsService } from './bids.service.js';

/** The bidding market: rounds of seats, cars and numbers, sealed bids, settlement by a scheduled job, results told live. */
@Module({
  imports: [CompetitionsModule, ProfilesModule, TeamsModule],
  controllers: [BiddingController],
  providers: [BiddingRoundsService, BidsService, BiddingSettlementService, BiddingSeasons, BiddingMappers, BiddingHandlers],
})
export class BiddingModule {}
