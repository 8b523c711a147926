import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { UnrecoverableError } from 'bullmq';
import { DOMAIN_EVENT_NAMES, type DomainEvent, type DomainEventName } from '../../contracts/domain-events.js';
import { ClientPush } from '../realtime/client-push.js';
import { HANDLES_DOMAIN_EVENT, type DomainEventHandler } from './handles-domain-event.js';

type AnyHandler = DomainEventHandler<DomainEventName>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class HandlerRegistryError extends Error {}

/**
 * Finds every `@HandlesDomainEvent` method and refuses to boot unless each domain event has exactly
 * one handler. Dispatch is idempotent: an event id already handled is skipped.
 */
@Injectable()
export class DomainEventHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<DomainEventName, AnyHandler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly orm: MikroORM,
    private readonly push: ClientPush,
  ) {}

  onModuleInit(): void {
    const found = new Map<DomainEventName, string[]>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = instance[method] as AnyHandler;
        const name = this.reflector.get<DomainEventName | undefined>(HANDLES_DOMAIN_EVENT, handler);
        if (!name) continue;
        found.set(name, [...(found.get(name) ?? []), `${wrapper.name}.${method}`]);
        this.handlers.set(name, handler.bind(instance) as AnyHandler);
      }
    }
    const problems = [
      ...DOMAIN_EVENT_NAMES.filter((name) => !found.has(name)).map((name) => `${name} has no handler`),
      ...[...found].filter(([, where]) => where.length > 1).map(([name, where]) => `${name} has ${where.length} handlers: ${where.join(', ')}`),
      ...[...found.keys()].filter((name) => !DOMAIN_EVENT_NAMES.includes(name)).map((name) => `${name} is not a domain event`),
    ];
    if (problems.length) throw new HandlerRegistryError(`Domain event handlers are wrong:\n  - ${problems.join('\n  - ')}`);
  }

  /** Runs the event's handler once per event id, in a transaction with the "handled" mark. */
  async dispatch(data: unknown): Promise<'handled' | 'duplicate'> {
    const event = this.validated(data);
    const handler = this.handlers.get(event.name)!;
    return this.orm.em.fork().transactional(async (em) => {
      const claimed = await em.execute<{ event_id: string }[]>(
        'insert into processed_events (event_id, name) values (?, ?) on conflict do nothing returning event_id',
        [event.id, event.name],
      );
      if (!claimed.length) return 'duplicate';
      await handler(event, { em, push: this.push });
      return 'handled';
    });
  }

  /** A malformed job fails for good (kept for inspection) instead of retrying or crashing the worker. */
  private validated(data: unknown): DomainEvent {
    const event = data as Partial<DomainEvent> | null;
    if (!event || typeof event !== 'object') throw new UnrecoverableError('The job carries no domain event');
    if (typeof event.id !== 'string' || !UUID.test(event.id)) throw new UnrecoverableError('The domain event has no valid id');
    if (!event.name || !this.handlers.has(event.name)) throw new UnrecoverableError(`Unknown domain event "${String(event.name)}"`);
    if (!event.payload || typeof event.payload !== 'object') throw new UnrecoverableError(`${event.name} has no payload`);
    return event as DomainEvent;
  }
}
