import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { parseLiveStream, type LiveDto } from '../../contracts/events.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { LeagueEvent, LiveEvent } from './event.entities.js';
import { EventsService } from './events.service.js';

const LIVE_AGGREGATE = { type: 'live', id: 'live' };

/** The one event raced (and streamed) right now; switching it on or off turns every header's live button. */
@Injectable()
export class LiveService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: EventsService,
  ) {}

  async current(): Promise<LiveDto> {
    const live = await this.em.fork().findOne(LiveEvent, { singleton: true });
    if (!live) return { event: null, stream: null };
    return { event: await this.events.details(live.event.id, null, true), stream: parseLiveStream(live.streamUrl) };
  }

  /** Makes the event the live one (replacing any other), with its stream. */
  async start(eventId: number, streamUrl: string): Promise<LiveDto> {
    const stream = parseLiveStream(streamUrl)!;
    await this.em.transactional(async (em) => {
      const event = await em.findOne(LeagueEvent, eventId);
      if (!event) throw new NotFoundException(`Event ${eventId} not found`);
      if (!event.published) throw new ConflictException('Publish the event before going live');
      await em.upsert(LiveEvent, { singleton: true, event, streamUrl: stream.url, startedAt: new Date() });
      recordDomainEvent(em, 'LiveEventChanged', LIVE_AGGREGATE, { eventId });
    });
    return this.current();
  }

  /** Ends the live event; 404 when that event is not the live one. */
  async stop(eventId: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const ended = await em.nativeDelete(LiveEvent, { singleton: true, event: eventId });
      if (!ended) throw new NotFoundException(`Event ${eventId} is not live`);
      recordDomainEvent(em, 'LiveEventChanged', LIVE_AGGREGATE, { eventId: null });
    });
  }
}
