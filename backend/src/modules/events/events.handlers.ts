import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type HandlerContext } from '../../infra/events/handles-domain-event.js';
import { AttendanceService } from './attendance.service.js';
import { EventAnnouncements } from './event-announcements.js';

/** Events' domain events, handled in the worker: live seat counts, publication, Discord announcements, the live event. */
@Injectable()
export class EventsHandlers {
  constructor(
    private readonly attendance: AttendanceService,
    private readonly announcements: EventAnnouncements,
  ) {}

  /** Everyone on the event's page sees the seats as they are now (read at handling time: the latest wins). */
  @HandlesDomainEvent('EventAttendanceChanged')
  async onAttendanceChanged(event: DomainEvent<'EventAttendanceChanged'>, { em, push }: HandlerContext): Promise<void> {
    const { eventId } = event.payload;
    const counts = await this.attendance.counts(em, eventId).catch(() => null);
    if (counts) push.send(`event:${eventId}`, 'event.attendance.changed', counts);
  }

  @HandlesDomainEvent('EventPublicationChanged')
  async onPublicationChanged(event: DomainEvent<'EventPublicationChanged'>, { push }: HandlerContext): Promise<void> {
    push.send('everyone', 'events.changed', { eventId: event.payload.eventId, published: event.payload.published });
  }

  /** Lists and headers refetch; the event's page also gets its seats (the seat count may have changed). */
  @HandlesDomainEvent('EventDetailsChanged')
  async onDetailsChanged(event: DomainEvent<'EventDetailsChanged'>, { em, push }: HandlerContext): Promise<void> {
    const { eventId } = event.payload;
    push.send('everyone', 'events.changed', { eventId, published: true });
    const counts = await this.attendance.counts(em, eventId).catch(() => null);
    if (counts) push.send(`event:${eventId}`, 'event.attendance.changed', counts);
  }

  @HandlesDomainEvent('EventAnnouncementRequested')
  async onAnnouncementRequested(event: DomainEvent<'EventAnnouncementRequested'>, { em }: HandlerContext): Promise<void> {
    await this.announcements.announce(em, event.payload.eventId);
  }

  @HandlesDomainEvent('LiveEventChanged')
  async onLiveEventChanged(event: DomainEvent<'LiveEventChanged'>, { push }: HandlerContext): Promise<void> {
    push.send('everyone', 'live.changed', { live: event.payload.eventId !== null, eventId: event.payload.eventId });
  }
}
