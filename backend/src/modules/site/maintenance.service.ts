import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { SiteSetting } from './site-setting.entity.js';

const MAINTENANCE = 'maintenance';

export interface MaintenanceState {
  enabled: boolean;
}

/** Maintenance mode: visitors and drivers see the maintenance page, staff keep the site. */
@Injectable()
export class MaintenanceService {
  constructor(private readonly em: EntityManager) {}

  async state(): Promise<MaintenanceState> {
    const setting = await this.em.findOne(SiteSetting, { key: MAINTENANCE });
    return { enabled: (setting?.value as MaintenanceState | undefined)?.enabled === true };
  }

  set(enabled: boolean): Promise<MaintenanceState> {
    return this.em.transactional(async (em) => {
      await em.upsert(SiteSetting, { key: MAINTENANCE, value: { enabled }, updatedAt: new Date() });
      recordDomainEvent(em, 'MaintenanceChanged', { type: 'site', id: MAINTENANCE }, { enabled });
      return { enabled };
    });
  }
}
