import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A line of the scrolling banner in the site header. */
@Entity({ tableName: 'headlines' })
export class Headline {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 200 })
  text!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
