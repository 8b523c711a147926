import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { ClientPush } from '../realtime/client-push.js';
import { SubscriberRegistry, type DomainEventSubscriber, type SubscriberJob } from './subscriber-registry.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RunOutcome = 'handled' | 'duplicate';

/**
 * Runs one subscriber of one domain event (one job), once per (event id, subscriber):
 * - a subscriber that writes runs in a transaction that also inserts its `processed_events` row, so
 *   its effect and "done" commit together, and a redelivery finds the row and is skipped;
 * - an external subscriber runs with no transaction open and its row is inserted after it succeeded:
 *   at least once (a crash between its call and the row calls out again), never marked done on failure.
 * A failure throws, so BullMQ retries that subscriber alone; the event's other subscribers are other jobs.
 */
@Injectable()
export class SubscriberRunner {
  constructor(
    private readonly subscribers: SubscriberRegistry,
    private readonly orm: MikroORM,
    private readonly push: ClientPush,
  ) {}

  /** Runs a job's subscriber. A job from before subscribers (the event alone) runs them all, each idempotently. */
  async run(data: unknown): Promise<RunOutcome> {
    const { event, subscribers } = this.validated(data);
    let outcome: RunOutcome = 'duplicate';
    for (const subscriber of subscribers) {
      if ((await this.runOne(subscriber, event)) === 'handled') outcome = 'handled';
    }
    return outcome;
  }

  private async runOne(subscriber: DomainEventSubscriber, event: DomainEvent): Promise<RunOutcome> {
    const em = this.orm.em.fork();
    if (subscriber.external) {
      if (await this.done(em, event, subscriber)) return 'duplicate';
      await subscriber.run(event, { em, push: this.push });
      await em.execute('insert into processed_events (event_id, subscriber, name) values (?, ?, ?) on conflict do nothing', [event.id, subscriber.name, event.name]);
      return 'handled';
    }
    return em.transactional(async (tx) => {
      const claimed = await tx.execute<{ event_id: string }[]>(
        'insert into processed_events (event_id, subscriber, name) values (?, ?, ?) on conflict do nothing returning event_id',
        [event.id, subscriber.name, event.name],
      );
      if (!claimed.length) return 'duplicate';
      await subscriber.run(event, { em: tx });
      return 'handled';
    });
  }

  private async done(em: EntityManager, event: DomainEvent, subscriber: DomainEventSubscriber): Promise<boolean> {
    const rows = await em.execute<unknown[]>('select 1 from processed_events where event_id = ? and subscriber = ?', [event.id, subscriber.name]);
    return rows.length > 0;
  }

  /** A malformed job fails for good (kept for inspection) instead of retrying or crashing the worker. */
  private validated(data: unknown): { event: DomainEvent; subscribers: readonly DomainEventSubscriber[] } {
    if (!data || typeof data !== 'object') throw new UnrecoverableError('The job carries no domain event');
    const job = 'subscriber' in data ? (data as Partial<SubscriberJob>) : null;
    const event = (job ? job.event : data) as Partial<DomainEvent> | null | undefined;
    if (!event || typeof event !== 'object') throw new UnrecoverableError('The job carries no domain event');
    if (typeof event.id !== 'string' || !UUID.test(event.id)) throw new UnrecoverableError('The domain event has no valid id');
    if (!event.name || !this.subscribers.of(event.name).length) throw new UnrecoverableError(`Unknown domain event "${String(event.name)}"`);
    if (!event.payload || typeof event.payload !== 'object') throw new UnrecoverableError(`${event.name} has no payload`);
    if (!job) return { event: event as DomainEvent, subscribers: this.subscribers.of(event.name) };
    const subscriber = typeof job.subscriber === 'string' ? this.subscribers.named(job.subscriber) : undefined;
    if (!subscriber || subscriber.event !== event.name) throw new UnrecoverableError(`${event.name} has no subscriber named "${String(job.subscriber)}"`);
    return { event: event as DomainEvent, subscribers: [subscriber] };
  }
}
