import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** The worker's record of handled event ids: a redelivered event finds its row and is skipped. */
@Entity({ tableName: 'processed_events' })
export class ProcessedEvent {
  @PrimaryKey({ type: 'uuid' })
  eventId!: string;

  @Property({ type: 'string', length: 64 })
  name!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  processedAt: Date & Opt = new Date();
}
