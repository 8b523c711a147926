/** Shapes of events, attendance, videos and the live event (SPEC §3, §7 Events), and their pure rules. */
import type { Page, PageParams, SortRequest } from './api.js';
import type { GameDto, Platform, TrackRef } from './catalogue.js';
import { noContent, route, type FilePart, type FormBody } from './http.js';

export const COMPETITION_STYLES = ['SOLO', 'TEAM', 'LVL'] as const;
export type CompetitionStyle = (typeof COMPETITION_STYLES)[number];
export const CAR_TUNING_RULES = ['ALLOWED', 'DISALLOWED'] as const;
export type CarTuningRule = (typeof CAR_TUNING_RULES)[number];
export const CAR_UPGRADE_RULES = ['ALLOWED', 'DISALLOWED', 'HOMOLOGATED'] as const;
export type CarUpgradeRule = (typeof CAR_UPGRADE_RULES)[number];
export const RACE_EVENT_TYPES = ['PRACTICE', 'SPRINT', 'RACE', 'FEATURE', 'ENDURANCE'] as const;
export type RaceEventType = (typeof RACE_EVENT_TYPES)[number];

export interface RaceDto {
  id: number;
  raceEventType: RaceEventType;
  track: TrackRef | null;
  laps: number | null;
  /** Minutes. */
  length: number | null;
}

export interface QualifyDto {
  track: TrackRef | null;
  laps: number | null;
  /** Minutes. */
  length: number | null;
}

export interface RaceEventDto {
  id: number;
  track: TrackRef | null;
  /** A track outside the catalogue, shown when set (SPEC §2 next-race label). */
  externalTrackName: string | null;
  qualifyEnabled: boolean;
  qualify: QualifyDto | null;
  races: RaceDto[];
}

/** The season an event is a round of (SPEC §3): its competition, and the competition's game with its icon. */
export interface EventSeasonDto {
  id: number;
  competition: { id: number; name: string };
  /** The series' game (the event's own when the series names none); REST and GraphQL always send it. */
  game?: { id: number; name: string; icon: string | null };
}

/** An event as every list and page shows it. */
export interface EventDto {
  id: number;
  name: string;
  /** UTC, ISO 8601. */
  date: string;
  assessmentEvent: boolean;
  published: boolean;
  /** Competitions link events to seasons; null for individual and assessment events. */
  season: EventSeasonDto | null;
  game: GameDto;
  platforms: Platform[];
  seats: number;
  competitionStyle: CompetitionStyle;
  carTuningRule: CarTuningRule;
  carUpgradeRule: CarUpgradeRule;
  stewarded: boolean;
  leaderboardsEnabled: boolean;
  /** TEAM and LVL events: a team races with this many drivers at least … */
  teamSizeMin: number;
  /** … and at most. */
  teamSizeMax: number;
  /** Captains set their line-ups until this many minutes before the start. */
  lineupLockMinutes: number;
  /** `https://www.youtube.com/watch?v={id}`, or null. */
  youtubeUrl: string | null;
  icon: string | null;
  raceEvents: RaceEventDto[];
  attendanceCount: number;
  seatsLeft: number;
  /** Whether the event is the live event right now. */
  live: boolean;
}

/** A driver in an event (`GET /api/events/{id}/drivers`, and `attendance` of an event's details). */
export interface AttendeeDto {
  profileId: number;
  driverNumber: number | null;
  driverName: string;
  team: { id: number; name: string } | null;
}

/** `GET /api/events/{id}` and `GET /api/events/assessment/{id}`. */
export interface EventDetailsDto extends EventDto {
  attendance: AttendeeDto[];
}

/** The answer to an attendance change (`event.attendance.changed` carries the same numbers and the attendees). */
export interface AttendanceCountDto {
  eventId: number;
  attendanceCount: number;
  seatsLeft: number;
}

export interface MyAttendanceDto extends AttendanceCountDto {
  attending: boolean;
}

/** A Video entry (SPEC §3). */
export interface VideoDto {
  eventId: number;
  eventName: string;
  /** UTC, ISO 8601. */
  eventDate: string;
  youtubeUrl: string;
  videoId: string;
  /** Privacy-enhanced embed: `https://www.youtube-nocookie.com/embed/{id}`. */
  embedUrl: string;
}

export const LIVE_STREAM_PROVIDERS = ['YOUTUBE', 'TWITCH'] as const;
export type LiveStreamProvider = (typeof LIVE_STREAM_PROVIDERS)[number];
export interface LiveStream {
  provider: LiveStreamProvider;
  /** YouTube video id or Twitch channel name. */
  id: string;
  url: string;
}

/** `GET /api/events/mynext`: the caller's next event, or null. */
export interface MyNextEventDto {
  event: EventDto | null;
}

/** `GET /api/live`: the live event and its stream, or both null. */
export interface LiveDto {
  event: EventDetailsDto | null;
  stream: LiveStream | null;
}

