import { afterAll, beforeAll, expect } from '@jest/globals';
import type { EventDetailsDto } from '../../backend/src/contracts/events.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import type { Team } from '../../backend/src/modules/teams/team.entity.js';
import { newGameWithTrack } from '../factories/catalogue.js';
import { multipart } from '../factories/uploads.js';
import { newMember } from '../factories/users.js';
import type { CookieJar } from './sign-in.js';
import { socketsClosedAfterEach } from './sockets.js';
import { startTestApp, type TestApp } from './test-app.js';
import { WebhookReceiver } from './webhook-receiver.js';

export const DAY = 24 * 3600 * 1000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

type EventKind = 'individual' | 'assessment';

/**
 * What the events test files share: one app (with a worker) and the personas signed in, a game to race,
 * and helpers that organize through the API. Its methods are bound: tests destructure what they use.
 */
export class EventsSuite {
  t!: TestApp;
  organizer!: CookieJar;
  driver!: CookieJar;
  rookie!: CookieJar;
  captain!: CookieJar;
  steward!: CookieJar;
  captainsTeam!: Team;
  gameId!: number;
  gpId!: number;
  indyId!: number;
  /** A track variant of another game. */
  otherGameVariantId!: number;
  /** The Discord channel the app posts announcements to. */
  readonly receiver = new WebhookReceiver();
  /** Opens a socket, closed after each test. */
  readonly open = socketsClosedAfterEach();

  /** A valid event body: a week ahead, on the suite's game, one race event with a qualify and two races. */
  eventJson = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    name: 'Friday Night GT3',
    date: inDays(7),
    game: { id: this.gameId },
    platforms: ['PC'],
    seats: 20,
    competitionStyle: 'SOLO',
    carTuningRule: 'DISALLOWED',
    carUpgradeRule: 'HOMOLOGATED',
    stewarded: true,
    leaderboardsEnabled: false,
    youtubeUrl: null,
    raceEvents: [
      {
        track: { id: this.gpId },
        externalTrackName: null,
        qualifyEnabled: true,
        qualify: { track: { id: this.gpId }, laps: null, length: 10 },
        races: [
          { raceEventType: 'SPRINT', track: { id: this.indyId }, laps: 12, length: null },
          { raceEventType: 'FEATURE', track: { id: this.gpId }, laps: null, length: 30 },
        ],
      },
    ],
    ...overrides,
  });
  save = (kind: EventKind, event: unknown, as: CookieJar | undefined = this.organizer, file?: Parameters<typeof multipart>[2]) =>
    this.t.request(`/api/events/${kind}`, { method: 'PUT', as, body: multipart('event', event, file) });
  created = async (overrides: Record<string, unknown> = {}, kind: EventKind = 'individual') => {
    const response = await this.save(kind, this.eventJson(overrides));
    expect(response.status).toBe(200);
    return (await response.json()) as EventDetailsDto;
  };
  published = async (overrides: Record<string, unknown> = {}, kind: EventKind = 'individual') => {
    const event = await this.created(overrides, kind);
    expect((await this.t.request(`/api/events/${event.id}/publish?publish=true`, { as: this.organizer })).status).toBe(200);
    return event;
  };
  /** Sets an event's start directly (the API refuses nothing about past dates, but this keeps intent plain). */
  startEvent = (id: number, at = new Date(Date.now() - 60_000)) => this.t.em().nativeUpdate(LeagueEvent, { id }, { startsAt: at });
  join = (id: number, as: CookieJar, attending = true) => this.t.request(`/api/events/${id}/single/attendance`, { method: 'PUT', as, json: { attending } });
  profileOf = (username: string) => this.t.em().findOneOrFail(DriverProfile, { user: { username } });

  async start(): Promise<void> {
    await this.receiver.start();
    const t = (this.t = await startTestApp({ worker: true, env: { DISCORD_WEBHOOK_URL: this.receiver.url } }));
    // The others sign in as their personas (test/factories/users.ts); these two are arranged here.
    await newMember(t.em(), 'driver', { profile: { driverNumber: 77, name: 'Dani Driver', steamUsername: 'DaniDrives' } });
    this.captainsTeam = (await newMember(t.em(), 'captain')).team!;
    [this.organizer, this.driver, this.rookie, this.captain, this.steward] = await Promise.all(
      ['organizer', 'driver', 'rookie', 'captain', 'steward'].map((name) => t.signIn(name as 'driver')),
    );
    const { game, gp, indy } = await newGameWithTrack(t.em(), ['PC', 'XBOX']);
    this.gameId = game.id;
    this.gpId = gp.id;
    this.indyId = indy.id;
    this.otherGameVariantId = (await newGameWithTrack(t.em())).gp.id;
  }

  async stop(): Promise<void> {
    await this.t?.close();
    await this.receiver.stop();
  }
}

/**
 * Call in a test file's `describe` body: registers the set-up and tear-down and returns the suite,
 * whose app and personas are there once `beforeAll` has run (read them inside the tests).
 */
export function eventsSuite(): EventsSuite {
  const suite = new EventsSuite();
  beforeAll(() => suite.start());
  afterAll(() => suite.stop());
  return suite;
}
