/**
 * The organizer's event form as values the inputs hold, the checks with their messages, and the
 * `event` JSON the API takes (SPEC §3). Number inputs hold text until saving; empty optional
 * numbers are sent as null.
 */
import type { FieldPath } from 'react-hook-form';
import { LINEUP_LOCK_MAX_MINUTES, parseYoutubeVideoId, TEAM_SIZE_DEFAULTS, TEAM_SIZE_MAX, type EventRequest } from '@paddock/contracts/events.js';
import { fromLocalInputValue, toLocalInputValue } from '../../../components/dateTime.js';
import type { CarTuningRule, CarUpgradeRule, CompetitionStyle, EventDetailsDto, Platform, RaceEventType } from '../types.js';

export interface RaceValues {
  raceEventType: RaceEventType;
  laps: string;
  length: string;
}

export interface RaceEventValues {
  /** A track variant id as text; '' for none. */
  trackId: string;
  externalTrackName: string;
  qualifyEnabled: boolean;
  qualifyLaps: string;
  qualifyLength: string;
  races: RaceValues[];
}

export interface EventFormValues {
  id: number | null;
  name: string;
  /** `datetime-local` value in the organizer's time zone. */
  date: string;
  gameId: string;
  platforms: Platform[];
  seats: string;
  competitionStyle: CompetitionStyle;
  carTuningRule: CarTuningRule;
  carUpgradeRule: CarUpgradeRule;
  stewarded: boolean;
  leaderboardsEnabled: boolean;
  /** TEAM and LVL events: drivers per team, at least … */
  teamSizeMin: string;
  /** … and at most. */
  teamSizeMax: string;
  /** Captains' line-ups lock this many minutes before the start. */
  lineupLockMinutes: string;
  youtubeUrl: string;
  raceEvents: RaceEventValues[];
}

export const newRace = (): RaceValues => ({ raceEventType: 'RACE', laps: '', length: '' });
export const newRaceEvent = (): RaceEventValues => ({
  trackId: '',
  externalTrackName: '',
  qualifyEnabled: false,
  qualifyLaps: '',
  qualifyLength: '',
  races: [newRace()],
});

