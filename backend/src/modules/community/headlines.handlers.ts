import { Injectable } from '@nestjs/common';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';
import { HeadlinesService } from './headlines.service.js';

/** Any headline change sends every open browser the current list (small, and idempotent to apply). */
@Injectable()
export class HeadlinesHandlers {
  constructor(private readonly headlines: HeadlinesService) {}

  @HandlesDomainEvent('HeadlineCreated', { external: true })
  async onCreated(_event: unknown, context: ExternalContext): Promise<void> {
    await this.pushList(context);
  }

  @HandlesDomainEvent('HeadlineUpdated', { external: true })
  async onUpdated(_event: unknown, context: ExternalContext): Promise<void> {
    await this.pushList(context);
  }

  @HandlesDomainEvent('HeadlineDeleted', { external: true })
  async onDeleted(_event: unknown, context: ExternalContext): Promise<void> {
    await this.pushList(context);
  }

  private async pushList({ em, push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'headlines.changed', { headlines: await this.headlines.list(em) });
  }
}
