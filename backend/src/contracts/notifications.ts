/**
 * The notification centre (issue #27): the kinds of notification, their default channels, what the
 * centre lists and the per-kind settings on the profile, and their routes.
 */
import type { Page, PageParams } from './api.js';
import { route } from './http.js';

/** What a notification is about; each kind is written by one domain-event subscriber (or the race reminder job). */
export const NOTIFICATION_KINDS = [
  'race-starting',
  'results-posted',
  'standings-changed',
  'rival-beaten',
  'ticket-filed',
  'ticket-decided',
  'appeal-heard',
  'team-invite',
  'lineup-set',
  'outbid',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How the settings and the centre name each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'race-starting': 'A race you joined starts in 30 minutes',
  'results-posted': 'Results posted for a race you raced',
  'standings-changed': 'Your standings position changed',
  'rival-beaten': 'A rival beat your time (verified times)',
  'ticket-filed': 'A ticket was filed against you',
  'ticket-decided': 'A ticket of yours was decided',
  'appeal-heard': 'An appeal of your ticket was heard',
  'team-invite': 'A team invited you',
  'lineup-set': 'You were put in a race line-up',
  outbid: 'You were outbid in the bidding market',
};

/** Where a notification goes: listed in the centre (site), a browser push, a Discord direct message. */
export interface NotificationChannels {
  site: boolean;
  push: boolean;
  discordDm: boolean;
}

/** The channels of a kind nobody changed: everything in the centre; pushes and DMs for what is urgent or personal. */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, NotificationChannels> = {
  'race-starting': { site: true, push: true, discordDm: true },
  'results-posted': { site: true, push: false, discordDm: false },
  'standings-changed': { site: true, push: false, discordDm: false },
  'rival-beaten': { site: true, push: true, discordDm: false },
  'ticket-filed': { site: true, push: true, discordDm: true },
  'ticket-decided': { site: true, push: true, discordDm: true },
  'appeal-heard': { site: true, push: true, discordDm: true },
  'team-invite': { site: true, push: true, discordDm: true },
  'lineup-set': { site: true, push: true, discordDm: false },
  outbid: { site: true, push: true, discordDm: false },
};

/** How long a notification is kept. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/** One notification of the centre; `link` is a path of the site. */
export interface NotificationDto {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  /** When it was marked read (null: unread). */
  readAt: string | null;
}

export interface UnreadCountDto {
  unread: number;
}

/** One kind's channels, as the profile's settings show and save them. */
export interface NotificationSettingDto extends NotificationChannels {
  kind: NotificationKind;
}

/** `PUT /api/notifications/settings`: the kinds to change (others keep theirs). */
export interface NotificationSettingsBody {
  settings: NotificationSettingDto[];
}

export const notificationRoutes = {
  /** The caller's notifications, newest first. */
  'GET /notifications': route<Page<NotificationDto>, undefined, PageParams>('signedIn'),
  /** The caller's unread count (the header's bell). */
  'GET /notifications/unread': route<UnreadCountDto>('signedIn'),
  /** Marks one of the caller's notifications read (another's: 404); answers the unread count. */
  'POST /notifications/:id/read': route<UnreadCountDto>('signedIn'),
  /** Marks every notification of the caller read. */
  'POST /notifications/read': route<UnreadCountDto>('signedIn'),
  /** Every kind with the caller's channels (the defaults where unchanged). */
  'GET /notifications/settings': route<NotificationSettingDto[]>('signedIn'),
  'PUT /notifications/settings': route<NotificationSettingDto[], NotificationSettingsBody>('signedIn'),
} as const;
