import { Injectable } from '@nestjs/common';
import { Scheduled } from '../../infra/scheduling/scheduled.js';
import { BiddingSettlementService } from './bidding-settlement.service.js';

/** Bidding's scheduled settlement (its pushes are declared in contracts/pushes.ts: bidders hear of results in their own rooms; open panels and lists refetch). */
@Injectable()
export class BiddingHandlers {
  constructor(private readonly settlement: BiddingSettlementService) {}

  /** Every minute: lots whose close has passed are settled (each round in one transaction with its BiddingLotsSettled event). */
  @Scheduled({ name: 'settle-bidding', every: 60_000 })
  async settleDue(): Promise<void> {
    await this.settlement.settleDue(new Date());
  }
}
