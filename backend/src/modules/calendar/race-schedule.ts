/**
 * When each race of an event runs, for calendars: the event's start is the start of its first
 * session, and its sessions (each race event's qualifying, when enabled, then its races) follow one
 * another. A session set by minutes lasts those; one set by laps is planned at the league's lap time;
 * one with neither at the league's usual session.
 */

/** A lap of the circuits the league races, planned in minutes (GT3 on a Grand Prix circuit takes about two). */
export const PLANNED_LAP_MINUTES = 2;
/** A session with neither laps nor minutes. */
export const PLANNED_SESSION_MINUTES = 30;
/** Between two sessions: the grid forms, the server loads the next one. */
export const PLANNED_BREAK_MINUTES = 5;

export interface ScheduledSession {
  laps: number | null;
  lengthMinutes: number | null;
}

export interface ScheduledRaceEvent<Race extends ScheduledSession> {
  qualify: ScheduledSession | null;
  races: Race[];
}

export interface RaceTimes<Race> {
  race: Race;
  start: Date;
  end: Date;
}

/** A session's planned length in minutes. */
export function plannedMinutes(session: ScheduledSession): number {
  if (session.lengthMinutes !== null && session.lengthMinutes > 0) return session.lengthMinutes;
  if (session.laps !== null && session.laps > 0) return session.laps * PLANNED_LAP_MINUTES;
  return PLANNED_SESSION_MINUTES;
}

/** Every race of the event with its planned start and end, in order. */
export function raceTimes<Race extends ScheduledSession>(startsAt: Date, raceEvents: readonly ScheduledRaceEvent<Race>[]): RaceTimes<Race>[] {
  const times: RaceTimes<Race>[] = [];
  let at = startsAt.getTime();
  let first = true;
  const next = (session: ScheduledSession) => {
    if (!first) at += PLANNED_BREAK_MINUTES * 60_000;
    first = false;
    const start = at;
    at += plannedMinutes(session) * 60_000;
    return { start: new Date(start), end: new Date(at) };
  };
  for (const raceEvent of raceEvents) {
    if (raceEvent.qualify) next(raceEvent.qualify);
    for (const race of raceEvent.races) times.push({ race, ...next(race) });
  }
  return times;
}
