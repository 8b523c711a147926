import { Injectable, Logger } from '@nestjs/common';
import type { DomainEventName } from '../../contracts/domain-events.js';
import { ReadCache } from './read-cache.js';

/** Which cached tags each domain event makes out of date, and dropping them. */
@Injectable()
export class ReadInvalidation {
  private readonly logger = new Logger(ReadInvalidation.name);
  private readonly tagsByEvent = new Map<DomainEventName, Set<string>>();

  constructor(private readonly cache: ReadCache) {}

  declare(tag: string, events: readonly DomainEventName[]): void {
    for (const event of events) this.tagsByEvent.set(event, (this.tagsByEvent.get(event) ?? new Set()).add(tag));
  }

  tagsFor(events: Iterable<DomainEventName>): Set<string> {
    const tags = new Set<string>();
    for (const event of events) for (const tag of this.tagsByEvent.get(event) ?? []) tags.add(tag);
    return tags;
  }

  /** Drops the tags these events invalidate. Throws when Redis fails: callers decide whether that may wait. */
  async after(events: Iterable<DomainEventName>): Promise<void> {
    const tags = this.tagsFor(events);
    if (tags.size) await this.cache.invalidate(tags);
  }

  /** As `after`, for paths that must not fail because of the cache (the relay drops them again before the push). */
  async afterQuietly(events: Iterable<DomainEventName>): Promise<void> {
    await this.after(events).catch((error: Error) => this.logger.warn(`Cached reads not invalidated at commit: ${error.message}`));
  }
}
