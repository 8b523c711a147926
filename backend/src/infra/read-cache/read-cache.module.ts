import { MikroORM } from '@mikro-orm/postgresql';
import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { DomainEventName } from '../../contracts/domain-events.js';
import { CACHED_READ, ReadCacheInterceptor, type CachedReadMetadata } from './cached-read.js';
import { InvalidateReadsAtCommit } from './invalidate-at-commit.js';
import { ReadCache } from './read-cache.js';
import { ReadInvalidation } from './read-invalidation.js';
import { ReadFastPath } from './read-fast-path.js';

/**
 * The shared read cache. At boot it reads every `@CachedRead` route to learn which domain events
 * invalidate which tags, and hooks the ORM so a transaction that records such events drops those
 * tags as soon as it commits. `ReadFastPath` answers hits before the Nest pipeline.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [ReadCache, ReadCacheInterceptor, ReadInvalidation, ReadFastPath],
  exports: [ReadCache, ReadCacheInterceptor, ReadInvalidation, ReadFastPath],
})
export class ReadCacheModule implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly invalidation: ReadInvalidation,
    private readonly orm: MikroORM,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance) continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const read = this.reflector.get<CachedReadMetadata | undefined>(CACHED_READ, instance[method] as () => unknown);
        if (read) this.invalidation.declare(read.tag.name, read.tag.invalidatedBy as DomainEventName[]);
      }
    }
    this.orm.em.getEventManager().registerSubscriber(new InvalidateReadsAtCommit(this.invalidation));
  }
}
