/**
 * The Discord role sync (admins): the league's roles — one per team, one per crew role, the licence
 * status — mirrored on the community server. A plan says what would change; applying it runs as a job.
 */
import type { CrewRole } from './roles.js';
import { route } from './http.js';

/** What a synced role stands for. */
export type SyncedRoleKind = 'team' | 'crew' | 'licence';

/** The Discord role name of each crew role. */
export const CREW_ROLE_NAMES: Record<CrewRole, string> = {
  ADMIN: 'Admin',
  ORGANIZER: 'Organizer',
  HOST: 'Host',
  RACE_DIRECTOR: 'Race Director',
  HEAD_STEWARD: 'Head Steward',
  RACE_STEWARD: 'Race Steward',
  STEWARD: 'Steward',
};

/**
 * The licence status the server shows: drivers who hold NEW (they have not passed an assessment race;
 * an organizer's promotion, `DriverPromoted`, removes it) are Rookies until then.
 */
export const LICENCE_ROLE_NAMES = { NEW: 'Rookie' } as const;

/** A Discord member the plan names. */
export interface RoleSyncMember {
  discordId: string;
  /** The league's name for them (else their Discord name). */
  name: string;
}

/**
 * One league role and what applying the plan does to its Discord role: `create` a new one, `adopt` a
 * Discord role of the same name the league did not create (kept when the league stops using it),
 * `update` its name or colour, or `keep` it; then add and remove members.
 */
export interface RoleSyncChange {
  /** `team:<id>`, `crew:<ROLE>` or `licence:NEW`. */
  key: string;
  kind: SyncedRoleKind;
  name: string;
  /** `#rrggbb`, or null for Discord's default colour. */
  colour: string | null;
  action: 'create' | 'adopt' | 'update' | 'keep';
  /** The Discord role, null until it is created. */
  discordRoleId: string | null;
  add: RoleSyncMember[];
  remove: RoleSyncMember[];
}

/** A Discord role the league no longer uses: deleted when the league created it, else only no longer managed. */
export interface RoleSyncRemoval {
  key: string;
  name: string;
  discordRoleId: string;
  action: 'delete' | 'release';
}

export interface RoleSyncPlan {
  /** Names this plan: applying sends it back, and is refused when the plan has changed since. */
  version: string;
  /** Nothing to do: the server's roles follow the league. */
  inSync: boolean;
  /** The roles with something to do (others are left out). */
  changes: RoleSyncChange[];
  removals: RoleSyncRemoval[];
  /** How many Discord calls applying takes. */
  steps: number;
  /** League members who should hold a role but are not on the server (matched by Discord id). */
  notOnServer: RoleSyncMember[];
  computedAt: string;
}

export interface ApplyRoleSyncRequest {
  /** The plan's version the admin reviewed. */
  version: string;
}

/** The role sync job (the latest one): waiting, running with its progress, or finished. */
export interface RoleSyncRun {
  state: 'none' | 'waiting' | 'active' | 'completed' | 'failed';
  done: number;
  total: number;
  /** Why it failed (it is retried a few times before it says so). */
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

export const discordRoleRoutes = {
  /** What applying would change on the Discord server now (reads Discord). */
  'GET /admin/discord/roles/plan': route<RoleSyncPlan>('isAdmin'),
  /** Starts applying the plan reviewed (409 when it changed since); answers the job. */
  'POST /admin/discord/roles/sync': route<RoleSyncRun, ApplyRoleSyncRequest>('isAdmin'),
  /** The latest role sync job and its progress. */
  'GET /admin/discord/roles/sync': route<RoleSyncRun>('isAdmin'),
} as const;
