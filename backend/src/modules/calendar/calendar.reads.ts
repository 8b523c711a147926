import { readTag } from '../../infra/read-cache/cached-read.js';

/**
 * Every calendar feed: out of date after any change to what an entry says — an event and its races,
 * who is in and their line-ups, names of series, seasons, tracks, games, teams and drivers. A replaced
 * token drops them too (CalendarService.rotate), so its old address answers 404 at once.
 */
export const CALENDAR_READS = readTag('calendar', [
  'EventAttendanceChanged',
  'EventPublicationChanged',
  'EventDetailsChanged',
  'CompetitionChanged',
  'SeasonChanged',
  'CatalogueChanged',
  'TeamChanged',
  'DriverProfileChanged',
]);

/** Calendars answer as text/calendar. */
export const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
