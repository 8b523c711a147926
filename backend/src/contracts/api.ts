/** Shapes of the REST contract (SPEC §3, §7, §8) shared with the web client. Types only. */
import type { Role } from './roles.js';

/** Every non-2xx body (SPEC §8, shape 1). `errors` names offending fields on validation failures. */
export interface ErrorBody {
  timestamp: string;
  status: number;
  message: string;
  path: string;
  errors?: Record<string, string[]>;
}

export interface SiteConfig {
  leagueName: string;
  discord: { authUrl: string; joinUrl: string; avatarUrl: string };
  social: { group: string; shortVideo: string; video: string; liveStream: string };
}

export interface DriverProfile {
  id: number;
  driverNumber: number | null;
  name: string | null;
  xboxUsername: string | null;
  steamUsername: string | null;
  /** The SteamID64 (17 digits) result files name the driver by. */
  steamId: string | null;
  psnName: string | null;
  alternativeName: string | null;
  profileCompleted: boolean;
}

export interface TeamRef {
  id: number;
  name: string;
}

/** Who a user is on Discord, as the league keeps it (refreshed at every sign-in). */
export interface DiscordIdentity {
  discordId: string;
  username: string;
  globalName: string | null;
  nickName: string | null;
  avatar: string | null;
  banner: string | null;
}

/** GET /api/users/me. `driverProfile` is `{}` when the user has none yet (SPEC §3). */
export interface CurrentUserDto extends DiscordIdentity {
  id: number;
  driverProfile: DriverProfile | Record<string, never>;
  roles: { role: Role }[];
  teams: TeamRef[];
}

export interface Page<T> {
  content: T[];
  pageNumber: number;
  pageSize: number;
  totalElements: number;
  totalPages: number;
}

/** The page a list request asks for (query `pageNumber`, 0-based, and `pageSize`). */
export interface PageParams {
  pageNumber?: number;
  pageSize?: number;
}

export type SortDirection = 'ASC' | 'DESC';
/** One sort key of a list request; the direction is ASC unless told, in any case. */
export interface SortRequest<F extends string = string> {
  field: F;
  direction?: SortDirection | 'asc' | 'desc';
}
/** A sort spec body (SPEC §7, e.g. `POST /api/users/page`). */
export interface SortSpec<F extends string = string> {
  sort?: SortRequest<F>[];
}

/** Body of `POST /api/users/page`: the sort spec, and optionally only the holders of one role. */
export interface UserPageRequest extends SortSpec<UserSortField> {
  role?: Role;
}
export const USER_SORT_FIELDS = ['id', 'username', 'globalName', 'nickName', 'createdAt', 'lastSeenAt', 'lastLoginAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export interface UserListItem extends DiscordIdentity {
  id: number;
  roles: Role[];
  driverNumber: number | null;
  driverName: string | null;
  createdAt: string;
  lastSeenAt: string | null;
}

export interface ApiKeyInfo {
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface RoleInfo {
  role: Role;
  description: string;
}
