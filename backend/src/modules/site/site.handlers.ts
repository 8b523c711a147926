import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type HandlerContext } from '../../infra/events/handles-domain-event.js';

@Injectable()
export class SiteHandlers {
  @HandlesDomainEvent('MaintenanceChanged')
  async onMaintenanceChanged(event: DomainEvent<'MaintenanceChanged'>, { push }: HandlerContext): Promise<void> {
    push.send('everyone', 'maintenance.changed', { enabled: event.payload.enabled });
  }
}
