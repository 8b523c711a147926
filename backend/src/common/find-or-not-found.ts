import type { EntityManager, EntityName, FindOneOptions, Loaded } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';

/** The record `id` of `entity`; 404 "<name> <id> not found" when there is none. */
export async function findOrNotFound<T extends object, P extends string = never>(
  em: EntityManager,
  entity: EntityName<T>,
  name: string,
  id: number,
  options?: FindOneOptions<T, P>,
): Promise<Loaded<T, P>> {
  // The primary key as a filter: MikroORM cannot resolve the filter type of an open T.
  const found = await em.findOne(entity, id as never, options);
  if (!found) throw new NotFoundException(`${name} ${id} not found`);
  return found;
}
