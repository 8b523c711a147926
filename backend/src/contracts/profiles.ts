/**
 * Driver profiles (SPEC §3 Profile, §7 "Profile and teams") shared with the web client: the shapes,
 * and the pure rules — which field holds the id of which platform, the per-field limits with their
 * messages, and when a profile is complete — and its REST routes. Types and pure functions only.
 */
import type { DriverProfile, Page, PageParams, TeamRef } from './api.js';
import type { Platform } from './catalogue.js';
import { route } from './http.js';
import type { CrewRole, Role } from './roles.js';
import type { TeamDriverEntry } from './teams.js';

export const DRIVER_NUMBER_MIN = 1;
export const DRIVER_NUMBER_MAX = 999;
/** The number that may be kept for the reigning champion (the `championNumber` setting). */
export const CHAMPION_NUMBER = 1;
export { PRIVATE_DRIVER } from './driver-name.js';

export type PlatformIdField = 'steamUsername' | 'xboxUsername' | 'psnName';

/** Which profile field holds the driver's id on each platform. */
export const PLATFORM_ID_FIELD: Record<Platform, PlatformIdField> = {
  PC: 'steamUsername',
  XBOX: 'xboxUsername',
  PLAYSTATION: 'psnName',
};

export interface TextRule {
  min: number;
  max: number;
  pattern: RegExp;
  /** The human message when the value breaks the rule. */
  message: string;
}

/** The limits of each text field of a profile: one place, used by the API's DTOs and the form alike. */
export const PROFILE_TEXT_RULES = {
  xboxUsername: {
    min: 3,
    max: 15,
    pattern: /^[A-Za-z][A-Za-z0-9 ]{2,14}$/,
    message: 'An Xbox gamertag has 3 to 15 letters, digits or spaces and starts with a letter',
  },
  psnName: {
    min: 3,
    max: 16,
    pattern: /^[A-Za-z][A-Za-z0-9_-]{2,15}$/,
    message: 'A PSN online id has 3 to 16 letters, digits, hyphens or underscores and starts with a letter',
  },
  steamId: {
    min: 17,
    max: 17,
    pattern: /^7656119\d{10}$/,
    message: 'A SteamID64 is the 17-digit number in your Steam profile’s address, starting 7656119',
  },
  steamUsername: {
    min: 2,
    max: 32,
    pattern: /^\S(.{0,30}\S)?$/u,
    message: 'A Steam name has 2 to 32 characters and does not start or end with a space',
  },
  alternativeName: {
    min: 2,
    max: 32,
    pattern: /^\S(.{0,30}\S)?$/u,
    message: 'An alternative name has 2 to 32 characters',
  },
  name: {
    min: 2,
    max: 64,
    pattern: /^\S(.{0,62}\S)?$/u,
    message: 'A name has 2 to 64 characters',
  },
} as const satisfies Record<string, TextRule>;
export type ProfileTextField = keyof typeof PROFILE_TEXT_RULES;

/** The message for a text value that breaks its field's rule, or null when it is fine (empty is fine: it clears the field). */
export function textFieldProblem(field: ProfileTextField, value: string | null | undefined): string | null {
  if (value == null || value.trim() === '') return null;
  const rule: TextRule = PROFILE_TEXT_RULES[field];
  return value.length >= rule.min && value.length <= rule.max && rule.pattern.test(value) ? null : rule.message;
}

export function driverNumberProblem(value: number | null | undefined): string | null {
  if (value == null) return null;
  return Number.isInteger(value) && value >= DRIVER_NUMBER_MIN && value <= DRIVER_NUMBER_MAX
    ? null
    : `A driver number is a whole number from ${DRIVER_NUMBER_MIN} to ${DRIVER_NUMBER_MAX}`;
}

export function numberTakenMessage(driverNumber: number): string {
  return `Number ${driverNumber} is taken`;
}

export interface CompletionInput {
  driverNumber?: number | null;
  platforms?: readonly Platform[] | null;
  xboxUsername?: string | null;
  steamUsername?: string | null;
  steamId?: string | null;
  psnName?: string | null;
}

