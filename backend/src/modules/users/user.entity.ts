import { ArrayType, type Opt } from '@mikro-orm/core';
import { Check, Entity, Property } from '@mikro-orm/decorators/legacy';
import { ROLES } from '../../contracts/roles.js';
import type { Role } from '../../contracts/roles.js';
import { CreatedAtEntity } from '../../infra/database/serial-id-entity.js';

/**
 * A league member as Discord knows them, plus the roles the league granted. Constraint names and
 * defaults are those of the migration, so the schema check finds no drift.
 */
@Entity({ tableName: 'users' })
@Check({ name: 'users_roles_known', expression: `roles <@ array[${ROLES.map((role) => `'${role}'`).join(',')}]::text[]` })
export class User extends CreatedAtEntity {
  /** Discord snowflakes exceed 2^53: always a string. */
  @Property({ type: 'string', length: 32, unique: true })
  discordId!: string;

  @Property({ type: 'string', length: 64 })
  username!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  globalName: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  nickName: string | null = null;

  @Property({ type: 'string', length: 128, nullable: true })
  avatar: string | null = null;

  @Property({ type: 'string', length: 128, nullable: true })
  banner: string | null = null;

  @Property({ type: ArrayType, defaultRaw: `'{}'` })
  roles: Role[] & Opt = [];

  @Property({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastSeenAt: Date | null = null;
}
