import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { toPage, type PageQuery } from '../../common/pagination.js';
import type { Page } from '../../contracts/api.js';
import { parseYoutubeVideoId, type VideoDto } from '../../contracts/events.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { LeagueEvent } from './event.entities.js';
import { eventAggregate } from './events.service.js';
import { toVideoDto } from './events.mappers.js';

/** How many videos the home page's Videos section shows. */
export const LATEST_VIDEOS = 4;

/** Race videos: a YouTube video per event, embedded from youtube-nocookie. */
@Injectable()
export class VideosService {
  constructor(private readonly em: EntityManager) {}

  async attach(eventId: number, youtubeUrl: string): Promise<VideoDto> {
    return this.em.transactional(async (em) => {
      const event = await em.findOne(LeagueEvent, eventId);
      if (!event) throw new NotFoundException(`Event ${eventId} not found`);
      event.youtubeVideoId = parseYoutubeVideoId(youtubeUrl);
      recordDomainEvent(em, 'EventVideoChanged', eventAggregate(eventId), { eventId, published: event.published });
      await em.flush();
      return toVideoDto(event);
    });
  }

  async latest(): Promise<VideoDto[]> {
    const events = await this.em.fork().find(LeagueEvent, this.withVideo(), { orderBy: { startsAt: 'desc', id: 'desc' }, limit: LATEST_VIDEOS });
    return events.map(toVideoDto);
  }

  async all(query: PageQuery): Promise<Page<VideoDto>> {
    const [events, total] = await this.em
      .fork()
      .findAndCount(LeagueEvent, this.withVideo(), { orderBy: { startsAt: 'desc', id: 'desc' }, limit: query.pageSize, offset: query.offset });
    return toPage(events.map(toVideoDto), total, query);
  }

  private withVideo() {
    return { published: true, youtubeVideoId: { $ne: null } };
  }
}
