import type { Opt } from '@mikro-orm/core';
import { Check, Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { DriverProfile } from '../profiles/driver-profile.entity.js';
import type { IdentityKind } from './result-import/match-drivers.js';
import { SerialIdEntity } from '../../infra/database/serial-id-entity.js';
import { OwnedBy } from '../../infra/database/owned-by.js';

/**
 * A game identity an organizer mapped to a profile while importing results: later imports match it
 * to that profile before anything else. One profile per identity; a newer mapping replaces it.
 */
@Entity({ tableName: 'remembered_identities' })
@Unique({ properties: ['kind', 'identity'] })
@Check({ name: 'remembered_identities_kind_known', expression: "kind in ('STEAM', 'PLATFORM', 'NAME')" })
export class RememberedIdentity extends SerialIdEntity {
  @Property({ type: 'string', length: 8 })
  kind!: IdentityKind;

  /** Lower case (and for a name, without accents or repeated spaces), as matching compares it. */
  @Property({ type: 'string', length: 128 })
  identity!: string;

  @OwnedBy(entityNamed<DriverProfile>('DriverProfile'))
  profile!: DriverProfile;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  rememberedAt: Date & Opt = new Date();
}
