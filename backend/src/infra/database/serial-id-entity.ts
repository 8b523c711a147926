import { PrimaryKey } from '@mikro-orm/decorators/legacy';

/** The base of every entity keyed by a serial whole-number `id`. */
export abstract class SerialIdEntity {
  @PrimaryKey({ autoincrement: true })
  id!: number;
}
