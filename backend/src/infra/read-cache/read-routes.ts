import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { pathToRegexp } from 'path-to-regexp';
import { ACCESS_RULE, type AccessRule } from '../../common/access.js';
import { CACHED_READ, type CachedReadMetadata } from './cached-read.js';

/**
 * One GET route of the API, in the order Nest registers it, and the cached read a visitor's or a
 * signed-in caller's request of it is, if such a request may be answered from the cache.
 */
export interface GetRoute {
  path: string;
  pattern: RegExp;
  order: number;
  visitorRead: CachedReadMetadata | null;
  callerRead: CachedReadMetadata | null;
}

/** A cached read a request may be answered from, and the route pattern it matched. */
export interface MatchedRead {
  path: string;
  read: CachedReadMetadata;
}

/**
 * Whether a visitor's request of this route reads the same cache entry a visitor's request through
 * Nest would: a public route (no sign-in to refuse), keyed by URL alone (not per caller), which does
 * not send visitors to the database (`bypass` is asked about a caller with no principal).
 */
function readsForVisitors(read: CachedReadMetadata | undefined, rule: AccessRule): CachedReadMetadata | null {
  if (!read || rule !== 'public' || read.options.perCaller || read.options.bypass?.(undefined)) return null;
  return read;
}

/**
 * Whether a signed-in caller's request of this route reads the entry its request through Nest would,
 * knowing only who the caller is: a route that needs no role flag (public or any signed-in user) and
 * has no `bypass` (which asks about the caller's roles). Per-caller reads are keyed by the caller.
 */
function readsForCallers(read: CachedReadMetadata | undefined, rule: AccessRule): CachedReadMetadata | null {
  if (!read || read.options.bypass || (rule !== 'public' && rule !== 'signedIn')) return null;
  return read;
}

/** Joins path fragments as Nest's RoutePathFactory does: one slash between them, none at the end; `{/…}` (an optional segment) keeps its own. */
function joinPaths(fragments: string[]): string {
  const joined = fragments
    .map((fragment) => fragment.replace(/\/+$/, ''))
    .filter(Boolean)
    .map((fragment) => (fragment.startsWith('/') || fragment.startsWith('{/') ? fragment : `/${fragment}`))
    .join('');
  return joined || '/';
}

const asList = (paths: unknown): string[] => (Array.isArray(paths) ? (paths as string[]) : [typeof paths === 'string' ? paths : '']);

/** The first segment below the prefix when it is plain text (routes are grouped by it), else null: the route may match any first segment. */
function literalFirstSegment(path: string, prefix: string): string | null {
  const segment = path.slice(prefix.length + 1).split('/')[0];
  return /^[\w.~-]*$/.test(segment) ? segment.toLowerCase() : null;
}

/**
 * Every GET route of the application's controllers, found through their metadata as Nest's router
 * finds them, so routes added by any module (and their `@CachedRead`) are picked up at boot.
 *
 * `visitorRead(path)` answers which cached read a visitor's GET of `path` is — only when every GET
 * route matching the path is such a read of the same tag. Which of several matching routes Nest
 * picks depends on declaration order (or on specificity, if configured); requiring all candidates to
 * agree makes the answer independent of that: `/api/events/mynext` (per caller) also matches
 * `/api/events/:id`, so it is never answered as a visitor's read. `callerRead(path)` answers the same
 * for a signed-in caller. Matching follows Express' router: path-to-regexp, case-insensitive, an
 * optional trailing slash.
 */
export class ReadRoutes {
  private readonly byFirstSegment = new Map<string, GetRoute[]>();
  private readonly anyFirstSegment: GetRoute[] = [];
  private readonly prefix: string;

  constructor(
    readonly routes: readonly GetRoute[],
    prefix: string,
  ) {
    this.prefix = joinPaths([prefix]);
    for (const route of routes) {
      const first = literalFirstSegment(route.path, this.prefix);
      if (first === null) this.anyFirstSegment.push(route);
      else this.byFirstSegment.set(first, [...(this.byFirstSegment.get(first) ?? []), route]);
    }
  }

  static discover(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector, globalPrefix: string): ReadRoutes {
    const routes: GetRoute[] = [];
    for (const wrapper of discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller || !wrapper.instance) continue;
      const controllerPaths = asList(Reflect.getMetadata(PATH_METADATA, controller));
      const prototype = Object.getPrototypeOf(wrapper.instance) as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as () => unknown;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
        if (methodPaths === undefined || (method !== RequestMethod.GET && method !== RequestMethod.ALL)) continue;
        const rule = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [handler, controller]) ?? 'signedIn';
        const read = reflector.get<CachedReadMetadata | undefined>(CACHED_READ, handler);
        const [visitorRead, callerRead] = [readsForVisitors(read, rule), readsForCallers(read, rule)];
        for (const controllerPath of controllerPaths) {
          for (const methodPath of asList(methodPaths)) {
            const path = joinPaths([globalPrefix, controllerPath, methodPath]);
            const pattern = pathToRegexp(path, { sensitive: false, end: true, trailing: true }).regexp;
            routes.push({ path, pattern, order: routes.length, visitorRead, callerRead });
          }
        }
      }
    }
    return new ReadRoutes(routes, globalPrefix);
  }

  /**
   * The cached read a visitor's GET of `path` (no query) is, with the route pattern it matched first, or
   * null: not a cached read, or not one a visitor may be answered from the cache.
   */
  visitorRead(path: string): MatchedRead | null {
    let found: MatchedRead | null = null;
    for (const route of this.matching(path)) {
      if (!route.visitorRead || (found && found.read.tag.name !== route.visitorRead.tag.name)) return null;
      found ??= { path: route.path, read: route.visitorRead };
    }
    return found;
  }

  /**
   * The cached read a signed-in caller's GET of `path` (no query) is, or null. A caller's read may be
   * per caller, so it cannot agree with its neighbours as a visitor's must (`/api/events/mynext` and
   * `/api/events/:id` never key alike): it is the route Express dispatches to, the first that matches
   * in the order Nest registers routes — modules, their controllers, each controller's methods as
   * declared — which is the order discovery walks them in.
   */
  callerRead(path: string): MatchedRead | null {
    let first: GetRoute | null = null;
    for (const route of this.matching(path)) if (!first || route.order < first.order) first = route;
    return first?.callerRead ? { path: first.path, read: first.callerRead } : null;
  }

  private *matching(path: string): Generator<GetRoute> {
    const first = path
      .slice(this.prefix.length + 1)
      .split('/', 1)[0]
      .toLowerCase();
    for (const candidates of [this.byFirstSegment.get(first), this.anyFirstSegment]) {
      for (const route of candidates ?? []) if (route.pattern.test(path)) yield route;
    }
  }
}
