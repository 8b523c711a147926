/**
 * Rivals (SPEC §2 Home "Rivals (Beta)" and schedule table, §3 Rival / schedule entry / planned schedule /
 * top-for-track result, §7 Rivals calls, §9): lap-time boards per platform, rotating rivals servers,
 * picked rivals. Types and pure rules only, shared with the web client. All timestamps are UTC ISO strings.
 *
 * Routes beyond SPEC §7 (all under /api/rivals):
 * - servers: GET (isAdmin, list), POST (create), PUT /servers/{id}, DELETE /servers/{id} → RivalServerDto
 * - times: POST /times (signedIn, multipart `time` JSON RivalTimeSubmission + optional `screenshot`) → RivalTimeDto;
 *   GET /times/mine?pageNumber&pageSize (signedIn) → Page<RivalTimeDto> (the driver sees rejections and reasons);
 *   GET /times/provisional?pageNumber&pageSize (isSteward) → Page<RivalTimeDto>, oldest first;
 *   POST /times/{id}/verify, POST /times/{id}/reject {reason} (isSteward) → RivalTimeDto
 * - POST /rivals, POST /my/game/{id}?platform, POST /my/track/{id}?platform {profileId} → MyRivalDto[] (the picks of that game or track,
 *   as GET answers them); DELETE /my/game|track/{id}?platform&profileId (without profileId: every pick there) → 204
 * - GET /my/next/track/{id}: `id` is a rivals server's id (its next track)
 * - POST /import (isAdmin, by session or an admin's API key; multipart `file`, `trackId`, `carId`, `platform`?) → RivalImportResultDto
 */
import type { Page, PageParams } from './api.js';
import type { Platform } from './catalogue.js';
import { created, noContent, route, type FilePart, type FormBody } from './http.js';

/* ---- Pure rules ---- */

/** Board bands (SPEC): a time within 100 / 102 / 104 / 107 % of the leader's; slower than 107 % is `null`. */
export const RIVAL_BANDS = [100, 102, 104, 107] as const;
export type RivalBand = (typeof RIVAL_BANDS)[number];

export function bandFor(timeMs: number, leaderMs: number): RivalBand | null {
  if (leaderMs <= 0) return null;
  const percent = (timeMs / leaderMs) * 100;
  if (percent <= 100) return 100;
  return RIVAL_BANDS.find((band) => percent <= band) ?? null;
}

/** 83456 → `1:23.456`; over an hour `1:01:23.456`. */
export function lapTimeText(ms: number): string {
  const millis = ms % 1000;
  const totalSeconds = Math.floor(ms / 1000);
  const seconds = totalSeconds % 60;
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const hours = Math.floor(totalSeconds / 3600);
  const mmss = `${hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}` : minutes}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
  return mmss;
}

/** `1:47.512`, `47.512`, `1:02:03.004` or whole milliseconds → ms; null when not a lap time (0 or over 2 hours). */
export function parseLapTime(value: string | number): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= 7_200_000 ? value : null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return parseLapTime(Number(text));
  const match = /^(?:(?:(\d+):)?([0-5]?\d):)?([0-5]?\d)[.,](\d{1,3})$/.exec(text);
  if (!match) return null;
  const [, hours, minutes, seconds, fraction] = match;
  const ms = ((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60 + Number(seconds)) * 1000 + Number(fraction.padEnd(3, '0'));
  return parseLapTime(ms);
}

/** Gap to the leader as text: `+0.412`, `+1:02.003`; the leader's own row is `''`. */
export function gapText(gapMs: number): string {
  if (gapMs <= 0) return '';
  return gapMs >= 60_000 ? `+${lapTimeText(gapMs)}` : `+${(gapMs / 1000).toFixed(3)}`;
}

export const RIVAL_CONDITIONS = ['DRY', 'WET'] as const;
export type RivalConditions = (typeof RIVAL_CONDITIONS)[number];

/** Where a time came from: a server file (verified at once) or a console driver's submission (provisional until a steward decides). */
export const RIVAL_TIME_SOURCES = ['SERVER_FILE', 'SUBMISSION'] as const;
export type RivalTimeSource = (typeof RIVAL_TIME_SOURCES)[number];

export const RIVAL_TIME_STATUSES = ['PROVISIONAL', 'VERIFIED', 'REJECTED'] as const;
export type RivalTimeStatus = (typeof RIVAL_TIME_STATUSES)[number];

