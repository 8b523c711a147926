import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { DomainEventName } from '../../contracts/domain-events.js';

/** A domain event written in the same transaction as its change, waiting for the relay to publish it. */
@Entity({
  tableName: 'outbox_events',
  // Created by the migration with a function of its own name (notify_outbox), so declared as raw DDL.
  triggers: [
    {
      name: 'outbox_events_notify',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: 'create trigger outbox_events_notify after insert on outbox_events for each statement execute function notify_outbox()',
    },
  ],
})
@Index({ name: 'outbox_events_pending_index', properties: ['seq'], where: 'published_at is null' })
export class OutboxEvent {
  /** Write order: the relay publishes in this order, so events of one aggregate keep theirs. */
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  seq!: string & Opt;

  @Property({ type: 'uuid', unique: true })
  id!: string;

  @Property({ type: 'string', length: 64 })
  name!: DomainEventName;

  @Property({ type: 'smallint' })
  version!: number;

  @Property({ type: 'string', length: 32 })
  aggregateType!: string;

  @Property({ type: 'string', length: 64 })
  aggregateId!: string;

  @Property({ type: 'jsonb' })
  payload!: object;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  occurredAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null = null;
}
