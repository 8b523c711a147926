import { Injectable } from '@nestjs/common';
import { HandlesDomainEvent, type HandlerContext } from '../../infra/events/handles-domain-event.js';
import { HeadlinesService } from './headlines.service.js';

/** Any headline change sends every open browser the current list (small, and idempotent to apply). */
@Injectable()
export class HeadlinesHandlers {
  constructor(private readonly headlines: HeadlinesService) {}

  @HandlesDomainEvent('HeadlineCreated')
  async onCreated(_event: unknown, context: HandlerContext): Promise<void> {
    await this.pushList(context);
  }

  @HandlesDomainEvent('HeadlineUpdated')
  async onUpdated(_event: unknown, context: HandlerContext): Promise<void> {
    await this.pushList(context);
  }

  @HandlesDomainEvent('HeadlineDeleted')
  async onDeleted(_event: unknown, context: HandlerContext): Promise<void> {
    await this.pushList(context);
  }

  private async pushList({ em, push }: HandlerContext): Promise<void> {
    push.send('everyone', 'headlines.changed', { headlines: await this.headlines.list(em) });
  }
}
