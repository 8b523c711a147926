import type { Opt } from '@mikro-orm/core';
import { Check, Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

/** A user's racing identity: number and platform names. Driver numbers are unique in the database. */
@Entity({ tableName: 'driver_profiles' })
@Check({ name: 'driver_profiles_number_range', expression: 'driver_number >= 0 and driver_number <= 999' })
export class DriverProfile {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @OneToOne(() => User, { owner: true, unique: 'driver_profiles_user_id_key', deleteRule: 'cascade', foreignKeyName: 'driver_profiles_user_id_fkey' })
  user!: User;

  @Property({ type: 'integer', nullable: true, unique: 'driver_profiles_driver_number_key' })
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
