import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DOMAIN_EVENT_VERSIONS, type AggregateRef, type DomainEvent, type DomainEventMap, type DomainEventName } from '../../contracts/domain-events.js';
import { OutboxEvent } from './outbox-event.entity.js';

/**
 * Records a domain event in the outbox through `em`, so it commits (or rolls back) with the change
 * flushed by the same entity manager. Call it inside the transaction that makes the change.
 */
export function recordDomainEvent<N extends DomainEventName>(em: EntityManager, name: N, aggregate: AggregateRef, payload: DomainEventMap[N]): DomainEvent<N> {
  const row = em.create(OutboxEvent, {
    id: randomUUID(),
    name,
    version: DOMAIN_EVENT_VERSIONS[name],
    aggregateType: aggregate.type,
    aggregateId: String(aggregate.id),
    payload,
  });
  return toDomainEvent(row) as DomainEvent<N>;
}

export function toDomainEvent(row: OutboxEvent): DomainEvent {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    aggregate: { type: row.aggregateType, id: row.aggregateId },
    occurredAt: row.occurredAt.toISOString(),
    payload: row.payload as DomainEventMap[DomainEventName],
  };
}
