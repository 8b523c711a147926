import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { JobsOptions } from 'bullmq';
import { DOMAIN_EVENT_NAMES, type DomainEvent, type DomainEventName } from '../../contracts/domain-events.js';
import { HANDLES_DOMAIN_EVENT, type ExternalContext, type SubscriberMetadata, type TransactionalContext } from './handles-domain-event.js';
import { decoratedMethods } from '../discovery/decorated-methods.js';
import { PushSubscribers } from './push-subscribers.js';
import { BACKGROUND_EVENTS_QUEUE, DOMAIN_EVENTS_QUEUE, DOMAIN_EVENT_JOB_OPTIONS } from './queues.js';

export class SubscriberRegistryError extends Error {}

/** One subscriber of a domain event, found at boot. */
export interface DomainEventSubscriber {
  /** Unique across the application: keys its job and its idempotency row. */
  name: string;
  event: DomainEventName;
  /** Runs with no transaction open, recorded as done after success (see ExternalContext). */
  external: boolean;
  /** Its jobs go to the background queue (SubscriberOptions.background). */
  background?: boolean;
  /** Where it is declared, for boot errors: `<Module> › <Provider>.<method>`. */
  where: string;
  run(event: DomainEvent, context: TransactionalContext | ExternalContext): Promise<void>;
}

/** What one job of the domain-events queue carries: the event, and which of its subscribers to run. */
export interface SubscriberJob {
  event: DomainEvent;
  subscriber: string;
}

/** A subscriber's job as the relay queues it: to `queue`, the rest as BullMQ's addBulk takes it. */
export interface SubscriberQueueJob {
  queue: typeof DOMAIN_EVENTS_QUEUE | typeof BACKGROUND_EVENTS_QUEUE;
  name: string;
  data: SubscriberJob;
  opts: JobsOptions;
}

/**
 * The job id of one subscriber's run of one event: a re-sent event adds nothing. (`@`, not `:`:
 * BullMQ refuses `:` in custom job ids.)
 */
export function subscriberJobId(eventId: string, subscriber: string): string {
  return `${eventId}@${subscriber}`;
}

/**
 * Finds every `@HandlesDomainEvent` method of every provider, and the pushes to browsers declared in
 * contracts/pushes.ts, and refuses to boot unless each domain
 * event has at least one subscriber and no two subscribers share a name. Loaded by API and worker
 * alike: the outbox relay asks it which jobs an event becomes, the worker which subscriber a job runs.
 */
@Injectable()
export class SubscriberRegistry implements OnModuleInit {
  private readonly byEvent = new Map<DomainEventName, DomainEventSubscriber[]>();
  private readonly byName = new Map<string, DomainEventSubscriber>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    /** The pushes to browsers (contracts/pushes.ts), each an external subscriber; absent in tests of the registry alone. */
    @Optional() private readonly pushes?: PushSubscribers,
  ) {}

  onModuleInit(): void {
    const decorated = decoratedMethods<SubscriberMetadata>(this.discovery, this.scanner, HANDLES_DOMAIN_EVENT).map(
      ({ metadata, name, where, method }): DomainEventSubscriber => ({
        name: metadata.name ?? name,
        event: metadata.event,
        external: metadata.external,
        background: metadata.background,
        where,
        run: method as DomainEventSubscriber['run'],
      }),
    );
    const pushes = this.pushes?.subscribers() ?? { subscribers: [], problems: [] };
    const found = [...decorated, ...pushes.subscribers];
    this.check(found, pushes.problems);
    for (const subscriber of found) {
      this.byName.set(subscriber.name, subscriber);
      this.byEvent.set(subscriber.event, [...(this.byEvent.get(subscriber.event) ?? []), subscriber]);
    }
  }

  /** The event's subscribers, in discovery order. */
  of(event: DomainEventName): readonly DomainEventSubscriber[] {
    return this.byEvent.get(event) ?? [];
  }

  named(name: string): DomainEventSubscriber | undefined {
    return this.byName.get(name);
  }

  /** One queue job per subscriber of the event, with job id `<eventId>@<subscriber>`, and the queue it goes to (a background subscriber's: BACKGROUND_EVENTS_QUEUE). */
  jobsFor(event: DomainEvent): SubscriberQueueJob[] {
    return this.of(event.name).map((subscriber) => ({
      queue: subscriber.background ? BACKGROUND_EVENTS_QUEUE : DOMAIN_EVENTS_QUEUE,
      name: event.name,
      data: { event, subscriber: subscriber.name },
      opts: { ...DOMAIN_EVENT_JOB_OPTIONS, jobId: subscriberJobId(event.id, subscriber.name) },
    }));
  }

  private check(found: DomainEventSubscriber[], pushProblems: string[]): void {
    const events = new Set(found.map((subscriber) => subscriber.event));
    const byName = new Map<string, DomainEventSubscriber[]>();
    for (const subscriber of found) byName.set(subscriber.name, [...(byName.get(subscriber.name) ?? []), subscriber]);
    const problems = [
      ...DOMAIN_EVENT_NAMES.filter((name) => !events.has(name)).map((name) => `${name} has no subscriber`),
      ...[...byName]
        .filter(([, same]) => same.length > 1)
        .map(([name, same]) => `${same.length} subscribers are named ${name}: ${same.map((subscriber) => `${subscriber.where} (${subscriber.event})`).join(', ')}`),
      ...[...events].filter((name) => !DOMAIN_EVENT_NAMES.includes(name)).map((name) => `${name} is not a domain event`),
      ...found.filter((subscriber) => subscriber.name.includes(':')).map((subscriber) => `${subscriber.where}: a subscriber name cannot contain ":"`),
      ...pushProblems,
    ];
    if (problems.length) throw new SubscriberRegistryError(`Domain event subscribers are wrong:\n  - ${problems.join('\n  - ')}`);
  }
}
