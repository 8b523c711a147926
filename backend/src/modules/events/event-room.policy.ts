import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import type { RoomPolicy } from '../../infra/realtime/room-policy.js';
import { LeagueEvent } from './event.entities.js';
import { seesUnpublished } from './events.service.js';

/**
 * `event:<id>` (the live seats and attendees of an event's page) is open to whoever may see the
 * event: a published one to all, an unpublished one to organizers only — as `GET /api/events/{id}`.
 */
@Injectable()
export class EventRoomPolicy implements RoomPolicy {
  readonly kind = 'event';

  constructor(private readonly orm: MikroORM) {}

  async mayJoin(principal: Principal | null, id: number): Promise<boolean> {
    if (seesUnpublished(principal)) return true;
    const event = await this.orm.em.fork().findOne(LeagueEvent, id, { fields: ['id', 'published'] });
    return !!event?.published;
  }
}
