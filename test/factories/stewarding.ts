import type { EntityManager } from '@mikro-orm/postgresql';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import type { Team } from '../../backend/src/modules/teams/team.entity.js';
import { newAttendance, newEvent } from './events.js';

const HOUR = 3600 * 1000;

export interface StewardedRound {
  event: LeagueEvent;
  raceId: number;
}

/**
 * A published round of the season that started `hoursAgo` hours ago (negative: still to come), one
 * RACE of 10 laps, with these drivers entered (each with their team, if given).
 */
export async function newStewardedRound(
  em: EntityManager,
  season: Season,
  options: { game: Game; track: TrackVariant; hoursAgo: number; drivers?: (DriverProfile | [DriverProfile, Team])[] },
): Promise<StewardedRound> {
  const created = await newEvent(em, { game: options.game, track: options.track, startsAt: new Date(Date.now() - options.hoursAgo * HOUR) });
  await em.nativeUpdate(LeagueEvent, created.id, { season: season.id });
  const event = await em.findOneOrFail(LeagueEvent, created.id, { populate: ['raceEvents.races'] });
  for (const entry of options.drivers ?? []) {
    const [profile, team] = Array.isArray(entry) ? entry : [entry, undefined];
    await newAttendance(em, event, profile, team);
  }
  return { event, raceId: event.raceEvents.getItems()[0].races.getItems()[0].id };
}
