import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { invalidField } from '../../common/validation.js';
import { toPage } from '../../common/pagination.js';
import type { Page } from '../../contracts/api.js';
import type { AuditLogEntryDto } from '../../contracts/audit.js';
import { UsersService } from '../users/index.js';
import type { AuditQuery } from './audit.dto.js';
import { AuditLogEntry } from './audit.entities.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

/** Reads the audit log for admins: filtered by who, what kind and when, newest first, with the authors' names. */
@Injectable()
export class AuditService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
  ) {}

  async page(query: AuditQuery): Promise<Page<AuditLogEntryDto>> {
    const from = query.from ? new Date(query.from) : null;
    // A date alone means the whole of that day.
    const to = query.to ? new Date(new Date(query.to).getTime() + (DATE_ONLY.test(query.to) ? DAY_MS : 0)) : null;
    if (from && to && to <= from) throw invalidField('to', 'to must be after from');
    const where: FilterQuery<AuditLogEntry> = {
      ...(query.actor ? { actorId: query.actor } : {}),
      ...(query.kind ? { kind: query.kind } : {}),
      ...(from || to ? { at: { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) } } : {}),
    };
    const [entries, total] = await this.em.fork().findAndCount(AuditLogEntry, where, {
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      limit: query.pageSize,
      offset: query.offset,
    });
    const names = await this.users.namesOf(entries.flatMap((entry) => (entry.actorId === null ? [] : [entry.actorId])));
    return toPage(
      entries.map((entry) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        actor: entry.actorId === null ? null : { userId: entry.actorId, name: names.get(entry.actorId) ?? `Former user ${entry.actorId}` },
        kind: entry.kind,
        entityId: entry.entityId,
        label: entry.label,
        action: entry.action,
        before: entry.before,
        after: entry.after,
      })),
      total,
      query,
    );
  }
}
