import type { EntityManager, EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { DomainEventName } from '../../contracts/domain-events.js';
import { OutboxEvent } from '../outbox/outbox-event.entity.js';
import type { ReadInvalidation } from './read-invalidation.js';

/**
 * An ORM subscriber: remembers the domain events each transaction records in the outbox and, once it
 * commits, drops the cached reads they invalidate — so the caller who made a change reads it back
 * at once, before the event has even left the outbox.
 */
export class InvalidateReadsAtCommit implements EventSubscriber<OutboxEvent> {
  private readonly recorded = new WeakMap<EntityManager, Set<DomainEventName>>();

  constructor(private readonly invalidation: ReadInvalidation) {}

  getSubscribedEntities() {
    return [OutboxEvent];
  }

  afterCreate({ em, entity }: EventArgs<OutboxEvent>): void {
    this.recorded.set(em, (this.recorded.get(em) ?? new Set()).add(entity.name));
  }

  async afterTransactionCommit({ em }: TransactionEventArgs): Promise<void> {
    const events = this.recorded.get(em);
    if (!events) return;
    this.recorded.delete(em);
    await this.invalidation.afterQuietly(events);
  }

  afterTransactionRollback({ em }: TransactionEventArgs): void {
    this.recorded.delete(em);
  }
}
