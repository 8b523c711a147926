import { type Opt } from '@mikro-orm/core';
import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** The base of every entity keyed by a serial whole-number `id`. */
export abstract class SerialIdEntity {
  @PrimaryKey({ autoincrement: true })
  id!: number;
}

/** A serial-id entity that keeps when it was created. */
export abstract class CreatedAtEntity extends SerialIdEntity {
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
