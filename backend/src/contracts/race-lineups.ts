/**
 * Line-ups per race of a TEAM or LVL event. A team's event entry (its drivers in the event) is its
 * line-up for every race; a race may have a line-up of its own, chosen among the team's entered
 * drivers, within the event's team size. Removing it falls back to the event entry.
 */
import type { AttendeeDto } from './events.js';
import { noContent, route } from './http.js';

/** Where a team's line-up for a race comes from: its event entry, or one set for this race. */
export type RaceLineupSource = 'EVENT' | 'RACE';

/** One team's drivers in one race. */
export interface RaceLineupDto {
  teamId: number;
  teamName: string;
  source: RaceLineupSource;
  /** In the order they entered the event. */
  drivers: AttendeeDto[];
  /** The team's drivers entered in the event: who a race line-up may be chosen from. */
  entered: AttendeeDto[];
}

/** `GET /api/events/{id}/races/{race}/lineups`: every entered team for an organizer, the caller's own teams for a captain. */
export interface RaceLineupsDto {
  eventId: number;
  raceId: number;
  lineups: RaceLineupDto[];
}

/** `PUT /api/events/{id}/races/{race}/lineups/{team}`: the team's drivers for this race (driver profile ids). */
export interface RaceLineupRequest {
  profileIds: number[];
}

/** Signed-in callers; the service lets in organizers and team captains (their own teams, until the line-up lock). */
export const raceLineupRoutes = {
  /** Each entered team's drivers for the race, marked `EVENT` (its event entry) or `RACE` (set for this race). */
  'GET /events/:id/races/:race/lineups': route<RaceLineupsDto>('signedIn'),
  /** The team's drivers for this race, among its drivers entered in the event, within the team size. */
  'PUT /events/:id/races/:race/lineups/:team': route<RaceLineupDto, RaceLineupRequest>('signedIn'),
  /** The team races this race with its event entry again. */
  'DELETE /events/:id/races/:race/lineups/:team': noContent('signedIn'),
} as const;
