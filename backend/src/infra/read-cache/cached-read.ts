import { Injectable, SetMetadata, UseInterceptors, applyDecorators, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { Principal } from '../../common/principal.js';
import type { DomainEventName } from '../../contracts/domain-events.js';
import { ReadCache } from './read-cache.js';
import { callerKey } from './read-keys.js';

/** A group of cached reads and the domain events after which they are out of date. */
export interface ReadTag {
  name: string;
  invalidatedBy: readonly DomainEventName[];
}

export const readTag = (name: string, invalidatedBy: readonly DomainEventName[]): ReadTag => ({ name, invalidatedBy });

export interface CachedReadOptions {
  /** Callers who see more than a visitor (organizers see unpublished events) read the database directly. */
  bypass?: (principal: Principal | undefined) => boolean;
  /** One entry per signed-in caller, for reads about the caller ("my next event"). */
  perCaller?: boolean;
  /** The answer is text of this type (the handler returns the text, e.g. a calendar), not JSON. */
  contentType?: string;
}

export const CACHED_READ = 'paddock:cached-read';

export interface CachedReadMetadata {
  tag: ReadTag;
  options: CachedReadOptions;
}

/** The headers every cached answer carries: browsers revalidate every time, and an unchanged answer costs a 304. */
export const CACHED_READ_HEADERS = { 'Cache-Control': 'no-cache', 'Content-Type': 'application/json; charset=utf-8' } as const;

/** The headers of one cached read's answers: its own type when it is text. */
export function cachedReadHeaders(read: CachedReadMetadata): Record<string, string> {
  return read.options.contentType ? { ...CACHED_READ_HEADERS, 'Content-Type': read.options.contentType } : CACHED_READ_HEADERS;
}

/** How a cached read's answer is stored and sent: JSON text, or the handler's text as it is. */
export function cachedReadText(read: CachedReadMetadata): (answer: unknown) => string {
  return read.options.contentType ? String : JSON.stringify;
}

/** The entry a caller reads: the URL (path and query), or the URL under the caller's id for per-caller reads. */
export function cachedReadKey(read: CachedReadMetadata, url: string, principal: Pick<Principal, 'userId'> | undefined): string {
  return read.options.perCaller ? callerKey(principal?.userId ?? 'visitor', url) : url;
}

/**
 * The one read pattern for public GET routes: the answer is served from the shared read cache as
 * JSON text (with an ETag, so unchanged answers are 304) until a domain event of its tag says it
 * changed. The handler stays a plain service call; it runs only on a miss. Most hits are
 * answered before the Nest pipeline (see ReadFastPath); everything else comes here.
 */
export function CachedRead(tag: ReadTag, options: CachedReadOptions = {}): MethodDecorator {
  return applyDecorators(SetMetadata(CACHED_READ, { tag, options } satisfies CachedReadMetadata), UseInterceptors(ReadCacheInterceptor));
}

@Injectable()
export class ReadCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: ReadCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const read = this.reflector.get<CachedReadMetadata | undefined>(CACHED_READ, context.getHandler());
    const request = context.switchToHttp().getRequest<Request>();
    if (!read || request.method !== 'GET' || read.options.bypass?.(request.principal)) return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    response.set(cachedReadHeaders(read));
    return from(this.cache.json(read.tag.name, cachedReadKey(read, request.originalUrl, request.principal), () => lastValueFrom(next.handle()), cachedReadText(read)));
  }
}
