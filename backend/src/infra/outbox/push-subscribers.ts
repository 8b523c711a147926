import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { ClientEventMap } from '../../contracts/client-events.js';
import type { DomainEvent, DomainEventName } from '../../contracts/domain-events.js';
import { PUSHES, PUSH_READS, type PushedMessageName, type PushReadArgs, type PushReadName, type PushReadResult, type PushReads, type Sender } from '../../contracts/pushes.js';
import { decoratedMethods } from '../discovery/decorated-methods.js';
import type { ExternalContext } from './handles-domain-event.js';
import type { DomainEventSubscriber } from './subscriber-registry.js';

const PUSH_READ = 'paddock:push-read';

type PushReadMethod<K extends PushReadName> = (em: EntityManager, ...args: PushReadArgs<K>) => Promise<PushReadResult<K>>;

/**
 * Provides a read of contracts/pushes.ts's PUSH_READS: committed state a push sends (the headlines
 * now, an event's attendance …). It gets the push's entity manager first (no transaction is open), then
 * the read's arguments.
 */
export function PushRead<K extends PushReadName>(read: K) {
  return (_target: object, _key: string | symbol, descriptor: { value?: PushReadMethod<K> }): void => {
    Reflect.defineMetadata(PUSH_READ, read, descriptor.value as object);
  };
}

/** The subscriber that sends `message` for `event`: unique per pair, so each push is its own job with its own retries. */
export function pushSubscriberName(event: DomainEventName, message: PushedMessageName): string {
  return `Push.${event}.${message}`;
}

/**
 * The pushes to browsers as domain event subscribers: one external subscriber per domain event and
 * message of contracts/pushes.ts, which reads what it needs (the `@PushRead` methods of the modules'
 * providers), and sends each message it makes to its room; a failed send throws, so the job is retried.
 */
@Injectable()
export class PushSubscribers {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  /** The subscribers, and what is wrong (a read no provider or two providers give): the registry refuses to boot then. */
  subscribers(): { subscribers: DomainEventSubscriber[]; problems: string[] } {
    const { reads, problems } = this.reads();
    const subscribers: DomainEventSubscriber[] = [];
    for (const [message, declaration] of Object.entries(PUSHES) as [PushedMessageName, { from: Record<string, Sender<DomainEventName, unknown>>; background?: true }][]) {
      for (const [event, send] of Object.entries(declaration.from) as [DomainEventName, Sender<DomainEventName, unknown>][]) {
        subscribers.push({
          name: pushSubscriberName(event, message),
          event,
          external: true,
          background: declaration.background === true,
          where: `contracts/pushes.ts › ${message} from ${event}`,
          run: async (domainEvent: DomainEvent, context) => {
            const { em, push } = context as ExternalContext;
            for (const { to, payload } of await send(domainEvent.payload, reads(em))) await push.send(to, message, payload as ClientEventMap[typeof message]);
          },
        });
      }
    }
    return { subscribers, problems };
  }

  private reads(): { reads: (em: EntityManager) => PushReads; problems: string[] } {
    const provided = new Map<PushReadName, { where: string; method: (em: EntityManager, ...args: unknown[]) => Promise<unknown> }[]>();
    for (const { metadata, where, method } of decoratedMethods<PushReadName>(this.discovery, this.scanner, PUSH_READ)) {
      provided.set(metadata, [...(provided.get(metadata) ?? []), { where, method: method as (em: EntityManager, ...args: unknown[]) => Promise<unknown> }]);
    }
    const names = Object.keys(PUSH_READS) as PushReadName[];
    const problems = [
      ...names.filter((name) => !provided.has(name)).map((name) => `the push read ${name} has no @PushRead provider`),
      ...[...provided]
        .filter(([, providers]) => providers.length > 1)
        .map(([name, providers]) => `${providers.length} providers give the push read ${name}: ${providers.map((provider) => provider.where).join(', ')}`),
    ];
    const reads = (em: EntityManager) => Object.fromEntries(names.map((name) => [name, (...args: unknown[]) => provided.get(name)![0].method(em, ...args)])) as PushReads;
    return { reads, problems };
  }
}
