import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';

/** Affiliates, merchandise and downloads: every change tells every open browser what changed; they refetch what they show. */
@Injectable()
export class CommunityHandlers {
  @HandlesDomainEvent('AffiliateChanged', { external: true })
  async onAffiliateChanged(event: DomainEvent<'AffiliateChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'affiliates.changed', { affiliateId: event.payload.affiliateId });
  }

  @HandlesDomainEvent('ProductChanged', { external: true })
  async onProductChanged(event: DomainEvent<'ProductChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'merchandise.changed', { productId: event.payload.productId });
  }

  @HandlesDomainEvent('DownloadChanged', { external: true })
  async onDownloadChanged(event: DomainEvent<'DownloadChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'downloads.changed', { downloadId: event.payload.downloadId });
  }
}
