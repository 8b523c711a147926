import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '../../backend/src/contracts/catalogue.js';
import type { CompetitionStyle } from '../../backend/src/contracts/events.js';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import { EventAttendance, LeagueEvent, Race, RaceEvent } from '../../backend/src/modules/events/event.entities.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import type { Team } from '../../backend/src/modules/teams/team.entity.js';
import { newGame, newTrack } from './catalogue.js';
import { nextNumber } from './sequence.js';

const DAY = 24 * 3600 * 1000;

export interface EventOverrides {
  name?: string;
  /** Start; a week from now by default. */
  startsAt?: Date;
  /** The game; a new one with a track by default. */
  game?: Game;
  /** The variant raced on; a new track of the game by default. */
  track?: TrackVariant;
  platforms?: Platform[];
  seats?: number;
  competitionStyle?: CompetitionStyle;
  assessment?: boolean;
  /** Published (visible to everyone) by default. */
  published?: boolean;
  youtubeVideoId?: string | null;
}

/**
 * An event written directly, for tests about something else (tests of organizing go through the API):
 * one race event with a race on one track variant, published, a week ahead, 20 seats.
 */
export async function newEvent(em: EntityManager, overrides: EventOverrides = {}): Promise<LeagueEvent> {
  const { game: givenGame, track: givenTrack, published = true, ...fields } = overrides;
  const game = givenGame ?? (await newGame(em));
  const track = givenTrack ?? (await newTrack(em, game)).variants[0];
  const event = em.create(LeagueEvent, {
    name: `Factory Event ${nextNumber()}`,
    startsAt: new Date(Date.now() + 7 * DAY),
    game,
    platforms: game.platforms.slice(0, 1),
    seats: 20,
    competitionStyle: 'SOLO',
    carTuningRule: 'DISALLOWED',
    carUpgradeRule: 'ALLOWED',
    published,
    publishedAt: published ? new Date() : null,
    ...fields,
  });
  const raceEvent = em.create(RaceEvent, { event, position: 0, trackVariant: track });
  em.create(Race, { raceEvent, position: 0, raceEventType: 'RACE', trackVariant: track, laps: 10 });
  await em.persist(event).flush();
  return event;
}

/** Puts the driver in the event (the database's seat limit applies). */
export async function newAttendance(em: EntityManager, event: LeagueEvent, profile: DriverProfile, team?: Team): Promise<EventAttendance> {
  const attendance = em.create(EventAttendance, { event, profile, team: team ?? null });
  await em.persist(attendance).flush();
  return attendance;
}