/** Default and candidate page sizes (SPEC §9: board 25, candidate lists 1000). */
export const RIVAL_BOARD_PAGE_SIZE = 25;
export const RIVAL_CANDIDATES_PAGE_SIZE = 1000;
/** How far ahead `GET /rivals/schedule/upcoming/{id}` plans (SPEC: the upcoming three days). */
export const RIVAL_UPCOMING_DAYS = 3;

/* ---- Shared small shapes ---- */

export interface RivalGameRef {
  id: number;
  name: string;
  icon: string | null;
}

/** SPEC §3 "track (id, trackName, name as variant)": `id` is the track variant's id. */
export interface RivalTrackRef {
  id: number;
  trackName: string;
  name: string;
}

export interface RivalCarRef {
  id: number;
  name: string;
  icon: string | null;
}

export interface RivalProfileRef {
  id: number;
  name: string;
}

/* ---- Schedule (servers and rotation) ---- */

/** A rotation: every `everyHours` hours from `anchor`, or daily at `dailyAt` (HH:MM UTC). */
export type RivalRotation = { kind: 'EVERY_HOURS'; everyHours: number } | { kind: 'DAILY'; dailyAt: string };

/** SPEC §3 Rivals schedule entry (`GET /api/rivals/schedule/live`, one per active server). */
export interface RivalScheduleEntryDto {
  id: number;
  serverName: string;
  /** Null while the server has no tracks. */
  currentTrack: { id: number; trackName: string; name: string } | null;
  nextTrack: { id: number; trackName: string; name: string } | null;
  /** When the next track takes over (UTC ISO). */
  rotationTime: string;
  /** The crossplay group's name, or null for a single-platform server. */
  crossplay: string | null;
  /** The platforms the server is for (one, or the crossplay group's). */
  platforms: Platform[];
  game: RivalGameRef;
}

/** SPEC §3 Planned schedule (`GET /api/rivals/schedule/upcoming/{id}`): the next three days. */
export interface RivalPlannedScheduleDto {
  id: number;
  serverName: string;
  game: RivalGameRef;
  tracks: { scheduled: string; track: RivalTrackRef }[];
}

/** Admin view of a server (`/api/rivals/servers`). */
export interface RivalServerDto {
  id: number;
  name: string;
  game: RivalGameRef;
  /** The single platform, or null when `crossplay` names the game's crossplay group. */
  platform: Platform | null;
  crossplay: string | null;
  platforms: Platform[];
  /** Track variants in rotation order. */
  tracks: RivalTrackRef[];
  rotation: RivalRotation;
  active: boolean;
  /** Index into `tracks` of the current track. */
  currentIndex: number;
  /** When the current track began and when the next one takes over (UTC ISO). */
  currentSince: string;
  rotationTime: string;
}

/** `POST /api/rivals/servers` (create) and `PUT /api/rivals/servers/{id}` (update). Exactly one of platform / crossplay. */
export interface RivalServerRequest {
  name: string;
  gameId: number;
  platform?: Platform | null;
  crossplay?: string | null;
  /** Track variant ids in rotation order (at least one, all of the game). */
  trackIds: number[];
  rotation: RivalRotation;
  active?: boolean;
}

/* ---- Boards ---- */

/** SPEC §3 Top-for-track entry. */
export interface RivalTopEntryDto {
  profile: RivalProfileRef;
  timeAsText: string;
  timeMs: number;
  provisional: boolean;
  car: RivalCarRef;
}

/** SPEC §3 Top-for-track result (`GET /api/rivals/top/{id}`): top three per platform. */
export interface RivalTopForTrackDto {
  results: Record<Platform, RivalTopEntryDto[]>;
  game: RivalGameRef;
  track: RivalTrackRef;
}

/** One row of a board page (`GET /api/rivals/track/{id}?platform&pageNumber&pageSize`). */
export interface RivalBoardEntryDto {
  id: number;
  /** 1-based on the board shown (per platform, or across all platforms when combined). */
  position: number;
  profile: RivalProfileRef;
  platform: Platform;
  car: RivalCarRef;
  timeMs: number;
  timeAsText: string;
  gapMs: number;
  gapAsText: string;
  /** Percent band to the leader (100 / 102 / 104 / 107), null past 107 %. */
  band: RivalBand | null;
  conditions: RivalConditions;
  provisional: boolean;
  setAt: string;
}

export interface RivalBoardDto extends Page<RivalBoardEntryDto> {
  game: RivalGameRef;
  track: RivalTrackRef;
  /** Null: the combined view over all platforms. */
  platform: Platform | null;
  leaderMs: number | null;
}

/* ---- Times: submission, import, stewards ---- */

