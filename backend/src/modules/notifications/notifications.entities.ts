import { PrimaryKeyProp, type Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { NotificationKind } from '../../contracts/notifications.js';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { User } from '../users/user.entity.js';

/**
 * One notification of a user. `dedupeKey` says what it is about (the race reminded of, the outbox event
 * that caused it): a second write about the same thing is a no-op, whichever process tries. `site` is
 * the user's centre setting when it was written: off, it is kept for push and DM delivery but not listed.
 */
@Entity({ tableName: 'notifications' })
@Unique({ properties: ['user', 'dedupeKey'] })
@Index({ name: 'notifications_user_id_created_at_index', properties: ['user', 'createdAt'] })
@Index({ name: 'notifications_created_at_index', properties: ['createdAt'] })
export class Notification {
  @PrimaryKey()
  id!: number;

  @ManyToOne(entityNamed<User>('User'), { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 40 })
  kind!: NotificationKind;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'string', length: 300 })
  link!: string;

  @Property({ type: 'string', length: 120 })
  dedupeKey!: string;

  @Property({ type: 'boolean' })
  site!: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  readAt: Date | null = null;
}

/** A user's channels for one kind; a kind without a row has the defaults (contracts/notifications.ts). */
@Entity({ tableName: 'notification_settings' })
export class NotificationSetting {
  [PrimaryKeyProp]?: ['user', 'kind'];

  @ManyToOne(entityNamed<User>('User'), { primary: true, deleteRule: 'cascade' })
  user!: User;

  @PrimaryKey({ type: 'string', length: 40 })
  kind!: NotificationKind;

  @Property({ type: 'boolean' })
  site!: boolean;

  @Property({ type: 'boolean' })
  push!: boolean;

  @Property({ type: 'boolean' })
  discordDm!: boolean;
}

/** The standings position a driver was last told of (or first seen at) in a season: a change from it is notified. */
@Entity({ tableName: 'notification_standing_positions' })
export class NotificationStandingPosition {
  [PrimaryKeyProp]?: ['seasonId', 'profileId'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  seasonId!: number;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  profileId!: number;

  @Property({ type: 'integer' })
  position!: number;
}

/** The notifications module's tables. */
export const NOTIFICATIONS_ENTITIES = [Notification, NotificationSetting, NotificationStandingPosition] as const;
