/**
 * Calendar feeds (iCalendar, RFC 5545): the league's, a series', a season's and an event's races for
 * anyone, and each driver's own races behind a private token the driver can replace.
 */
import { rawRoute, route } from './http.js';

/** `GET`/`POST /api/calendar/me`: the token of the caller's "my races" feed; null until one is made. */
export interface MyCalendarDto {
  token: string | null;
}

export const calendarRoutes = {
  /** Every published race of the league, from some weeks back (text/calendar). */
  'GET /calendar/league.ics': rawRoute('public'),
  /** The races of every season of a series (competition). */
  'GET /calendar/series/:id.ics': rawRoute('public'),
  'GET /calendar/seasons/:id.ics': rawRoute('public'),
  'GET /calendar/events/:id.ics': rawRoute('public'),
  /** A driver's races: the events they entered, with their team's line-up; the token is the only key (404 for an unknown or replaced one). */
  'GET /calendar/drivers/:token.ics': rawRoute('public'),
  'GET /calendar/me': route<MyCalendarDto>('signedIn'),
  /** A new token for the caller's feed: the previous address stops working at once. */
  'POST /calendar/me': route<MyCalendarDto>('signedIn'),
} as const;
