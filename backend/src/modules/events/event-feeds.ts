import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '../../contracts/catalogue.js';
import type { RaceEventType } from '../../contracts/events.js';
import type { TrackVariant } from '../catalogue/catalogue.entities.js';
import { EventAttendance, LeagueEvent } from './event.entities.js';
import { toAttendeeDto } from './events.mappers.js';
import { RaceLineup } from './race-lineup.entity.js';

/*
 * What calendar feeds read of league events: plain values, never entities. An event shows in a feed
 * once it was ever published (`revision` above 0); one unpublished since is `cancelled`.
 */

/** The team a driver races a race with, and its drivers in that race (the race's own line-up, else the team's entry). */
export interface FeedLineup {
  teamName: string;
  drivers: string[];
}

export interface FeedRace {
  raceId: number;
  /** 1-based, across the event's race events. */
  number: number;
  raceEventType: RaceEventType;
  trackName: string | null;
  laps: number | null;
  lengthMinutes: number | null;
  /** Only in a driver's feed, for a driver entered with a team. */
  lineup: FeedLineup | null;
}

export interface FeedRaceEvent {
  /** Its qualifying, when enabled. */
  qualify: { laps: number | null; lengthMinutes: number | null } | null;
  races: FeedRace[];
}

export interface FeedEvent {
  id: number;
  name: string;
  startsAt: Date;
  updatedAt: Date;
  cancelled: boolean;
  revision: number;
  gameName: string;
  platforms: Platform[];
  raceEvents: FeedRaceEvent[];
}

/** Which events a feed holds: those starting from `since` (when given) of one event, some seasons, a competition's seasons, or one driver's entries. */
export interface FeedSelection {
  since?: Date;
  eventId?: number;
  seasonId?: number;
  competitionId?: number;
  profileId?: number;
}

const FEED_POPULATE = ['game', 'raceEvents.races.trackVariant.track', 'raceEvents.trackVariant.track'] as const;

/** As the site names a track: "Spa-Francorchamps — Full Circuit". */
const trackName = (variant: TrackVariant | null) => (variant ? (variant.name ? `${variant.track.name} — ${variant.name}` : variant.track.name) : null);

/** The events of a feed, soonest first, with their races. */
export async function feedEvents(em: EntityManager, selection: FeedSelection): Promise<FeedEvent[]> {
  const where: FilterQuery<LeagueEvent> = { $or: [{ published: true }, { revision: { $gt: 0 } }] };
  if (selection.since) where.startsAt = { $gte: selection.since };
  if (selection.eventId !== undefined) where.id = selection.eventId;
  if (selection.seasonId !== undefined) where.season = selection.seasonId;
  if (selection.competitionId !== undefined) where.season = { competition: selection.competitionId };
  let entries: EventAttendance[] = [];
  if (selection.profileId !== undefined) {
    entries = await em.find(EventAttendance, { profile: selection.profileId }, { populate: ['team'] });
    if (!entries.length) return [];
    where.id = { $in: entries.map((entry) => entry.event.id) };
  }
  const events = await em.find(LeagueEvent, where, { populate: FEED_POPULATE, orderBy: { startsAt: 'asc', id: 'asc' } });
  const lineups = await driverLineups(em, entries, events);
  return events.map((event) => {
    let number = 0;
    return {
      id: event.id,
      name: event.name,
      startsAt: event.startsAt,
      updatedAt: event.updatedAt,
      cancelled: !event.published,
      revision: event.revision,
      gameName: event.game.name,
      platforms: event.platforms,
      raceEvents: event.raceEvents.getItems().map((raceEvent) => ({
        qualify: raceEvent.qualifyEnabled ? { laps: raceEvent.qualifyLaps, lengthMinutes: raceEvent.qualifyLengthMinutes } : null,
        races: raceEvent.races.getItems().map((race) => ({
          raceId: race.id,
          number: (number += 1),
          raceEventType: race.raceEventType,
          trackName: trackName(race.trackVariant) ?? (raceEvent.externalTrackName?.trim() || trackName(raceEvent.trackVariant)),
          laps: race.laps,
          lengthMinutes: race.lengthMinutes,
          lineup: lineups.get(race.id) ?? null,
        })),
      })),
    };
  });
}

/** For a driver's entries with a team: each race's line-up of that team (its own for the race, else the team's event entry), by race id. */
async function driverLineups(em: EntityManager, entries: EventAttendance[], events: LeagueEvent[]): Promise<Map<number, FeedLineup>> {
  const teamEntries = entries.filter((entry) => entry.team);
  const lineups = new Map<number, FeedLineup>();
  if (!teamEntries.length) return lineups;
  const eventIds = teamEntries.map((entry) => entry.event.id);
  const [teammates, raceRows] = await Promise.all([
    em.find(EventAttendance, { event: { $in: eventIds }, team: { $ne: null } }, { populate: ['profile', 'team'], orderBy: { joinedAt: 'asc', profile: { id: 'asc' } } }),
    em.find(RaceLineup, { race: { raceEvent: { event: { $in: eventIds } } } }),
  ]);
  for (const entry of teamEntries) {
    const teamId = entry.team!.id;
    const entered = teammates.filter((row) => row.event.id === entry.event.id && row.team?.id === teamId);
    const event = events.find((candidate) => candidate.id === entry.event.id);
    for (const race of event?.raceEvents.getItems().flatMap((raceEvent) => raceEvent.races.getItems()) ?? []) {
      const own = new Set(raceRows.filter((row) => row.race.id === race.id && row.team.id === teamId).map((row) => row.profile.id));
      const drivers = own.size ? entered.filter((row) => own.has(row.profile.id)) : entered;
      lineups.set(race.id, { teamName: entry.team!.name, drivers: drivers.map((row) => toAttendeeDto(row).driverName) });
    }
  }
  return lineups;
}
