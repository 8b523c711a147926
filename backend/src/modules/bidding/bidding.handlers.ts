import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';
import { Scheduled } from '../../infra/scheduling/scheduled.js';
import { BiddingService } from './bidding.service.js';

/** Bidding's scheduled settlement and its pushes: bidders hear of results in their own rooms; open panels and lists refetch. */
@Injectable()
export class BiddingHandlers {
  constructor(private readonly bidding: BiddingService) {}

  /** Every minute: lots whose close has passed are settled (each round in one transaction with its BiddingLotsSettled event). */
  @Scheduled({ name: 'settle-bidding', every: 60_000 })
  async settleDue(): Promise<void> {
    await this.bidding.settleDue(new Date());
  }

  @HandlesDomainEvent('BiddingRoundChanged', { external: true })
  async pushRound(event: DomainEvent<'BiddingRoundChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'bidding.changed', { roundId: event.payload.roundId });
  }

  @HandlesDomainEvent('BiddingLotsSettled', { external: true })
  async pushSettled(event: DomainEvent<'BiddingLotsSettled'>, { push }: ExternalContext): Promise<void> {
    const { roundId, userIds } = event.payload;
    for (const userId of userIds) await push.send(`user:${userId}`, 'bidding.settled', { roundId });
    await push.send('everyone', 'bidding.changed', { roundId });
  }
}
