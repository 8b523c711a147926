import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { DomainEventName } from '../../contracts/domain-events.js';

/** A domain event written in the same transaction as its change, waiting for the relay to publish it. */
@Entity({ tableName: 'outbox_events' })
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

  @Property({ type: 'timestamptz' })
  occurredAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null = null;
}