/** `POST /api/rivals/times` (signed-in driver, console or PC): provisional until a steward verifies it. `proof` is multipart `screenshot` or `videoUrl`. */
export interface RivalTimeSubmission {
  trackId: number;
  carId: number;
  platform: Platform;
  /** The lap as text `m:ss.mmm` or milliseconds. */
  time: string | number;
  conditions: RivalConditions;
  videoUrl?: string | null;
}

/** A time as its driver or a steward sees it. */
export interface RivalTimeDto {
  id: number;
  profile: RivalProfileRef;
  platform: Platform;
  game: RivalGameRef;
  track: RivalTrackRef;
  car: RivalCarRef;
  timeMs: number;
  timeAsText: string;
  conditions: RivalConditions;
  source: RivalTimeSource;
  status: RivalTimeStatus;
  /** Proof: the screenshot's URL (`/api/images/{id}.webp`) and/or a video link. */
  screenshot: string | null;
  videoUrl: string | null;
  /** The steward's reason when rejected. */
  rejectReason: string | null;
  setAt: string;
  decidedAt: string | null;
}

/** `POST /api/rivals/times/{id}/reject`. */
export interface RivalRejectRequest {
  reason: string;
}

/**
 * `POST /api/rivals/import`'s plain text fields beside the `file`; `platform` is PC unless told. A type
 * rather than an interface so that it can be a `FormBody`'s parts (an interface has no index signature).
 */
export type RivalImportFields = {
  trackId: number;
  carId: number;
  platform?: Platform;
};

/** `POST /api/rivals/import` (multipart `file`, `trackId`, `carId`, optional `platform` default PC): what happened to each driver of the file. */
export interface RivalImportResultDto {
  format: 'ACC' | 'AC';
  track: RivalTrackRef;
  /** Best valid laps stored or kept per driver. */
  imported: { profile: RivalProfileRef; timeMs: number; timeAsText: string; improved: boolean }[];
  /** Drivers of the file with no profile of that Steam id. */
  unknownDrivers: { name: string; platformId: string | null }[];
  /** Drivers with no valid lap. */
  withoutValidLap: string[];
}

/* ---- Picking rivals (SPEC §3 Rival, §7) ---- */

/** SPEC §3 Rival (`POST/DELETE /api/rivals` body): rivals picked for a game, or for one track when `trackId` is set. */
export interface RivalRequest {
  profileId: number;
  gameId: number;
  trackId?: number | null;
  platform: Platform;
}

/** `POST /api/rivals/my/game|track/{id}?platform` body: who. */
export interface RivalPickRequest {
  profileId: number;
}

/** The platform asked about (`?platform`) by the picks and my-track calls. */
export interface RivalPlatformQuery {
  platform: Platform;
}

/** `DELETE /api/rivals/my/game|track/{id}?platform&profileId`: without profileId, every pick there goes. */
export interface RivalUnpickQuery extends RivalPlatformQuery {
  profileId?: number;
}

/** A picked rival as `/api/rivals/my/...` lists it, with their best on the track asked about (if any) and the gap to mine. */
export interface MyRivalDto {
  id: number;
  profile: RivalProfileRef;
  gameId: number;
  /** Null: picked for the whole game. */
  trackId: number | null;
  platform: Platform;
  best: { timeMs: number; timeAsText: string; provisional: boolean; car: RivalCarRef } | null;
  /** Their best minus mine (negative: they are faster); null when either has no time there. */
  gapMs: number | null;
}

/** `GET /api/rivals/me/track/{id}?platform`: my best on the board and my rivals there. */
export interface MyTrackDto {
  track: RivalTrackRef;
  game: RivalGameRef;
  platform: Platform;
  best: RivalBoardEntryDto | null;
  rivals: MyRivalDto[];
}

/** `GET /api/rivals/my/next/track/{id}?platform`: the same for the server's next track. */
export type MyNextTrackDto = MyTrackDto;

/** A driver who may be picked (candidates lists, page size 1000). */
export interface RivalCandidateDto {
  profile: RivalProfileRef;
  platform: Platform;
  /** Their best on the board asked about (track candidates), else null. */
  best: { timeMs: number; timeAsText: string; provisional: boolean } | null;
  picked: boolean;
}

export type RivalCandidatesPage = Page<RivalCandidateDto>;

/* ---- Routes ---- */

/** A board page's query: without `platform` the combined view of all platforms. */
export type RivalBoardQuery = PageParams & { platform?: Platform };

