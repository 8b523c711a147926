import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { pathToRegexp } from 'path-to-regexp';
import { ACCESS_RULE, type AccessRule } from '../../common/access.js';
import { CACHED_READ, type CachedReadMetadata } from './cached-read.js';

/** One GET route of the API, and the cached read a visitor's request of it is, if it is one a visitor may be answered from the cache. */
export interface GetRoute {
  path: string;
  pattern: RegExp;
  visitorRead: CachedReadMetadata | null;
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
 * `/api/events/:id`, so it is never answered as a visitor's read. Matching follows Express' router:
 * path-to-regexp, case-insensitive, an optional trailing slash.
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
        const visitorRead = readsForVisitors(reflector.get<CachedReadMetadata | undefined>(CACHED_READ, handler), rule);
        for (const controllerPath of controllerPaths) {
          for (const methodPath of asList(methodPaths)) {
            const path = joinPaths([globalPrefix, controllerPath, methodPath]);
            routes.push({ path, pattern: pathToRegexp(path, { sensitive: false, end: true, trailing: true }).regexp, visitorRead });
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
  visitorRead(path: string): { path: string; read: CachedReadMetadata } | null {
    const first = path
      .slice(this.prefix.length + 1)
      .split('/', 1)[0]
      .toLowerCase();
    let found: { path: string; read: CachedReadMetadata } | null = null;
    for (const candidates of [this.byFirstSegment.get(first), this.anyFirstSegment]) {
      for (const route of candidates ?? []) {
        if (!route.pattern.test(path)) continue;
        if (!route.visitorRead || (found && found.read.tag.name !== route.visitorRead.tag.name)) return null;
        found ??= { path: route.path, read: route.visitorRead };
      }
    }
    return found;
  }
}
