import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent, DomainEventName } from '../../contracts/domain-events.js';
import type { ClientPush } from '../realtime/client-push.js';

export const HANDLES_DOMAIN_EVENT = 'paddock:handles-domain-event';

/** What a handler gets besides its event: the transaction it writes in, and the push to browsers. */
export interface HandlerContext {
  /** Runs in the transaction that also records the event as handled: effects and "done" commit together. */
  em: EntityManager;
  push: ClientPush;
}

export type DomainEventHandler<N extends DomainEventName> = (event: DomainEvent<N>, context: HandlerContext) => Promise<void>;

/** Marks a provider method as the one handler of a domain event (run by the worker, at least once). */
export function HandlesDomainEvent<N extends DomainEventName>(name: N) {
  // Only `value` is checked: the method must be callable as this event's handler.
  return (target: object, key: string | symbol, descriptor: { value?: DomainEventHandler<N> }) => {
    SetMetadata(HANDLES_DOMAIN_EVENT, name)(target, key, descriptor as PropertyDescriptor);
  };
}
