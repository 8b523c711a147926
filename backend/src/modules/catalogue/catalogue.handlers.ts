import { Injectable, Logger } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent } from '../../infra/outbox/handles-domain-event.js';

@Injectable()
export class CatalogueHandlers {
  private readonly logger = new Logger(CatalogueHandlers.name);

  /**
   * Nothing to push: no screen shows the catalogue live, and its cached reads (CATALOGUE_READS) are
   * dropped when the change commits and again by the relay, so the next read loads it from PostgreSQL.
   */
  @HandlesDomainEvent('CatalogueChanged', { external: true })
  onCatalogueChanged(event: DomainEvent<'CatalogueChanged'>): Promise<void> {
    this.logger.debug(`Catalogue of game ${event.payload.gameId} changed`);
    return Promise.resolve();
  }
}
