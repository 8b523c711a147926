import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { toPage, type PageQuery } from '../../common/pagination.js';
import type { Page } from '../../contracts/api.js';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  NOTIFICATION_RETENTION_DAYS,
  type NotificationChannels,
  type NotificationDto,
  type NotificationKind,
  type NotificationSettingDto,
  type UnreadCountDto,
} from '../../contracts/notifications.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { Notification, NotificationSetting } from './notifications.entities.js';

const DAY_MS = 24 * 3600 * 1000;

/** What a subscriber asks to tell: one text to each of `userIds`, once per user and `dedupeKey`. */
export interface NewNotification {
  userIds: readonly number[];
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** What it is about: a second notification with the same key for a user is not written. */
  dedupeKey: string;
}

/** One user's notification of a kind, with its own text. */
export type PersonalNotification = Omit<NewNotification, 'userIds' | 'kind'> & { userId: number };

/**
 * The notification centre: writing a notification (with its NotificationCreated event, in the caller's
 * transaction), each user's own list, unread count and marks, the per-kind channels, and the pruning.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores the notification for each user whose channels for its kind are not all off, and records a
   * NotificationCreated per stored one, in `em`'s transaction. Returns how many were stored. `at` is when
   * what it tells happened (a domain event's time; now by default): the centre lists newest first by it.
   */
  notify(em: EntityManager, { userIds, kind, ...text }: NewNotification, at?: Date): Promise<number> {
    return this.notifyEach(
      em,
      kind,
      userIds.map((userId) => ({ userId, ...text })),
      at,
    );
  }

  /**
   * As `notify`, with a text of its own for each user (a driver's new position, say): one query for
   * the users' channels and one insert for all of them, however many they are.
   */
  async notifyEach(em: EntityManager, kind: NotificationKind, notifications: readonly PersonalNotification[], at: Date = this.clock.now()): Promise<number> {
    const once = new Map(notifications.map((notification) => [`${notification.userId}:${notification.dedupeKey}`, notification]));
    if (!once.size) return 0;
    const channels = await this.channelsOf(em, [...new Set([...once.values()].map(({ userId }) => userId))], kind);
    const wanted = [...once.values()].filter(({ userId }) => {
      const { site, push, discordDm } = channels.get(userId)!;
      return site || push || discordDm;
    });
    if (!wanted.length) return 0;
    const rows = await em.execute<{ id: number; user_id: number; dedupe_key: string }[]>(
      `insert into notifications (user_id, kind, title, body, link, dedupe_key, site, created_at)
       values ${wanted.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
       on conflict (user_id, dedupe_key) do nothing returning id, user_id, dedupe_key`,
      wanted.flatMap(({ userId, title, body, link, dedupeKey }) => [userId, kind, title, body, link, dedupeKey, channels.get(userId)!.site, at]),
    );
    const stored = new Map(rows.map((row) => [`${row.user_id}:${row.dedupe_key}`, row.id]));
    for (const { userId, title, body, link, dedupeKey } of wanted) {
      const notificationId = stored.get(`${userId}:${dedupeKey}`);
      if (notificationId === undefined) continue;
      const { push, discordDm } = channels.get(userId)!;
      recordDomainEvent(em, 'NotificationCreated', { type: 'user', id: userId }, { notificationId, userId, kind, title, body, link, push, discordDm });
    }
    if (stored.size) await em.flush();
    return stored.size;
  }

  /** The user's notifications shown in the centre, newest first. */
  async page(userId: number, query: PageQuery): Promise<Page<NotificationDto>> {
    const [rows, total] = await this.em
      .fork()
      .findAndCount(Notification, { user: userId, site: true }, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: query.pageSize, offset: query.offset });
    return toPage(rows.map(toDto), total, query);
  }

  async unread(userId: number, em: EntityManager = this.em.fork()): Promise<UnreadCountDto> {
    return { unread: await em.count(Notification, { user: userId, site: true, readAt: null }) };
  }

  /** Marks one of the user's notifications read (already read: unchanged); another user's or a missing one is a 404. */
  async markRead(userId: number, id: number): Promise<UnreadCountDto> {
    const em = this.em.fork();
    const rows = await em.execute<{ id: number }[]>(`update notifications set read_at = coalesce(read_at, ?) where id = ? and user_id = ? and site returning id`, [
      this.clock.now(),
      id,
      userId,
    ]);
    if (!rows.length) throw new NotFoundException(`Notification ${id} not found`);
    return this.unread(userId, em);
  }

  async markAllRead(userId: number): Promise<UnreadCountDto> {
    const em = this.em.fork();
    await em.nativeUpdate(Notification, { user: userId, site: true, readAt: null }, { readAt: this.clock.now() });
    return this.unread(userId, em);
  }

  /** Every kind with the user's channels (the defaults where the user changed nothing). */
  async settings(userId: number): Promise<NotificationSettingDto[]> {
    const rows = await this.em.fork().find(NotificationSetting, { user: userId });
    const saved = new Map(rows.map((row) => [row.kind, row]));
    return NOTIFICATION_KINDS.map((kind) => {
      const row = saved.get(kind);
      return { kind, ...(row ? { site: row.site, push: row.push, discordDm: row.discordDm } : NOTIFICATION_DEFAULTS[kind]) };
    });
  }

  /** Saves the channels of the kinds given (a kind named twice: the last wins); answers every kind's. */
  async saveSettings(userId: number, settings: readonly NotificationSettingDto[]): Promise<NotificationSettingDto[]> {
    await this.em.fork().transactional(async (em) => {
      for (const { kind, site, push, discordDm } of settings) {
        await em.execute(
          `insert into notification_settings (user_id, kind, site, push, discord_dm) values (?, ?, ?, ?, ?)
           on conflict (user_id, kind) do update set site = excluded.site, push = excluded.push, discord_dm = excluded.discord_dm`,
          [userId, kind, site, push, discordDm],
        );
      }
    });
    return this.settings(userId);
  }

  /** Deletes notifications older than the retention; returns how many. */
  async prune(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
    return this.em.fork().nativeDelete(Notification, { createdAt: { $lt: before } });
  }

  private async channelsOf(em: EntityManager, userIds: number[], kind: NotificationKind): Promise<Map<number, NotificationChannels>> {
    const rows = await em.find(NotificationSetting, { user: { $in: userIds }, kind });
    const saved = new Map(rows.map((row) => [row.user.id, { site: row.site, push: row.push, discordDm: row.discordDm }]));
    return new Map(userIds.map((userId) => [userId, saved.get(userId) ?? NOTIFICATION_DEFAULTS[kind]]));
  }
}

function toDto(row: Notification): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
