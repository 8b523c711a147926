import type { EntityManager } from '@mikro-orm/postgresql';
import { LeagueEvent, Race } from './event.entities.js';

/*
 * What other modules read of league events and their races (stewarding's tickets and licences):
 * plain values, never entities, in the caller's `em` (its transaction).
 */

export interface EventRef {
  id: number;
  name: string;
  startsAt: Date;
}

/** A race with the event it belongs to (and that event's season, if any). */
export interface RaceOfEvent {
  raceId: number;
  eventId: number;
  eventName: string;
  seasonId: number | null;
  startsAt: Date;
}

export async function raceOfEvent(em: EntityManager, raceId: number): Promise<RaceOfEvent | null> {
  const race = await em.findOne(Race, raceId, { populate: ['raceEvent.event'] });
  if (!race) return null;
  const event = race.raceEvent.event;
  return { raceId: race.id, eventId: event.id, eventName: event.name, seasonId: event.season?.id ?? null, startsAt: event.startsAt };
}

/** How many league events started after `after` and by `until`. */
export function eventsStartedBetween(em: EntityManager, after: Date, until = new Date()): Promise<number> {
  return em.count(LeagueEvent, { startsAt: { $gt: after, $lte: until } });
}

/** The first `count` events starting after `after` (of one season, when given), soonest first. */
export async function eventsAfter(em: EntityManager, after: Date, count: number, seasonId?: number): Promise<EventRef[]> {
  const events = await em.find(
    LeagueEvent,
    { startsAt: { $gt: after }, ...(seasonId === undefined ? {} : { season: seasonId }) },
    { orderBy: { startsAt: 'asc', id: 'asc' }, limit: count },
  );
  return events.map((event) => ({ id: event.id, name: event.name, startsAt: event.startsAt }));
}
