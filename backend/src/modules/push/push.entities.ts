import type { Opt, Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import { CreatedAtEntity } from '../../infra/database/serial-id-entity.js';
import type { User } from '../users/user.entity.js';

/**
 * One browser's push subscription (a device that opted in). The endpoint is the browser's: subscribing
 * it again, from whichever account is signed in, updates this one row, so a device is never notified twice.
 */
@Entity({ tableName: 'push_subscriptions' })
export class PushSubscription extends CreatedAtEntity {
  @ManyToOne(entityNamed<User>('User'), { deleteRule: 'cascade', updateRule: 'no action' })
  @Index()
  user!: Rel<User>;

  @Property({ type: 'string', length: 1000, unique: true })
  endpoint!: string;

  /** The browser's P-256 public key (base64url, 65 bytes) the payload is encrypted to (RFC 8291). */
  @Property({ type: 'string', length: 100 })
  p256dh!: string;

  /** The browser's authentication secret (base64url, 16 bytes). */
  @Property({ type: 'string', length: 32 })
  auth!: string;

  @Property({ type: 'string', length: 100 })
  label!: string;

  @Property({ type: 'timestamptz', nullable: true })
  lastSentAt: Date | null = null;
}

/** The VAPID key pair generated once for an installation without VAPID_* settings (one row). */
@Entity({ tableName: 'push_vapid_keys' })
@Check({ name: 'push_vapid_keys_one_row', expression: 'id = 1' })
export class PushVapidKeys {
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  id!: number;

  @Property({ type: 'string', length: 100 })
  publicKey!: string;

  @Property({ type: 'string', length: 100 })
  privateKey!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

/** The push module's tables. */
export const PUSH_ENTITIES = [PushSubscription, PushVapidKeys] as const;
