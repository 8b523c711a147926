import { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { ConflictException, Injectable } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import type { HeadlineDto } from '../../contracts/client-events.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange } from '../audit/index.js';
import { Headline } from './headline.entity.js';
import { findOrNotFound } from '../../common/find-or-not-found.js';

const aggregate = (id: number) => ({ type: 'headline', id });

export function toHeadlineDto(headline: Headline): HeadlineDto {
  return { id: headline.id, text: headline.text, createdAt: headline.createdAt.toISOString(), updatedAt: headline.updatedAt.toISOString() };
}

/** The header's headlines. Every change commits with its domain event, which pushes the new list live. */
/** The audit log names a headline by its text (cut to fit). */
function recordHeadlineChange(em: EntityManager, admin: Principal, headline: Headline, action: string, before: unknown, after: unknown): void {
  recordStaffChange(em, { actorId: admin.userId, kind: 'headline', entityId: headline.id, label: headline.text, action, before, after });
}

@Injectable()
export class HeadlinesService {
  constructor(private readonly em: EntityManager) {}

  async list(em: EntityManager = this.em): Promise<HeadlineDto[]> {
    const headlines = await em.find(Headline, {}, { orderBy: [{ position: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }] });
    return headlines.map(toHeadlineDto);
  }

  create(admin: Principal, text: string): Promise<HeadlineDto> {
    return this.em.transactional(async (em) => {
      // First in the banner: before every headline there is.
      const [first] = await em.find(Headline, {}, { orderBy: { position: 'asc' }, limit: 1, fields: ['position'] });
      const headline = em.create(Headline, { text, position: first ? first.position - 1 : 0 });
      await em.flush();
      recordDomainEvent(em, 'HeadlineCreated', aggregate(headline.id), { headlineId: headline.id });
      recordHeadlineChange(em, admin, headline, 'created', null, { text });
      return toHeadlineDto(headline);
    });
  }

  update(admin: Principal, id: number, text: string): Promise<HeadlineDto> {
    return this.em.transactional(async (em) => {
      const headline = await this.find(em, id);
      recordHeadlineChange(em, admin, headline, 'saved', { text: headline.text }, { text });
      headline.text = text;
      recordDomainEvent(em, 'HeadlineUpdated', aggregate(id), { headlineId: id });
      await em.flush();
      return toHeadlineDto(headline);
    });
  }

  /**
   * Puts the headlines in the order given, which must name each headline once (a list read before
   * another admin added or removed one is refused with 409). Each moved headline records its update.
   */
  reorder(admin: Principal, ids: number[]): Promise<HeadlineDto[]> {
    return this.em.transactional(async (em) => {
      const headlines = await em.find(Headline, {}, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const byId = new Map(headlines.map((headline) => [headline.id, headline]));
      if (ids.length !== headlines.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id))) {
        throw new ConflictException('The headlines changed meanwhile: reload them and order them again');
      }
      ids.forEach((id, position) => {
        const headline = byId.get(id)!;
        if (headline.position === position) return;
        recordHeadlineChange(em, admin, headline, 'moved', { position: headline.position }, { position });
        headline.position = position;
        recordDomainEvent(em, 'HeadlineUpdated', aggregate(id), { headlineId: id });
      });
      await em.flush();
      return this.list(em);
    });
  }

  remove(admin: Principal, id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      const headline = await this.find(em, id);
      recordHeadlineChange(em, admin, headline, 'deleted', { text: headline.text }, null);
      em.remove(headline);
      recordDomainEvent(em, 'HeadlineDeleted', aggregate(id), { headlineId: id });
    });
  }

  private find(em: EntityManager, id: number): Promise<Headline> {
    return findOrNotFound(em, Headline, 'Headline', id);
  }
}
