import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A site-wide setting changed at run time by admins (maintenance mode, …), stored as JSON. */
@Entity({ tableName: 'site_settings' })
export class SiteSetting {
  @PrimaryKey({ type: 'string', length: 64 })
  key!: string;

  @Property({ type: 'jsonb' })
  value!: unknown;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

/** The site module's tables. */
export const SITE_ENTITIES = [SiteSetting] as const;
