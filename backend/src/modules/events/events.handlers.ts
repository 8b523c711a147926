import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';
import { AttendanceService } from './attendance.service.js';

/**
 * Events' pushes to browsers, run by the worker: live seats and attendees, list refreshes, the live
 * event. (The Discord announcement is EventAnnouncements.announce, a subscriber of its own.) Each is
 * external: it reads what is committed, publishes, and throws when the push fails so it is retried.
 */
@Injectable()
export class EventsHandlers {
  constructor(private readonly attendance: AttendanceService) {}

  /** Everyone on the event's page sees the seats and who is in, as they are now (read at handling time: the latest wins). */
  @HandlesDomainEvent('EventAttendanceChanged', { external: true })
  async pushAttendance(event: DomainEvent<'EventAttendanceChanged'>, { em, push }: ExternalContext): Promise<void> {
    await this.pushSeats(em, push, event.payload.eventId);
  }

  @HandlesDomainEvent('EventPublicationChanged', { external: true })
  async pushPublication(event: DomainEvent<'EventPublicationChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'events.changed', { eventId: event.payload.eventId, published: event.payload.published });
  }

  /** Unpublished: the event's room keeps only sockets that may still see it (organizers). */
  @HandlesDomainEvent('EventPublicationChanged', { external: true })
  async closeUnpublishedRoom(event: DomainEvent<'EventPublicationChanged'>, { push }: ExternalContext): Promise<void> {
    if (!event.payload.published) await push.revalidate(`event:${event.payload.eventId}`);
  }

  /** Lists and headers refetch an edited published event. */
  @HandlesDomainEvent('EventDetailsChanged', { external: true })
  async pushEdit(event: DomainEvent<'EventDetailsChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'events.changed', { eventId: event.payload.eventId, published: true });
  }

  /** The edited event's page gets its seats (the number of seats may have changed). */
  @HandlesDomainEvent('EventDetailsChanged', { external: true })
  async pushSeatsAfterEdit(event: DomainEvent<'EventDetailsChanged'>, { em, push }: ExternalContext): Promise<void> {
    await this.pushSeats(em, push, event.payload.eventId);
  }

  /** Lists of videos (Home, Media) refetch. */
  @HandlesDomainEvent('EventVideoChanged', { external: true })
  async pushVideo(event: DomainEvent<'EventVideoChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'events.changed', event.payload);
  }

  @HandlesDomainEvent('LiveEventChanged', { external: true })
  async pushLive(event: DomainEvent<'LiveEventChanged'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'live.changed', { live: event.payload.eventId !== null, eventId: event.payload.eventId });
  }

  private async pushSeats(em: ExternalContext['em'], push: ExternalContext['push'], eventId: number): Promise<void> {
    const message = await this.attendance.changedMessage(em, eventId);
    // Deleted since: no page shows it any more. Any other failure throws and the push is retried.
    if (message) await push.send(`event:${eventId}`, 'event.attendance.changed', message);
  }
}
