/** Shapes of events, attendance, videos and the live event (SPEC §3, §7 Events), and their pure rules. */
import type { GameDto, Platform, TrackRef } from './catalogue.js';

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

/** An event as every list and page shows it. */
export interface EventDto {
  id: number;
  name: string;
  /** UTC, ISO 8601. */
  date: string;
  assessmentEvent: boolean;
  published: boolean;
  /** Competitions link events to seasons; null for individual and assessment events. */
  season: { id: number; competition: { id: number; name: string } } | null;
  game: GameDto;
  platforms: Platform[];
  seats: number;
  competitionStyle: CompetitionStyle;
  carTuningRule: CarTuningRule;
  carUpgradeRule: CarUpgradeRule;
  stewarded: boolean;
  leaderboardsEnabled: boolean;
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

/** The answer to an attendance change, and what `event.attendance.changed` carries. */
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

/** `GET /api/live`: the live event and its stream, or both null. */
export interface LiveDto {
  event: EventDetailsDto | null;
  stream: LiveStream | null;
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
