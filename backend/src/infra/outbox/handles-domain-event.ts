import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent, DomainEventName } from '../../contracts/domain-events.js';
import type { ClientPush } from '../realtime/client-push.js';

export const HANDLES_DOMAIN_EVENT = 'paddock:handles-domain-event';

/**
 * What a subscriber that writes gets: the transaction that also records it as done, so its effects
 * and "done" commit together (exactly-once effect). It makes no network call: to tell browsers or
 * anything outside, record a further domain event in `em` and subscribe to that with `external`.
 */
export interface TransactionalContext {
  em: EntityManager;
}

/**
 * What an external subscriber gets (the push to browsers, the Discord webhook, anything over the
 * network): no transaction is open while it runs; `em` reads committed data (each statement on its
 * own). It is recorded as done only after it succeeded, so it runs at least once — a retry after a
 * crash between its call and that record calls out again.
 */
export interface ExternalContext {
  em: EntityManager;
  push: ClientPush;
}

export type TransactionalSubscriber<N extends DomainEventName> = (event: DomainEvent<N>, context: TransactionalContext) => Promise<void>;
export type ExternalSubscriber<N extends DomainEventName> = (event: DomainEvent<N>, context: ExternalContext) => Promise<void>;

export interface SubscriberOptions {
  /**
   * The subscriber's name, unique across the application: `<ProviderClass>.<method>` unless given.
   * It keys the job (`<eventId>@<name>`) and the idempotency row, so give a renamed method its old
   * name here while events recorded before the rename may still be in flight.
   */
  name?: string;
  /**
   * Work no page waits on (notifications, Discord posts): its jobs go to the background queue, with
   * slots of its own (infra/outbox/queues.ts), so a burst of it never delays a recompute or a push.
   */
  background?: boolean;
}

export interface SubscriberMetadata {
  event: DomainEventName;
  name?: string;
  external: boolean;
  background: boolean;
}

type Decorator<F> = (target: object, key: string | symbol, descriptor: { value?: F }) => void;

/**
 * Subscribes a provider method to a domain event; every subscriber of an event runs, each as its own
 * job with its own retries and idempotency record. Without `external` it runs in a transaction with
 * that record; with `external: true` it runs with no transaction open (see ExternalContext).
 */
export function HandlesDomainEvent<N extends DomainEventName>(event: N, options?: SubscriberOptions & { external?: false }): Decorator<TransactionalSubscriber<N>>;
export function HandlesDomainEvent<N extends DomainEventName>(event: N, options: SubscriberOptions & { external: true }): Decorator<ExternalSubscriber<N>>;
export function HandlesDomainEvent(event: DomainEventName, options: SubscriberOptions & { external?: boolean } = {}) {
  return (_target: object, key: string | symbol, descriptor: { value?: unknown }) => {
    const method = descriptor.value as object;
    const existing = Reflect.getMetadata(HANDLES_DOMAIN_EVENT, method) as SubscriberMetadata | undefined;
    if (existing) throw new Error(`${String(key)} subscribes to ${existing.event} already: one event per method`);
    const metadata: SubscriberMetadata = { event, name: options.name, external: options.external === true, background: options.background === true };
    Reflect.defineMetadata(HANDLES_DOMAIN_EVENT, metadata, method);
  };
}