/* ---- Request shapes: what the client sends; the API's validated DTOs implement them. ---- */

/** A reference to another record by id, e.g. `game: {"id": 3}`. */
export interface IdRefRequest {
  id: number;
}

/** How long a session runs: laps, minutes, or both. */
export interface SessionLengthRequest {
  laps?: number | null;
  /** Minutes. */
  length?: number | null;
}

export interface RaceRequest extends SessionLengthRequest {
  raceEventType: RaceEventType;
  /** A track variant; defaults to the race event's track. */
  track?: IdRefRequest | null;
}

export interface QualifyRequest extends SessionLengthRequest {
  track?: IdRefRequest | null;
}

export interface RaceEventRequest {
  /** A track variant (`GET /api/games/{id}/tracks`). */
  track?: IdRefRequest | null;
  externalTrackName?: string | null;
  qualifyEnabled?: boolean;
  qualify?: QualifyRequest | null;
  races: RaceRequest[];
}

/** The `event` part of `PUT /api/events/individual` and `PUT /api/events/assessment`: with `id` it updates that event. */
export interface EventRequest {
  id?: number;
  name: string;
  /** ISO 8601 with a time zone; stored in UTC. */
  date: string;
  game: IdRefRequest;
  platforms: Platform[];
  seats: number;
  competitionStyle: CompetitionStyle;
  carTuningRule: CarTuningRule;
  carUpgradeRule: CarUpgradeRule;
  stewarded?: boolean;
  leaderboardsEnabled?: boolean;
  /** TEAM and LVL events: drivers per team, at least (default 1) … */
  teamSizeMin?: number;
  /** … and at most (default 4). */
  teamSizeMax?: number;
  /** Line-ups lock this many minutes before the start (default 0: at the start). */
  lineupLockMinutes?: number;
  youtubeUrl?: string | null;
  raceEvents: RaceEventRequest[];
}

/** Query filters of the public lists (`GET /api/events/planned|past`), beside `pageNumber` and `pageSize`. */
export interface EventListFilterRequest {
  gameId?: number;
  platform?: Platform | 'ALL';
}

/** What the organizers' search lists sort by. */
export type EventSortField = 'date' | 'name' | 'seats' | 'createdAt' | 'published';
export type EventSortRequest = SortRequest<EventSortField>;

/** Body of the organizers' search lists (`POST /api/events/individual|assessment`): filters and sort. */
export interface EventSearchRequest {
  /** Part of the name, any case. */
  name?: string;
  gameId?: number;
  platform?: Platform;
  published?: boolean;
  /** Only events from this time on (ISO 8601). */
  from?: string;
  /** Only events before this time (ISO 8601). */
  to?: string;
  sort?: EventSortRequest[];
}

/** `?publish&sendNotification` of `GET /api/events/{id}/publish`. */
export interface PublishRequest {
  /** Default true; false unpublishes. */
  publish?: boolean;
  /** Default false. */
  sendNotification?: boolean;
}

/** `PUT /api/events/{id}/single/attendance`. */
export interface MyAttendanceRequest {
  attending: boolean;
}

/** `PUT /api/events/{id}/attendance` (organizers). */
export interface DriverAttendanceRequest {
  profileId: number;
  attending: boolean;
}

/** `POST /api/events/{id}/attendance/team` (the team's captain) and `PUT` (organizers): exactly the team's drivers in the event. */
export interface TeamAttendanceRequest {
  teamId: number;
  profileIds: number[];
}

/** `PUT /api/events/{id}/live`. */
export interface LiveRequest {
  streamUrl: string;
}

/** `POST /api/events/youtube/{id}`. */
export interface YoutubeRequest {
  youtubeUrl: string;
}

/** The multipart body of `PUT /api/events/individual|assessment`: the event as JSON and an optional icon. */
export type EventForm = FormBody<{ event: EventRequest; icon?: FilePart }>;

