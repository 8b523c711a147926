import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainEventMap } from '../../contracts/domain-events.js';
import type { RivalBeatenMessage } from '../../contracts/rivals.js';
import { PushRead } from '../../infra/outbox/push-subscribers.js';
import { RivalsBoardsService } from './rivals-boards.service.js';

/** What rivals' pushes read (contracts/pushes.ts): drivers who picked the setter of a new time as a rival and were just beaten on that board hear it. */
@Injectable()
export class RivalsHandlers {
  constructor(private readonly boards: RivalsBoardsService) {}

  @PushRead('rivalsBeaten')
  beaten(em: EntityManager, time: DomainEventMap['RivalTimeSet']): Promise<{ userId: number; message: RivalBeatenMessage }[]> {
    return this.boards.beaten(em, time);
  }
}
