import type { Loaded } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RaceEventType } from '../../contracts/events.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { EventAttendance, LeagueEvent, Race } from './event.entities.js';
import { eventAggregate } from './events.service.js';

/*
 * What other modules read of league events and their races (competitions' seasons and standings, stewarding's tickets and licences):
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

/** The published events starting after `after` and by `until`, soonest first (what a reminder is sent for). */
export async function publishedEventsStartingBetween(em: EntityManager, after: Date, until: Date): Promise<EventRef[]> {
  const events = await em.find(LeagueEvent, { published: true, startsAt: { $gt: after, $lte: until } }, { orderBy: { startsAt: 'asc', id: 'asc' } });
  return events.map((event) => ({ id: event.id, name: event.name, startsAt: event.startsAt }));
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

/** A round of a season: its event with its race events and their races, in order. */
export interface SeasonRound {
  eventId: number;
  name: string;
  startsAt: Date;
  published: boolean;
  raceEvents: {
    id: number;
    position: number;
    trackName: string | null;
    races: { raceId: number; position: number; raceEventType: RaceEventType; laps: number | null; lengthMinutes: number | null }[];
  }[];
}

const ROUND_POPULATE = ['raceEvents.races', 'raceEvents.trackVariant.track'] as const;

function toSeasonRound(event: Loaded<LeagueEvent, (typeof ROUND_POPULATE)[number]>): SeasonRound {
  return {
    eventId: event.id,
    name: event.name,
    startsAt: event.startsAt,
    published: event.published,
    raceEvents: event.raceEvents.getItems().map((raceEvent) => ({
      id: raceEvent.id,
      position: raceEvent.position,
      trackName: raceEvent.externalTrackName || raceEvent.trackVariant?.track.name || null,
      races: raceEvent.races.getItems().map((race) => ({
        raceId: race.id,
        position: race.position,
        raceEventType: race.raceEventType,
        laps: race.laps,
        lengthMinutes: race.lengthMinutes,
      })),
    })),
  };
}

/** The races of a round, in order. */
export const racesOf = (round: SeasonRound) => round.raceEvents.flatMap((raceEvent) => raceEvent.races);

/** The season's rounds, soonest first: published ones, or all with `withUnpublished`. */
export async function seasonRounds(em: EntityManager, seasonId: number, withUnpublished: boolean): Promise<SeasonRound[]> {
  const events = await em.find(LeagueEvent, withUnpublished ? { season: seasonId } : { season: seasonId, published: true }, {
    populate: ROUND_POPULATE,
    orderBy: { startsAt: 'asc', id: 'asc' },
  });
  return events.map(toSeasonRound);
}

/** Whether the event, a round of the season, is published; null when it is not one of the season's rounds. */
export async function roundPublished(em: EntityManager, seasonId: number, eventId: number): Promise<boolean | null> {
  const event = await em.findOne(LeagueEvent, { id: eventId, season: seasonId }, { fields: ['published'] });
  return event ? event.published : null;
}

/** The event as a round of the season (published or not), or null when it is not one of its rounds. */
export async function seasonRound(em: EntityManager, seasonId: number, eventId: number): Promise<SeasonRound | null> {
  const event = await em.findOne(LeagueEvent, { id: eventId, season: seasonId }, { populate: ROUND_POPULATE });
  return event ? toSeasonRound(event) : null;
}

/** How many rounds of the season come before this one (by start, then id): its round number less one. */
export function roundsBefore(em: EntityManager, seasonId: number, round: Pick<SeasonRound, 'eventId' | 'startsAt'>, withUnpublished: boolean): Promise<number> {
  return em.count(LeagueEvent, {
    season: seasonId,
    ...(withUnpublished ? {} : { published: true }),
    $or: [{ startsAt: { $lt: round.startsAt } }, { startsAt: round.startsAt, id: { $lt: round.eventId } }],
  });
}

/** What linking an event to a season checks. */
export interface LinkableEvent {
  id: number;
  name: string;
  gameId: number;
  assessment: boolean;
  seasonId: number | null;
}

/** These events, and the season's current rounds, as linking checks them. */
export async function linkableEvents(em: EntityManager, seasonId: number, eventIds: readonly number[]): Promise<{ requested: LinkableEvent[]; linked: LinkableEvent[] }> {
  const [requested, linked] = await Promise.all([
    eventIds.length ? em.find(LeagueEvent, { id: { $in: [...eventIds] } }) : Promise.resolve([]),
    em.find(LeagueEvent, { season: seasonId }),
  ]);
  const linkable = (event: LeagueEvent): LinkableEvent => ({
    id: event.id,
    name: event.name,
    gameId: event.game.id,
    assessment: event.assessment,
    seasonId: event.season?.id ?? null,
  });
  return { requested: requested.map(linkable), linked: linked.map(linkable) };
}

/** Makes the events rounds of the season (`joining`) or of none (`leaving`), in `em`'s transaction; lists and pages of the published ones change. */
export async function linkToSeason(em: EntityManager, seasonId: number, joining: readonly number[], leaving: readonly number[]): Promise<void> {
  if (!joining.length && !leaving.length) return;
  const events = await em.find(LeagueEvent, { id: { $in: [...joining, ...leaving] } });
  for (const event of events) {
    em.assign(event, { season: joining.includes(event.id) ? seasonId : null });
    if (event.published) recordDomainEvent(em, 'EventDetailsChanged', eventAggregate(event.id), { eventId: event.id });
  }
  await em.flush();
}

/** Who signed up for these events, each with the team they entered for (null: alone). */
export async function entrants(em: EntityManager, eventIds: readonly number[]): Promise<{ eventId: number; profileId: number; teamId: number | null }[]> {
  if (!eventIds.length) return [];
  const rows = await em.execute<{ event_id: number; profile_id: number; team_id: number | null }[]>(
    `select event_id, profile_id, team_id from event_attendance where event_id in (${eventIds.map(() => '?').join(', ')})`,
    [...eventIds],
  );
  return rows.map((row) => ({ eventId: row.event_id, profileId: row.profile_id, teamId: row.team_id }));
}

/** The team each of these drivers entered the event with (null: entered alone); drivers who did not enter are missing. */
export async function entryTeams(em: EntityManager, eventId: number, profileIds: readonly number[]): Promise<Map<number, number | null>> {
  if (!profileIds.length) return new Map();
  const entries = await em.find(EventAttendance, { event: eventId, profile: { $in: [...profileIds] } });
  return new Map(entries.map((entry) => [entry.profile.id, entry.team?.id ?? null]));
}

/** The game and track a race (or its qualifying) is run on, by name: what a result file is checked against. */
export async function raceSetting(em: EntityManager, raceId: number, qualifying: boolean): Promise<{ gameName: string | null; trackName: string | null }> {
  const race = await em.findOneOrFail(Race, raceId, {
    populate: ['trackVariant.track', 'raceEvent.trackVariant.track', 'raceEvent.qualifyTrackVariant.track', 'raceEvent.event.game'],
  });
  const variant = (qualifying ? race.raceEvent.qualifyTrackVariant : null) ?? race.trackVariant ?? race.raceEvent.trackVariant;
  return { gameName: race.raceEvent.event.game?.name ?? null, trackName: variant?.track.name ?? null };
}

/** What people call a race: its event, its track (or the track the event names outside the catalogue) and its place in the event (1-based). */
export async function raceNaming(em: EntityManager, raceId: number): Promise<{ eventName: string; trackName: string | null; number: number }> {
  const race = await em.findOneOrFail(Race, raceId, { populate: ['trackVariant.track', 'raceEvent.trackVariant.track', 'raceEvent.event'] });
  const trackName = race.trackVariant?.track.name ?? race.raceEvent.trackVariant?.track.name ?? race.raceEvent.externalTrackName ?? null;
  return { eventName: race.raceEvent.event.name, trackName, number: race.position + 1 };
}
