import type { EntityName } from '@mikro-orm/core';
import { Index, ManyToOne } from '@mikro-orm/decorators/legacy';

/** A row's parent: the row goes when its parent does, and is looked up by it (an indexed, cascading many-to-one). */
export function OwnedBy<Target extends object>(parent: (e?: unknown) => EntityName<Target>) {
  return <Owner extends object>(target: Owner, property: string): void => {
    Index()(target, property as never);
    ManyToOne<Target, Owner>(parent, { deleteRule: 'cascade' })(target, property);
  };
}
