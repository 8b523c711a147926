import { imageUrl } from '../images/index.js';
import { shownDriver } from '../../contracts/driver-name.js';
import {
  seatsLeft,
  youtubeEmbedUrl,
  youtubeWatchUrl,
  type AttendeeDto,
  type EventDto,
  type EventSeasonDto,
  type RaceEventDto,
  type VideoDto,
} from '../../contracts/events.js';
import { toGameDto, toTrackRef } from '../catalogue/index.js';
import type { Game, TrackVariant } from '../catalogue/catalogue.entities.js';
import type { Season } from '../competitions/competition.entities.js';
import type { EventAttendance, LeagueEvent, RaceEvent } from './event.entities.js';

/**
 * What `toEventDto` needs loaded: the game, the season with its competition and game (joined in the
 * events' own query), and every race event with its races and tracks.
 */
export const EVENT_POPULATE = [
  'game',
  'season.competition.game',
  'raceEvents.trackVariant.track',
  'raceEvents.qualifyTrackVariant.track',
  'raceEvents.races.trackVariant.track',
] as const;

const trackRef = (variant: TrackVariant | null) => (variant ? toTrackRef(variant) : null);

function toRaceEventDto(raceEvent: RaceEvent): RaceEventDto {
  const hasQualify = raceEvent.qualifyTrackVariant || raceEvent.qualifyLaps !== null || raceEvent.qualifyLengthMinutes !== null;
  return {
    id: raceEvent.id,
    track: trackRef(raceEvent.trackVariant),
    externalTrackName: raceEvent.externalTrackName,
    qualifyEnabled: raceEvent.qualifyEnabled,
    qualify: hasQualify ? { track: trackRef(raceEvent.qualifyTrackVariant), laps: raceEvent.qualifyLaps, length: raceEvent.qualifyLengthMinutes } : null,
    races: raceEvent.races.getItems().map((race) => ({
      id: race.id,
      raceEventType: race.raceEventType,
      track: trackRef(race.trackVariant),
      laps: race.laps,
      length: race.lengthMinutes,
    })),
  };
}

/** Needs the season's competition and its game loaded. */
function toEventSeasonDto(season: Season, eventGame: Game): EventSeasonDto {
  const { competition } = season;
  const game = competition.game ?? eventGame;
  return { id: season.id, competition: { id: competition.id, name: competition.name }, game: { id: game.id, name: game.name, icon: imageUrl(game.icon?.id) } };
}

/** An event as lists show it; `liveEventId` is the event live right now, if any. */
export function toEventDto(event: LeagueEvent, liveEventId: number | null): EventDto {
  return {
    id: event.id,
    name: event.name,
    date: event.startsAt.toISOString(),
    assessmentEvent: event.assessment,
    published: event.published,
    season: event.season ? toEventSeasonDto(event.season, event.game) : null,
    game: toGameDto(event.game),
    platforms: event.platforms,
    seats: event.seats,
    competitionStyle: event.competitionStyle,
    carTuningRule: event.carTuningRule,
    carUpgradeRule: event.carUpgradeRule,
    stewarded: event.stewarded,
    leaderboardsEnabled: event.leaderboardsEnabled,
    teamSizeMin: event.teamSizeMin,
    teamSizeMax: event.teamSizeMax,
    lineupLockMinutes: event.lineupLockMinutes,
    youtubeUrl: event.youtubeVideoId ? youtubeWatchUrl(event.youtubeVideoId) : null,
    icon: imageUrl(event.icon?.id),
    raceEvents: event.raceEvents.getItems().map(toRaceEventDto),
    attendanceCount: event.seatsTaken,
    seatsLeft: seatsLeft(event.seats, event.seatsTaken),
    live: event.id === liveEventId,
  };
}

/** An attendee as the event's public lists show them: a hidden driver is "Private driver", without a number. Needs the profile and team loaded. */
export function toAttendeeDto(attendance: EventAttendance): AttendeeDto {
  return { ...toStaffAttendeeDto(attendance), ...shownDriver(attendance.profile, false) };
}

/** An attendee as organizers and captains see them: by name, hidden or not. */
export function toStaffAttendeeDto(attendance: EventAttendance): AttendeeDto {
  return {
    profileId: attendance.profile.id,
    ...shownDriver(attendance.profile, true),
    team: attendance.team ? { id: attendance.team.id, name: attendance.team.name } : null,
  };
}

export function toVideoDto(event: LeagueEvent): VideoDto {
  const videoId = event.youtubeVideoId!;
  return {
    eventId: event.id,
    eventName: event.name,
    eventDate: event.startsAt.toISOString(),
    youtubeUrl: youtubeWatchUrl(videoId),
    videoId,
    embedUrl: youtubeEmbedUrl(videoId),
  };
}
