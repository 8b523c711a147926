/**
 * The organizer's event form as values the inputs hold, and the `event` JSON the API takes
 * (SPEC §3). Number inputs hold text until saving; empty optional numbers are sent as null.
 */
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

/** Text to a number for the API; '' is null, and anything unreadable is passed on for the API to name. */
function numberOrNull(value: string): number | null | string {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : trimmed;
}

const idRef = (id: string) => (id ? { id: Number(id) } : null);

/** The `event` part of `PUT /api/events/{individual|assessment}`. */
export function eventBodyFrom(values: EventFormValues): Record<string, unknown> {
  return {
    ...(values.id !== null ? { id: values.id } : {}),
    name: values.name,
    // An empty or unreadable date is sent as typed, so the API names the field.
    date: fromLocalInputValue(values.date) || values.date,
    game: idRef(values.gameId),
    platforms: values.platforms,
    seats: numberOrNull(values.seats),
    competitionStyle: values.competitionStyle,
    carTuningRule: values.carTuningRule,
    carUpgradeRule: values.carUpgradeRule,
    stewarded: values.stewarded,
    leaderboardsEnabled: values.leaderboardsEnabled,
    youtubeUrl: values.youtubeUrl.trim() || null,
    raceEvents: values.raceEvents.map((raceEvent) => ({
      track: idRef(raceEvent.trackId),
      externalTrackName: raceEvent.externalTrackName.trim() || null,
      qualifyEnabled: raceEvent.qualifyEnabled,
      qualify: raceEvent.qualifyEnabled ? { laps: numberOrNull(raceEvent.qualifyLaps), length: numberOrNull(raceEvent.qualifyLength) } : null,
      races: raceEvent.races.map((race) => ({ raceEventType: race.raceEventType, laps: numberOrNull(race.laps), length: numberOrNull(race.length) })),
    })),
  };
}
