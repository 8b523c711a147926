/**
 * The audit log of staff changes (roles, results, decisions, settings, catalogue, users, events, teams, community, bidding, rivals) shared with
 * the web client: what kinds of records it names and the shape of an entry, and its route.
 */
import type { Page, PageParams } from './api.js';
import { route } from './http.js';

/** What a change was made to. */
export const AUDIT_KINDS = [
  'user',
  'game',
  'track',
  'car',
  'site-setting',
  'ticket',
  'season-stewarding',
  'race-results',
  'competition-group',
  'competition',
  'season',
  'event',
  'team',
  'affiliate',
  'headline',
  'download',
  'product',
  'bidding-round',
  'rivals-time',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How the admin screen names each kind. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  user: 'User and roles',
  game: 'Game',
  track: 'Track',
  car: 'Car',
  'site-setting': 'Site setting',
  ticket: 'Steward decision',
  'season-stewarding': 'Stewarding settings',
  'race-results': 'Race results',
  'competition-group': 'Competition group',
  competition: 'Competition',
  season: 'Season settings',
  event: 'Event',
  team: 'Team',
  affiliate: 'Affiliate',
  headline: 'Headline',
  download: 'Download',
  product: 'Merchandise',
  'bidding-round': 'Bidding round',
  'rivals-time': 'Rivals time',
};

/** One entry of `GET /api/audit`: who changed what, when, and the record before and after (null: it did not exist / no longer does). */
export interface AuditLogEntryDto {
  id: number;
  at: string;
  /** Null for a change without a signed-in author. */
  actor: { userId: number; name: string } | null;
  kind: AuditKind;
  entityId: string;
  /** A readable name of the record, as it was at the change. */
  label: string;
  /** What was done, in words: "role granted", "saved", "deleted", "decided" … */
  action: string;
  before: unknown;
  after: unknown;
}

/** The audit log's filters: who, which kind, and dates (YYYY-MM-DD, inclusive, or date-times). */
export interface AuditFilter {
  actor?: number;
  kind?: AuditKind;
  from?: string;
  to?: string;
}

export const auditRoutes = {
  /** Staff changes, newest first (admins). */
  'GET /audit': route<Page<AuditLogEntryDto>, undefined, PageParams & AuditFilter>('isAdmin'),
} as const;
