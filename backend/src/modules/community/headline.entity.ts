import type { Opt } from '@mikro-orm/core';
import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { CreatedAtEntity } from '../../infra/database/serial-id-entity.js';

/** A line of the scrolling banner in the site header. */
@Entity({ tableName: 'headlines' })
export class Headline extends CreatedAtEntity {
  @Property({ type: 'string', length: 200 })
  text!: string;

  /** Where it runs in the banner: smallest first (admins order them; a new one goes first). */
  @Property({ type: 'integer', defaultRaw: '0' })
  position: number & Opt = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

/** The community module's tables. */
export const COMMUNITY_ENTITIES = [Headline] as const;