export function emptyEventForm(): EventFormValues {
  return {
    id: null,
    name: '',
    date: '',
    gameId: '',
    platforms: [],
    seats: '20',
    competitionStyle: 'SOLO',
    carTuningRule: 'ALLOWED',
    carUpgradeRule: 'ALLOWED',
    stewarded: false,
    leaderboardsEnabled: false,
    teamSizeMin: String(TEAM_SIZE_DEFAULTS.teamSizeMin),
    teamSizeMax: String(TEAM_SIZE_DEFAULTS.teamSizeMax),
    lineupLockMinutes: String(TEAM_SIZE_DEFAULTS.lineupLockMinutes),
    youtubeUrl: '',
    raceEvents: [newRaceEvent()],
  };
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function eventFormFrom(event: EventDetailsDto): EventFormValues {
  return {
    id: event.id,
    name: event.name,
    date: toLocalInputValue(event.date),
    gameId: String(event.game.id),
    platforms: [...event.platforms],
    seats: String(event.seats),
    competitionStyle: event.competitionStyle,
    carTuningRule: event.carTuningRule,
    carUpgradeRule: event.carUpgradeRule,
    stewarded: event.stewarded,
    leaderboardsEnabled: event.leaderboardsEnabled,
    teamSizeMin: String(event.teamSizeMin),
    teamSizeMax: String(event.teamSizeMax),
    lineupLockMinutes: String(event.lineupLockMinutes),
    youtubeUrl: event.youtubeUrl ?? '',
    raceEvents: event.raceEvents.map((raceEvent) => ({
      trackId: text(raceEvent.track?.id),
      externalTrackName: raceEvent.externalTrackName ?? '',
      qualifyEnabled: raceEvent.qualifyEnabled,
      qualifyLaps: text(raceEvent.qualify?.laps),
      qualifyLength: text(raceEvent.qualify?.length),
      races: raceEvent.races.map((race) => ({ raceEventType: race.raceEventType, laps: text(race.laps), length: text(race.length) })),
    })),
  };
}

/** Whole-number text to a number; '' is null (the rules below refuse anything else before saving). */
function numberOrNull(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

const idRef = (id: string) => ({ id: Number(id) });

/** The `event` part of `PUT /api/events/{individual|assessment}`, built from values the form has checked. */
export function eventBodyFrom(values: EventFormValues): EventRequest {
  return {
    ...(values.id !== null ? { id: values.id } : {}),
    name: values.name.trim(),
    date: fromLocalInputValue(values.date),
    game: idRef(values.gameId),
    platforms: values.platforms,
    seats: Number(values.seats.trim()),
    competitionStyle: values.competitionStyle,
    carTuningRule: values.carTuningRule,
    carUpgradeRule: values.carUpgradeRule,
    stewarded: values.stewarded,
    leaderboardsEnabled: values.leaderboardsEnabled,
    teamSizeMin: Number(values.teamSizeMin.trim()),
    teamSizeMax: Number(values.teamSizeMax.trim()),
    lineupLockMinutes: Number(values.lineupLockMinutes.trim()),
    youtubeUrl: values.youtubeUrl.trim() || null,
    raceEvents: values.raceEvents.map((raceEvent) => ({
      track: raceEvent.trackId ? idRef(raceEvent.trackId) : null,
      externalTrackName: raceEvent.externalTrackName.trim() || null,
      qualifyEnabled: raceEvent.qualifyEnabled,
      qualify: raceEvent.qualifyEnabled ? { laps: numberOrNull(raceEvent.qualifyLaps), length: numberOrNull(raceEvent.qualifyLength) } : null,
      races: raceEvent.races.map((race) => ({ raceEventType: race.raceEventType, laps: numberOrNull(race.laps), length: numberOrNull(race.length) })),
    })),
  };
}

/* ---- What each field accepts, in words for people (the API checks the same and more). ---- */

export const NAME_MAX = 100;
export const SEATS_MAX = 1000;
export const LAPS_MAX = 500;
export const MINUTES_MAX = 1440;

/** A check of one field: undefined when fine, else the message shown beside it. */
export type Check = (value: string) => string | undefined;

const wholeNumber = (value: string, min: number, max: number) => {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return false;
  const number = Number(trimmed);
  return number >= min && number <= max;
};

/** An optional whole number between `min` and `max`: `what` names it in the message. */
const optionalCount =
  (what: string, max: number): Check =>
  (value) =>
    value.trim() === '' || wholeNumber(value, 1, max) ? undefined : `${what} must be a whole number from 1 to ${max}, or left empty`;

export const CHECKS = {
  name: ((value) => {
    if (value.trim().length > NAME_MAX) return `Keep the name to ${NAME_MAX} characters`;
    return undefined;
  }) satisfies Check,
  date: ((value) => {
    return !value || fromLocalInputValue(value) ? undefined : 'Enter a real date and time, e.g. 04/12/2026 20:00';
  }) satisfies Check,
  seats: ((value) => (wholeNumber(value, 1, SEATS_MAX) ? undefined : `Enter the number of seats, a whole number from 1 to ${SEATS_MAX}`)) satisfies Check,
  youtubeUrl: ((value) =>
    !value.trim() || parseYoutubeVideoId(value) ? undefined : 'Paste a YouTube video link, e.g. https://www.youtube.com/watch?v=…, or leave it empty') satisfies Check,
  externalTrackName: ((value) => (value.trim().length > NAME_MAX ? `Keep the track name to ${NAME_MAX} characters` : undefined)) satisfies Check,
  teamSizeMin: ((value) =>
    wholeNumber(value, 1, TEAM_SIZE_MAX) ? undefined : `Enter the fewest drivers a team enters, a whole number from 1 to ${TEAM_SIZE_MAX}`) satisfies Check,
  teamSizeMax: ((value) =>
    wholeNumber(value, 1, TEAM_SIZE_MAX) ? undefined : `Enter the most drivers a team enters, a whole number from 1 to ${TEAM_SIZE_MAX}`) satisfies Check,
  lineupLockMinutes: ((value) =>
    wholeNumber(value, 0, LINEUP_LOCK_MAX_MINUTES)
      ? undefined
      : `Enter how many minutes before the start line-ups lock, from 0 (at the start) to ${LINEUP_LOCK_MAX_MINUTES} (a week)`) satisfies Check,
  laps: optionalCount('Laps', LAPS_MAX),
  minutes: optionalCount('Minutes', MINUTES_MAX),
};

/** The largest team cannot be smaller than the smallest (checked with both values). */
export function teamSizeMaxCheck(value: string, values: Pick<EventFormValues, 'teamSizeMin'>): string | undefined {
  const own = CHECKS.teamSizeMax(value);
  if (own) return own;
  const min = Number(values.teamSizeMin.trim());
  return Number.isInteger(min) && Number(value.trim()) < min ? `The most drivers cannot be fewer than the fewest (${min})` : undefined;
}

/** The event form's values with the icon chosen (null: keep the current one). */
export type EventFormWithIcon = EventFormValues & { icon: File | null };

function apiPathToField(apiPath: string): string | null {
  const top =
    /^(name|date|icon|platforms|seats|competitionStyle|carTuningRule|carUpgradeRule|youtubeUrl|stewarded|leaderboardsEnabled|teamSizeMin|teamSizeMax|lineupLockMinutes)(\..*)?$/.exec(
      apiPath,
    );
  if (top) return top[1]!;
  if (/^game(\..*)?$/.test(apiPath)) return 'gameId';
  const raceEvent = /^raceEvents\.(\d+)\.(.+)$/.exec(apiPath);
  if (!raceEvent) return null;
  const [, index, rest] = raceEvent;
  const base = `raceEvents.${index}`;
  if (/^track(\..*)?$/.test(rest!)) return `${base}.trackId`;
  if (rest === 'externalTrackName') return `${base}.externalTrackName`;
  if (/^qualify\.laps$/.test(rest!)) return `${base}.qualifyLaps`;
  if (/^qualify\.length$/.test(rest!)) return `${base}.qualifyLength`;
  const race = /^races\.(\d+)\.(raceEventType|laps|length)$/.exec(rest!);
  if (race) return `${base}.races.${race[1]}.${race[2]}`;
  return null;
}

/** The form field an API error path belongs to (`game.id` → `gameId`), or null when no field shows it. */
export const formFieldOf = (apiPath: string) => apiPathToField(apiPath) as FieldPath<EventFormWithIcon> | null;

/** A warning (not a refusal) beside a start already past: no driver can join an event that has started. */
export function pastStartWarning(value: string, now: number): string | null {
  const start = fromLocalInputValue(value);
  return start && Date.parse(start) < now ? 'This start is in the past: drivers cannot join an event that has already started.' : null;
}