/** What a profile still lacks to be complete, in words for the form (empty when complete). */
export function missingForCompletion(profile: CompletionInput): string[] {
  const missing: string[] = [];
  if (profile.driverNumber == null) missing.push('a driver number');
  const platforms = profile.platforms ?? [];
  if (!platforms.length) missing.push('a platform you race on');
  else if (!platforms.some((platform) => !!profile[PLATFORM_ID_FIELD[platform]]?.trim() || (platform === 'PC' && !!profile.steamId?.trim()))) {
    missing.push(`your id on ${platforms.map((platform) => PLATFORM_LABEL[platform]).join(' or ')}`);
  }
  return missing;
}

/** A profile is complete when it has a number and an id on at least one platform the driver races on (SPEC §4 lets them in then). */
export function isProfileComplete(profile: CompletionInput): boolean {
  return missingForCompletion(profile).length === 0;
}

export const PLATFORM_LABEL: Record<Platform, string> = { PC: 'PC (Steam)', XBOX: 'Xbox', PLAYSTATION: 'PlayStation' };

export const SOCIAL_NETWORKS = ['twitch', 'youtube', 'tiktok', 'instagram', 'x', 'facebook'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;
export const SOCIAL_LABEL: Record<SocialNetwork, string> = {
  twitch: 'Twitch',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  instagram: 'Instagram',
  x: 'X',
  facebook: 'Facebook',
};

export interface GameRefDto {
  id: number;
  name: string;
}

export interface NameChangeDto {
  /** The name shown before the change (without the number). */
  name: string;
  changedAt: string;
}

/** `GET /api/profile`: the caller's whole profile, as the Profile page edits it. */
export interface MyProfileDto extends DriverProfile {
  /** Display name of SPEC §3. */
  driverName: string;
  /** What still keeps the profile incomplete, in words. */
  missing: string[];
  /** ISO 3166-1 alpha-2, e.g. `NL`. */
  country: string | null;
  /** IANA time zone, e.g. `Europe/Amsterdam`. */
  timeZone: string | null;
  platforms: Platform[];
  games: GameRefDto[];
  socials: SocialLinks;
  /** Visitors see "Private driver" instead of the profile. */
  hidden: boolean;
  nameHistory: NameChangeDto[];
}

/** `GET /api/profile/{id}`: the public profile; a hidden one shows only `hidden` and "Private driver" to others. */
export interface PublicProfileDto {
  id: number;
  hidden: boolean;
  driverName: string;
  driverNumber: number | null;
  country: string | null;
  platforms: Platform[];
  /** The id on each platform raced on. */
  platformIds: Partial<Record<Platform, string>>;
  games: GameRefDto[];
  socials: SocialLinks;
  nameHistory: NameChangeDto[];
  /** Whether the driver is still NEW (has not passed an assessment race). */
  isNew: boolean;
  profileCompleted: boolean;
}

/** One row of the Grid and the Crew page. */
export interface DriverListItemDto {
  id: number;
  driverName: string;
  driverNumber: number | null;
  hidden: boolean;
  country: string | null;
  platforms: Platform[];
  teams: TeamRef[];
  /** The crew roles held (on the Crew page); other roles are not listed. */
  crewRoles: CrewRole[];
}

export type DriverPage = Page<DriverListItemDto>;

/** A driver's record, computed from posted results; zeros (and null average) until results exist. */
export interface StatsSummaryDto {
  profileId: number;
  starts: number;
  wins: number;
  podiums: number;
  poles: number;
  fastestLaps: number;
  dnfs: number;
  /** Mean finishing position of classified finishes, or null without any. */
  averageFinish: number | null;
  points: number;
}

/** `GET /api/profile/{id}/events`: the events the driver entered, newest first. */
export interface ProfileEventDto {
  eventId: number;
  name: string;
  date: string;
  assessmentEvent: boolean;
  team: TeamRef | null;
}

/** `GET /api/profile/{id}/results`: results grouped by season (empty until competitions post results). */
/** Another driver of the car in a result: a league driver (null id when hidden or a guest) by name. */
export interface CarMateDto {
  profileId: number | null;
  driverName: string;
}

export interface SeasonResultsDto {
  seasonId: number;
  seasonName: string;
  competitionName: string;
  /** `coDrivers`: who else drove the car in the round's races (empty when the driver drove alone). */
  results: { eventId: number; eventName: string; date: string; position: number | null; points: number; coDrivers: CarMateDto[] }[];
}

/* ---- Request shapes: the API's DTOs implement them. ---- */

/**
 * `PATCH /api/profile`: any of the fields; absent fields stay, `null` (or empty text) clears one.
 * The narrower PATCH routes (`/account`, `/connections`, `/socials`, `/games`) take their part of it.
 */
export interface ProfileUpdateRequest {
  driverNumber?: number | null;
  name?: string | null;
  alternativeName?: string | null;
  xboxUsername?: string | null;
  steamUsername?: string | null;
  /** The SteamID64 (17 digits): how result files name a Steam driver; never shown as the driver's name. */
  steamId?: string | null;
  psnName?: string | null;
  country?: string | null;
  timeZone?: string | null;
  hidden?: boolean;
  platforms?: Platform[];
  gameIds?: number[];
  socials?: SocialLinks;
}

/** `PATCH /api/profile/account`: where the driver is, and whether visitors see the profile. */
export type AccountUpdateRequest = Pick<ProfileUpdateRequest, 'name' | 'country' | 'timeZone' | 'hidden'>;
/** `PATCH /api/profile/connections`: the platform ids. */
export type ConnectionsUpdateRequest = Pick<ProfileUpdateRequest, 'xboxUsername' | 'steamUsername' | 'steamId' | 'psnName'>;
/** `PATCH /api/profile/socials`. */
export interface SocialsUpdateRequest {
  socials: SocialLinks;
}
/** `PATCH /api/profile/games`: the games and platforms raced on. */
export type GamesUpdateRequest = Pick<ProfileUpdateRequest, 'platforms' | 'gameIds'>;

/** `POST /api/profile/promote`: the driver passed their assessment race. */
export interface PromoteRequest {
  profileId: number;
}

/** The promoted driver's roles, without NEW. */
export interface PromotedDriver {
  profileId: number;
  roles: Role[];
}

/** `PUT /api/profile/championNumber`: who keeps number 1 (null: nobody, it is free). */
export interface ChampionNumberRequest {
  profileId: number | null;
}

/** `GET /api/profile/list` filters. `roles` is a comma-separated list of roles, or a Crew filter value. */
export interface DriverListFilter {
  roles?: string;
  platform?: Platform | 'ALL';
  game?: number;
  team?: number;
  search?: string;
}

export const profileRoutes = {
  /** The caller's own profile, as the Profile page edits it (made empty on first visit). */
  'GET /profile': route<MyProfileDto>('signedIn'),
  /** Any fields of the profile; `profileCompleted` follows. 409 when a number or platform id is taken. */
  'PATCH /profile': route<MyProfileDto, ProfileUpdateRequest>('signedIn'),
  'PATCH /profile/account': route<MyProfileDto, AccountUpdateRequest>('signedIn'),
  'PATCH /profile/connections': route<MyProfileDto, ConnectionsUpdateRequest>('signedIn'),
  'PATCH /profile/socials': route<MyProfileDto, SocialsUpdateRequest>('signedIn'),
  'PATCH /profile/games': route<MyProfileDto, GamesUpdateRequest>('signedIn'),
  /** Numbers other drivers hold (and 1 while it is kept for the champion), for the form to show before saving. */
  'GET /profile/takenDriverNumbers': route<number[]>('signedIn'),
  /** The Grid (complete profiles) and, with `roles`, the Crew; 0-based pages of 25 by default. */
  'GET /profile/list': route<DriverPage, undefined, PageParams & DriverListFilter>('public'),
  /** Removes NEW from a driver after their assessment race (organizers); the driver's menus change live. */
  'POST /profile/promote': route<PromotedDriver, PromoteRequest>('isOrganizer'),
  /** Keeps number 1 for the reigning champion, or frees it (admins); answers who keeps it now. */
  'PUT /profile/championNumber': route<ChampionNumberRequest, ChampionNumberRequest>('isAdmin'),
  /** A driver's public profile; a hidden one is "Private driver" to visitors. */
  'GET /profile/:id': route<PublicProfileDto>('public'),
  /** SPEC §3's team-driver entry of the driver, or `{driverTeam: null}`. */
  'GET /profile/:id/team': route<TeamDriverEntry | { driverTeam: null }>('public'),
  /** Every team the driver drives for (at most one per game). */
  'GET /profile/:id/teams': route<TeamDriverEntry[]>('public'),
  'GET /profile/:id/events': route<ProfileEventDto[]>('public'),
} as const;
