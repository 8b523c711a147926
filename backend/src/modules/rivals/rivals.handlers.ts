import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';
import { RivalsBoardsService } from './rivals-boards.service.js';

/** Rivals' subscribers, run by the worker: schedule and board changes pushed to every browser, the stewards' queue, and "your rival beat you". */
@Injectable()
export class RivalsHandlers {
  constructor(private readonly boards: RivalsBoardsService) {}

  @HandlesDomainEvent('RivalsScheduleRotated', { external: true })
  async pushSchedule(event: DomainEvent<'RivalsScheduleRotated'>, { push }: ExternalContext): Promise<void> {
    await push.send('everyone', 'rivals.schedule.changed', { serverIds: event.payload.serverIds });
  }

  @HandlesDomainEvent('RivalTimeSet', { external: true })
  async pushBoard(event: DomainEvent<'RivalTimeSet'>, { push }: ExternalContext): Promise<void> {
    const { trackId, gameId, platform, profileId, status } = event.payload;
    await push.send('everyone', 'rivals.time.changed', { trackId, gameId, platform, profileId, status });
  }

  /** A provisional time joined the queue, or a steward decided one: the stewards' queue refetches. */
  @HandlesDomainEvent('RivalTimeSet', { external: true })
  async pushQueue(event: DomainEvent<'RivalTimeSet'>, { push }: ExternalContext): Promise<void> {
    if (event.payload.change === 'set' && event.payload.status !== 'PROVISIONAL') return;
    await push.send('flag:isSteward', 'rivals.queue.changed', { timeId: event.payload.timeId, status: event.payload.status });
  }

  /** Drivers who picked the setter as a rival and were just beaten on that board hear it in their user room. */
  @HandlesDomainEvent('RivalTimeSet', { external: true })
  async pushBeaten(event: DomainEvent<'RivalTimeSet'>, { em, push }: ExternalContext): Promise<void> {
    if (event.payload.change !== 'set') return;
    for (const { userId, message } of await this.boards.beaten(em as EntityManager, event.payload)) {
      await push.send(`user:${userId}`, 'rivals.beaten', message);
    }
  }
}
