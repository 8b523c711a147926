import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { HeadlineDto } from '../../contracts/client-events.js';
import { PushRead } from '../../infra/outbox/push-subscribers.js';
import { HeadlinesService } from './headlines.service.js';

/** Any headline change sends every open browser the current list (`headlines.changed` in contracts/pushes.ts). */
@Injectable()
export class HeadlinesHandlers {
  constructor(private readonly headlines: HeadlinesService) {}

  @PushRead('headlines')
  current(em: EntityManager): Promise<HeadlineDto[]> {
    return this.headlines.list(em);
  }
}
