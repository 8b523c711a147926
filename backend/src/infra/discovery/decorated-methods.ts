import type { DiscoveryService, MetadataScanner } from '@nestjs/core';

/** A provider method that carries a decorator's metadata, bound to its instance. */
export interface DecoratedMethod<M> {
  metadata: M;
  /** `<ProviderClass>.<method>` */
  name: string;
  /** Where it is declared, for boot errors: `<Module> › <Provider>.<method>`. */
  where: string;
  method: (...args: never[]) => unknown;
}

/** Every method of every provider instance that carries metadata under `key`. */
export function decoratedMethods<M>(discovery: DiscoveryService, scanner: MetadataScanner, key: string): DecoratedMethod<M>[] {
  const found: DecoratedMethod<M>[] = [];
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object' || wrapper.isAlias) continue;
    for (const methodName of scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
      const method = instance[methodName] as (...args: never[]) => unknown;
      const metadata = Reflect.getMetadata(key, method) as M | undefined;
      if (metadata === undefined) continue;
      const name = `${(instance.constructor as { name: string }).name}.${methodName}`;
      found.push({ metadata, name, where: `${wrapper.host?.name ?? '?'} › ${name}`, method: method.bind(instance) });
    }
  }
  return found;
}