export const eventRoutes = {
  /** Upcoming published events, soonest first; filters `gameId` and `platform` (ALL, PC, XBOX, PLAYSTATION). */
  'GET /events/planned': route<Page<EventDto>, undefined, PageParams & EventListFilterRequest>('public'),
  /** Published events that have started, latest first; same filters. */
  'GET /events/past': route<Page<EventDto>, undefined, PageParams & EventListFilterRequest>('public'),
  'GET /events/mynext': route<MyNextEventDto>('signedIn'),
  'GET /events/assessment/planned': route<Page<EventDto>, undefined, PageParams & EventListFilterRequest>('public'),
  'GET /events/assessment/:id': route<EventDetailsDto>('public'),
  /** Multipart: `event` (with `id` it updates) and an optional `icon`. New events are unpublished. */
  'PUT /events/individual': route<EventDetailsDto, EventForm>('isOrganizer'),
  'PUT /events/assessment': route<EventDetailsDto, EventForm>('isOrganizer'),
  /** Organizers' list of individual events, published or not: filters and sort in the body. */
  'POST /events/individual': route<Page<EventDto>, EventSearchRequest, PageParams>('isOrganizer'),
  'POST /events/assessment': route<Page<EventDto>, EventSearchRequest, PageParams>('isOrganizer'),
  /** One event with `attendance` (who is in); unpublished events only for organizers. */
  'GET /events/:id': route<EventDetailsDto>('public'),
  'GET /events/:id/drivers': route<AttendeeDto[]>('public'),
  /** Publishes (or unpublishes); `sendNotification=true` announces it on Discord. A GET that changes state (SPEC §7). */
  'GET /events/:id/publish': route<EventDto, undefined, PublishRequest>('isOrganizer'),
  /** The caller joins or leaves the event; 409 when full, started, or a TEAM or LVL event. */
  'PUT /events/:id/single/attendance': route<MyAttendanceDto, MyAttendanceRequest>('signedIn'),
  'PUT /events/:id/attendance': route<AttendanceCountDto, DriverAttendanceRequest>('isOrganizer'),
  /** A captain sets exactly which team drivers race this TEAM or LVL event (none withdraws the team), until the line-up locks. */
  'POST /events/:id/attendance/team': route<AttendanceCountDto, TeamAttendanceRequest>('isTeamCaptain'),
  /** Organizers adjust a team's drivers at any time (never past the largest team). */
  'PUT /events/:id/attendance/team': route<AttendanceCountDto, TeamAttendanceRequest>('isOrganizer'),
  'PUT /events/:id/live': route<LiveDto, LiveRequest>('isOrganizer'),
  'DELETE /events/:id/live': noContent('isOrganizer'),
  'GET /events/youtube/latest': route<VideoDto[]>('public'),
  'GET /events/youtube/all': route<Page<VideoDto>, undefined, PageParams>('public'),
  /** Sets the event's video: YouTube URLs only, stored as the video id. */
  'POST /events/youtube/:id': route<VideoDto, YoutubeRequest>('isOrganizer'),
  /** The live event and its stream, or both null. */
  'GET /live': route<LiveDto>('public'),
} as const;

export const TEAM_SIZE_MAX = 50;
/** A week. */
export const LINEUP_LOCK_MAX_MINUTES = 10080;
export const TEAM_SIZE_DEFAULTS = { teamSizeMin: 1, teamSizeMax: 4, lineupLockMinutes: 0 } as const;

/** Whether drivers enter the event as a team (TEAM, LVL) rather than alone (SOLO). */
export const isTeamEvent = (event: { competitionStyle: CompetitionStyle }) => event.competitionStyle !== 'SOLO';

/** When captains can no longer change their line-ups: the one place this rule lives. */
export function lineupLocksAt(event: { date: string | Date; lineupLockMinutes: number }): Date {
  return new Date(new Date(event.date).getTime() - event.lineupLockMinutes * 60_000);
}

/** Seats still free: the one place this rule lives (SPEC §2: seats minus attendance count). */
export function seatsLeft(seats: number, attendanceCount: number): number {
  return Math.max(0, seats - attendanceCount);
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

function parsedUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The video id of a YouTube URL (watch, youtu.be, embed, live, shorts), or null for anything that
 * is not one. The one place YouTube URLs are read.
 */
export function parseYoutubeVideoId(text: string): string | null {
  const url = parsedUrl(text);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'live', 'shorts', 'v'].includes(first ?? '')) id = second ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const youtubeWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;
export const youtubeEmbedUrl = (videoId: string) => `https://www.youtube-nocookie.com/embed/${videoId}`;

const TWITCH_CHANNEL = /^[A-Za-z0-9_]{3,25}$/;

/** A live stream URL: a YouTube video (or live) or a Twitch channel; null for anything else. */
export function parseLiveStream(text: string): LiveStream | null {
  const videoId = parseYoutubeVideoId(text);
  if (videoId) return { provider: 'YOUTUBE', id: videoId, url: youtubeWatchUrl(videoId) };
  const url = parsedUrl(text);
  if (!url || !['twitch.tv', 'www.twitch.tv', 'm.twitch.tv'].includes(url.hostname.toLowerCase())) return null;
  const channel = url.pathname.split('/')[1] ?? '';
  if (!TWITCH_CHANNEL.test(channel) || url.pathname.split('/').filter(Boolean).length !== 1) return null;
  return { provider: 'TWITCH', id: channel.toLowerCase(), url: `https://www.twitch.tv/${channel.toLowerCase()}` };
}

/** Where to embed a live stream; Twitch needs the embedding page's host name (`parent`). */
export function liveStreamEmbedUrl(stream: LiveStream, parentHost: string): string {
  return stream.provider === 'YOUTUBE'
    ? youtubeEmbedUrl(stream.id)
    : `https://player.twitch.tv/?channel=${encodeURIComponent(stream.id)}&parent=${encodeURIComponent(parentHost)}`;
}
