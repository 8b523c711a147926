import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent } from '../../infra/outbox/handles-domain-event.js';
import { TimingStore } from './timing-store.js';

@Injectable()
export class TimingHandlers {
  constructor(private readonly store: TimingStore) {}

  /** A source connected, changed or removed: every worker hears it and starts, restarts or stops ingesting the race. */
  @HandlesDomainEvent('TimingSourceChanged', { external: true })
  async announceSourceChange(event: DomainEvent<'TimingSourceChanged'>): Promise<void> {
    await this.store.announceSourceChange(event.payload.raceId);
  }
}
