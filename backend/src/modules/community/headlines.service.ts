import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { HeadlineDto } from '../../contracts/client-events.js';
import { recordDomainEvent } from '../../infra/events/domain-events.js';
import { Headline } from './headline.entity.js';

const aggregate = (id: number) => ({ type: 'headline', id });

export function toHeadlineDto(headline: Headline): HeadlineDto {
  return { id: headline.id, text: headline.text, createdAt: headline.createdAt.toISOString(), updatedAt: headline.updatedAt.toISOString() };
}

/** The header's headlines. Every change commits with its domain event, which pushes the new list live. */
@Injectable()
export class HeadlinesService {
  constructor(private readonly em: EntityManager) {}

  async list(em: EntityManager = this.em): Promise<HeadlineDto[]> {
    const headlines = await em.find(Headline, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return headlines.map(toHeadlineDto);
  }

  create(text: string): Promise<HeadlineDto> {
    return this.em.transactional(async (em) => {
      const headline = em.create(Headline, { text });
      await em.flush();
      recordDomainEvent(em, 'HeadlineCreated', aggregate(headline.id), { headlineId: headline.id });
      return toHeadlineDto(headline);
    });
  }

  update(id: number, text: string): Promise<HeadlineDto> {
    return this.em.transactional(async (em) => {
      const headline = await this.find(em, id);
      headline.text = text;
      recordDomainEvent(em, 'HeadlineUpdated', aggregate(id), { headlineId: id });
      await em.flush();
      return toHeadlineDto(headline);
    });
  }

  remove(id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      em.remove(await this.find(em, id));
      recordDomainEvent(em, 'HeadlineDeleted', aggregate(id), { headlineId: id });
    });
  }

  private async find(em: EntityManager, id: number): Promise<Headline> {
    const headline = await em.findOne(Headline, id);
    if (!headline) throw new NotFoundException(`Headline ${id} not found`);
    return headline;
  }
}
