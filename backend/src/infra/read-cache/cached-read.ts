import { Injectable, SetMetadata, UseInterceptors, applyDecorators, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { Principal } from '../../common/principal.js';
import type { DomainEventName } from '../../contracts/domain-events.js';
import { ReadCache } from './read-cache.js';

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
}

export const CACHED_READ = 'paddock:cached-read';

export interface CachedReadMetadata {
  tag: ReadTag;
  options: CachedReadOptions;
}

/**
 * The one read pattern for public GET routes: the answer is served from the shared read cache as
 * JSON text (with an ETag, so unchanged answers are 304) until a domain event of its tag says it
 * changed. The handler stays a plain service call; it runs only on a miss.
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
    const key = read.options.perCaller ? `caller:${request.principal?.userId ?? 'visitor'}:${request.originalUrl}` : request.originalUrl;
    const response = context.switchToHttp().getResponse<Response>();
    // Browsers revalidate every time; an unchanged answer costs a 304.
    response.setHeader('Cache-Control', 'no-cache');
    response.type('application/json');
    return from(this.cache.json(read.tag.name, key, () => lastValueFrom(next.handle())));
  }
}