export const rivalRoutes = {
  'GET /rivals/schedule/live': route<RivalScheduleEntryDto[]>('public'),
  /** The next three days of a server (signed-in users: visitors are asked to log in). */
  'GET /rivals/schedule/upcoming/:id': route<RivalPlannedScheduleDto>('signedIn'),
  'GET /rivals/servers': route<RivalServerDto[]>('isAdmin'),
  'POST /rivals/servers': created<RivalServerDto, RivalServerRequest>('isAdmin'),
  'PUT /rivals/servers/:id': route<RivalServerDto, RivalServerRequest>('isAdmin'),
  'DELETE /rivals/servers/:id': noContent('isAdmin'),
  /** A board page: 25 rows by default; without `platform` the combined view of all platforms. */
  'GET /rivals/track/:id': route<RivalBoardDto, undefined, RivalBoardQuery>('public'),
  'GET /rivals/top/:id': route<RivalTopForTrackDto>('public'),
  /** Multipart: `time` (JSON) and an optional `screenshot` image; or a `videoUrl` in the JSON. Provisional until a steward decides. */
  'POST /rivals/times': created<RivalTimeDto, FormBody<{ time: RivalTimeSubmission; screenshot?: FilePart }>>('signedIn'),
  /** My times, newest first, with stewards' decisions and reasons. */
  'GET /rivals/times/mine': route<Page<RivalTimeDto>, undefined, PageParams>('signedIn'),
  'GET /rivals/times/provisional': route<Page<RivalTimeDto>, undefined, PageParams>('isSteward'),
  'POST /rivals/times/:id/verify': route<RivalTimeDto>('isSteward'),
  'POST /rivals/times/:id/reject': route<RivalTimeDto, RivalRejectRequest>('isSteward'),
  /** Multipart: `file` (ACC or Assetto Corsa result JSON, UTF-16LE or UTF-8) and the plain text fields `trackId`, `carId`, optional `platform`. Times are verified at once. */
  'POST /rivals/import': route<RivalImportResultDto, FormBody<RivalImportFields & { file: Blob }>>('isAdmin'),
  'GET /rivals/me/track/:id': route<MyTrackDto, undefined, RivalPlatformQuery>('signedIn'),
  'POST /rivals': created<MyRivalDto[], RivalRequest>('signedIn'),
  'DELETE /rivals': noContent<RivalRequest>('signedIn'),
  'GET /rivals/my/game/:id': route<MyRivalDto[], undefined, RivalPlatformQuery>('signedIn'),
  'POST /rivals/my/game/:id': created<MyRivalDto[], RivalPickRequest, RivalPlatformQuery>('signedIn'),
  'DELETE /rivals/my/game/:id': noContent<undefined, RivalUnpickQuery>('signedIn'),
  'GET /rivals/my/track/:id': route<MyRivalDto[], undefined, RivalPlatformQuery>('signedIn'),
  'POST /rivals/my/track/:id': created<MyRivalDto[], RivalPickRequest, RivalPlatformQuery>('signedIn'),
  'DELETE /rivals/my/track/:id': noContent<undefined, RivalUnpickQuery>('signedIn'),
  /** `:id` is a rivals server: me and my rivals on its next track. */
  'GET /rivals/my/next/track/:id': route<MyNextTrackDto, undefined, RivalPlatformQuery>('signedIn'),
  'GET /rivals/candidates': route<RivalCandidatesPage, undefined, PageParams>('signedIn'),
  'GET /rivals/games/track/:id/candidates': route<RivalCandidatesPage, undefined, PageParams & RivalPlatformQuery>('signedIn'),
} as const;

/* ---- Push messages (see client-events.ts) ---- */

/** `rivals.schedule.changed` to everyone: servers rotated or were edited. */
export interface RivalsScheduleChangedMessage {
  serverIds: number[];
}

/** `rivals.time.changed` to everyone: a board changed (time set, verified or rejected). */
export interface RivalTimeChangedMessage {
  trackId: number;
  gameId: number;
  platform: Platform;
  profileId: number;
  status: RivalTimeStatus;
}

/** `rivals.beaten` to `user:<id>` of the beaten driver. */
export interface RivalBeatenMessage {
  rival: RivalProfileRef;
  track: RivalTrackRef;
  platform: Platform;
  /** The game of the board (the notice links to `/rivals/{platform}/{game}/{track}`). */
  gameId: number;
  rivalTimeAsText: string;
  yourTimeAsText: string;
}

/** `rivals.queue.changed` to `flag:isSteward`: the provisional queue changed. */
export interface RivalQueueChangedMessage {
  timeId: number;
  status: RivalTimeStatus;
}
