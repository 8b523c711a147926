import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ReadCacheModule } from '../read-cache/read-cache.module.js';
import { ClientPush } from '../realtime/client-push.js';
import { OutboxPruning } from './outbox-pruning.js';
import { PushSubscribers } from './push-subscribers.js';
import { SubscriberRegistry } from './subscriber-registry.js';

/**
 * What every process needs to take part in the event flow: the subscriber registry (the relay fans
 * events out by it, the worker runs by it), the push to browsers and its subscribers, the read cache the relay invalidates,
 * and the outbox's own housekeeping.
 */
@Global()
@Module({
  imports: [DiscoveryModule, ReadCacheModule],
  providers: [ClientPush, PushSubscribers, SubscriberRegistry, OutboxPruning],
  exports: [ClientPush, SubscriberRegistry],
})
export class OutboxModule {}
