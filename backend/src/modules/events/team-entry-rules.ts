import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import { lineupLocksAt } from '../../contracts/events.js';
import type { LeagueEvent } from './event.entities.js';

/** The rules team entries and race line-ups share: the team size, the start, the line-up lock. */

/** "A team races this event with 2 to 4 drivers" (or "with 3 drivers"). */
export const teamSizeText = (event: LeagueEvent) =>
  event.teamSizeMin === event.teamSizeMax
    ? `A team races this event with ${event.teamSizeMax} driver${event.teamSizeMax === 1 ? '' : 's'}`
    : `A team races this event with ${event.teamSizeMin} to ${event.teamSizeMax} drivers`;

export function refuseIfStarted(event: LeagueEvent, message: string): void {
  if (event.startsAt.getTime() <= Date.now()) throw new ConflictException(message);
}

/** After the line-up lock only organizers change a team event's entries and line-ups. */
export function refuseIfLocked(event: LeagueEvent): void {
  const locksAt = lineupLocksAt({ date: event.startsAt, lineupLockMinutes: event.lineupLockMinutes });
  if (locksAt.getTime() <= Date.now()) {
    throw new ConflictException(
      `Line-ups locked at ${locksAt.toISOString().slice(0, 16).replace('T', ' ')} UTC (${event.lineupLockMinutes} minutes before the start): ask an organizer`,
    );
  }
}

/**
 * A race line-up holds only drivers still entered for its team: after an entry changes, the rows of
 * drivers who left the event or moved to another team go (a line-up left empty falls back to the
 * event entry). Returns the rows removed.
 */
export async function dropStaleRaceLineups(em: EntityManager, eventId: number): Promise<number> {
  const rows = await em.execute<{ race_id: number }[]>(
    'delete from race_lineups lineup using races race, race_events block ' +
      'where lineup.race_id = race.id and race.race_event_id = block.id and block.event_id = ? ' +
      'and not exists (select 1 from event_attendance entry where entry.event_id = block.event_id and entry.profile_id = lineup.profile_id and entry.team_id = lineup.team_id) ' +
      'returning lineup.race_id',
    [eventId],
  );
  return rows.length;
}

/**
 * A published team event's entries or race line-ups changed: each driver's "my races" calendar shows
 * their team's line-up per race, so the event's revision (the entries' SEQUENCE) and `updated_at`
 * (their LAST-MODIFIED) move on, as after an edit. One statement, so concurrent changes each count.
 */
export async function raiseLineupRevision(em: EntityManager, eventId: number): Promise<void> {
  await em.execute("update events set revision = revision + 1, updated_at = now() where id = ? and published and competition_style <> 'SOLO'", [eventId]);
}
