import type { Opt } from '@mikro-orm/core';
import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

/** A user's racing identity: number and platform names. Driver numbers are unique in the database. */
@Entity({ tableName: 'driver_profiles' })
export class DriverProfile {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @OneToOne(() => User, { owner: true, unique: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'integer', nullable: true, unique: true })
  driverNumber: number | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  name: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  xboxUsername: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  steamUsername: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  psnName: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  alternativeName: string | null = null;

  @Property({ type: 'boolean' })
  profileCompleted: boolean & Opt = false;
}
