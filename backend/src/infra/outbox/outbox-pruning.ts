import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Scheduled } from '../scheduling/scheduled.js';

const HOUR_MS = 3_600_000;
/** How long published events and handled marks are kept: longer than any redelivery can come late. */
export const EVENT_RETENTION_DAYS = 7;

/** The outbox's housekeeping: published events and processed marks past the retention go. */
@Injectable()
export class OutboxPruning {
  constructor(private readonly orm: MikroORM) {}

  @Scheduled({ name: 'prune-event-log', every: HOUR_MS })
  async prune(): Promise<void> {
    const em = this.orm.em.fork();
    const cutoff = `now() - interval '${EVENT_RETENTION_DAYS} days'`;
    await em.execute(`delete from outbox_events where published_at < ${cutoff}`);
    await em.execute(`delete from processed_events where processed_at < ${cutoff}`);
  }
}
