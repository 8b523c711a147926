import { Entity, OneToOne, Property } from '@mikro-orm/decorators/legacy';
import { User } from './user.entity.js';
import { CreatedAtEntity } from '../../infra/database/serial-id-entity.js';

/** A user's one API key, stored only as a SHA-256 hash; creating a new key replaces the old one. */
@Entity({ tableName: 'api_keys' })
export class ApiKey extends CreatedAtEntity {
  @OneToOne(() => User, { owner: true, unique: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 16 })
  prefix!: string;

  @Property({ type: 'string', length: 64, unique: true })
  keyHash!: string;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null = null;
}
