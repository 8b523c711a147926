import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';

@Injectable()
export class SiteHandlers {
  @HandlesDomainEvent('MaintenanceChanged', { external: true })
  async onMaintenanceChanged(event: DomainEvent<'MaintenanceChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'maintenance.changed', { enabled: event.payload.enabled });
  }
}
