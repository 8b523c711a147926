import type { Opt, Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { DriverProfile } from '../profiles/driver-profile.entity.js';

/** The private token in the address of a driver's "my races" feed; a new one replaces it (the old address is then unknown). */
@Entity({ tableName: 'calendar_feed_tokens' })
export class CalendarFeedToken {
  @ManyToOne(entityNamed<DriverProfile>('DriverProfile'), { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  profile!: Rel<DriverProfile>;

  @Property({ type: 'string', length: 64, unique: true })
  token!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

export const CALENDAR_ENTITIES = [CalendarFeedToken] as const;
