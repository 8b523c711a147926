import { PrimaryKeyProp, type Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The worker's record of which subscriber handled which event: a redelivered job finds its row and
 * is skipped. Each subscriber of an event has its own row (and its own job and retries).
 */
@Entity({ tableName: 'processed_events' })
export class ProcessedEvent {
  [PrimaryKeyProp]?: ['eventId', 'subscriber'];

  @PrimaryKey({ type: 'uuid' })
  eventId!: string;

  @PrimaryKey({ type: 'string', length: 128 })
  subscriber!: string;

  /** The event's name, for reading the table. */
  @Property({ type: 'string', length: 64 })
  name!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  processedAt: Date & Opt = new Date();
}
