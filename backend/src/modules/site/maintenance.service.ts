import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import type { MaintenanceState } from '../../contracts/site.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange } from '../audit/index.js';
import { SiteSetting } from './site-setting.entity.js';

const MAINTENANCE = 'maintenance';

/** Maintenance mode: visitors and drivers see the maintenance page, staff keep the site. */
@Injectable()
export class MaintenanceService {
  constructor(private readonly em: EntityManager) {}

  async state(): Promise<MaintenanceState> {
    const setting = await this.em.findOne(SiteSetting, { key: MAINTENANCE });
    return { enabled: (setting?.value as MaintenanceState | undefined)?.enabled === true };
  }

  /** Turns maintenance mode on or off, with its audit entry in the same transaction. */
  set(admin: Principal, enabled: boolean): Promise<MaintenanceState> {
    return this.em.transactional(async (em) => {
      const before = (await em.findOne(SiteSetting, { key: MAINTENANCE }))?.value ?? null;
      await em.upsert(SiteSetting, { key: MAINTENANCE, value: { enabled }, updatedAt: new Date() });
      recordDomainEvent(em, 'MaintenanceChanged', { type: 'site', id: MAINTENANCE }, { enabled });
      recordStaffChange(em, {
        actorId: admin.userId,
        kind: 'site-setting',
        entityId: MAINTENANCE,
        label: 'Maintenance mode',
        action: enabled ? 'turned on' : 'turned off',
        before,
        after: { enabled },
      });
      return { enabled };
    });
  }
}
