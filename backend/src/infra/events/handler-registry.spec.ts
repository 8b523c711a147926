import { describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { DOMAIN_EVENT_NAMES } from '../../contracts/domain-events.js';
import { ClientPush } from '../realtime/client-push.js';
import { HandlesDomainEvent } from './handles-domain-event.js';
import { DomainEventHandlerRegistry } from './handler-registry.js';

@Injectable()
class HeadlineCreatedHandler {
  @HandlesDomainEvent('HeadlineCreated')
  async handle(): Promise<void> {}
}

@Injectable()
class SecondHeadlineCreatedHandler {
  @HandlesDomainEvent('HeadlineCreated')
  async again(): Promise<void> {}
}

function boot(...handlers: (new () => object)[]) {
  return Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [
      DomainEventHandlerRegistry,
      ...handlers,
      // The registry only reaches the database and the push when it dispatches; boot needs neither.
      { provide: MikroORM, useValue: {} },
      { provide: ClientPush, useValue: {} },
    ],
  })
    .compile()
    .then((module) => module.init());
}

describe('DomainEventHandlerRegistry at boot', () => {
  it('refuses to boot naming every domain event without a handler', async () => {
    const failure = boot(HeadlineCreatedHandler);
    for (const name of DOMAIN_EVENT_NAMES.filter((event) => event !== 'HeadlineCreated')) {
      await expect(failure).rejects.toThrow(`${name} has no handler`);
    }
  });

  it('refuses to boot when an event has two handlers, naming both', async () => {
    await expect(boot(HeadlineCreatedHandler, SecondHeadlineCreatedHandler)).rejects.toThrow(
      'HeadlineCreated has 2 handlers: HeadlineCreatedHandler.handle, SecondHeadlineCreatedHandler.again',
    );
  });
});
