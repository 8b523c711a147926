import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import type { EventAttendanceMessage } from '../../contracts/pushes.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';
import { PushRead } from '../../infra/outbox/push-subscribers.js';
import { AttendanceService } from './attendance.service.js';

/**
 * Events' part in the pushes to browsers (declared in contracts/pushes.ts): the seats and who is in
 * as they are now, and an unpublished event's room closed to those who may no longer see it. (The
 * Discord announcement is EventAnnouncements.announce, a subscriber of its own.)
 */
@Injectable()
export class EventsHandlers {
  constructor(private readonly attendance: AttendanceService) {}

  /** Read when the push is sent: the latest wins; null when the event was deleted since. */
  @PushRead('eventAttendance')
  attendanceNow(em: EntityManager, eventId: number): Promise<EventAttendanceMessage | null> {
    return this.attendance.changedMessage(em, eventId);
  }

  /** Unpublished: the event's room keeps only sockets that may still see it (organizers). */
  @HandlesDomainEvent('EventPublicationChanged', { external: true })
  async closeUnpublishedRoom(event: DomainEvent<'EventPublicationChanged'>, { push }: ExternalContext): Promise<void> {
    if (!event.payload.published) await push.revalidate(`event:${event.payload.eventId}`);
  }
}
