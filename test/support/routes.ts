import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { ACCESS_RULE, CHANGES_STATE, type AccessRule } from '../../backend/src/common/access.js';

export interface RouteInfo {
  method: string;
  /** Express-style path with the global prefix, e.g. `/api/users/:id/roles/:role`. */
  path: string;
  controller: string;
  handler: string;
  /** The rule declared with `@Access(...)` on the handler or its controller; undefined when none. */
  rule: AccessRule | undefined;
  changesState: boolean;
}

const join = (...parts: string[]) =>
  `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
const paths = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map(String);

/** Every route of every controller Nest registered, read from the same metadata the router and the AccessGuard use. */
export function registeredRoutes(app: INestApplication, prefix = 'api'): RouteInfo[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Type | null;
    if (!controller || !wrapper.instance) continue;
    const prototype = Object.getPrototypeOf(wrapper.instance) as Record<string, (...args: unknown[]) => unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const own of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
          routes.push({
            method: RequestMethod[method],
            path: join(prefix, base, own),
            controller: controller.name,
            handler: name,
            rule: reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [handler, controller]),
            changesState: !!reflector.getAllAndOverride<boolean>(CHANGES_STATE, [handler, controller]),
          });
        }
      }
    }
  }
  return routes;
}

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** What Express itself will route: `METHOD path` for every route in the application's router. */
export function expressRoutes(app: INestApplication): string[] {
  const instance = app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  return instance.router.stack.flatMap((layer) =>
    layer.route
      ? paths(layer.route.path).flatMap((path) =>
          Object.keys(layer.route!.methods)
            .filter((method) => method !== '_all')
            .map((method) => `${method.toUpperCase()} ${path}`),
        )
      : [],
  );
}
