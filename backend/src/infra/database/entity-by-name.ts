import type { EntityClass } from '@mikro-orm/postgresql';

const registered = new Map<string, EntityClass<object>>();

/** Makes the application's entities reachable by class name for `entityNamed` (databaseOptions registers its list). */
export function registerEntities(entities: readonly EntityClass<object>[]): void {
  for (const entity of entities) registered.set(entity.name, entity);
}

/**
 * The target of a relation to another module's entity, by class name. A module reaches another only
 * through its index, which exports no entity: the relation keeps its type through a type-only import
 * (`race!: Rel<Race>`), and MikroORM asks for the class at discovery, when every entity is registered.
 */
export function entityNamed<T extends object>(name: string): () => EntityClass<T> {
  return () => {
    const entity = registered.get(name);
    if (!entity) throw new Error(`Entity ${name} is not registered: is it in backend/src/entities.ts?`);
    return entity as EntityClass<T>;
  };
}
