import { AuditLogEntry } from '../../backend/src/modules/audit/audit.entities.js';
import { PRIVATE_DRIVER } from '../../backend/src/contracts/profiles.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { EventDetailsDto, EventDto, LiveDto, VideoDto } from '../../backend/src/contracts/events.js';
import type { Page } from '../../backend/src/contracts/api.js';
import { OutboxEvent } from '../../backend/src/infra/outbox/outbox-event.entity.js';
import { pushSubscriberName } from '../../backend/src/infra/outbox/push-subscribers.js';
import { DOMAIN_EVENTS_QUEUE } from '../../backend/src/infra/outbox/queues.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { Team, TeamMember } from '../../backend/src/modules/teams/team.entity.js';
import { ApiKeysService } from '../../backend/src/modules/users/api-keys.service.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { newGameWithTrack } from '../factories/catalogue.js';
import { newAttendance } from '../factories/events.js';
import { newDrivers } from '../factories/drivers.js';
import { joinTeam, newTeam } from '../factories/teams.js';
import { newMember } from '../factories/users.js';
import { multipart, pngImage } from '../factories/uploads.js';
import { eventually } from '../support/eventually.js';
import type { CookieJar } from '../support/sign-in.js';
import { collectMessages, nextMessage, socketsClosedAfterEach, subscribe } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const DAY = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('events: organizing, publishing, attendance, live, videos', () => {
  let t: TestApp;
  let organizer: CookieJar;
  let driver: CookieJar;
  let rookie: CookieJar;
  let captain: CookieJar;
  let steward: CookieJar;
  let captainsTeam: Team;
  let gameId: number;
  let gpId: number;
  let indyId: number;
  let otherGameVariantId: number;
  const receiver = new WebhookReceiver();

  const eventJson = (overrides: Record<string, unknown> = {}) => ({
    name: 'Friday Night GT3',
    date: inDays(7),
    game: { id: gameId },
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
        track: { id: gpId },
        externalTrackName: null,
        qualifyEnabled: true,
        qualify: { track: { id: gpId }, laps: null, length: 10 },
        races: [
          { raceEventType: 'SPRINT', track: { id: indyId }, laps: 12, length: null },
          { raceEventType: 'FEATURE', track: { id: gpId }, laps: null, length: 30 },
        ],
      },
    ],
    ...overrides,
  });
  const save = (kind: 'individual' | 'assessment', event: unknown, as: CookieJar | undefined = organizer, file?: Parameters<typeof multipart>[2]) =>
    t.request(`/api/events/${kind}`, { method: 'PUT', as, body: multipart('event', event, file) });
  const created = async (overrides: Record<string, unknown> = {}, kind: 'individual' | 'assessment' = 'individual') => {
    const response = await save(kind, eventJson(overrides));
    expect(response.status).toBe(200);
    return (await response.json()) as EventDetailsDto;
  };
  const published = async (overrides: Record<string, unknown> = {}, kind: 'individual' | 'assessment' = 'individual') => {
    const event = await created(overrides, kind);
    expect((await t.request(`/api/events/${event.id}/publish?publish=true`, { as: organizer })).status).toBe(200);
    return event;
  };
  /** Sets an event's start directly (the API refuses nothing about past dates, but this keeps intent plain). */
  const startEvent = (id: number, at = new Date(Date.now() - 60_000)) => t.em().nativeUpdate(LeagueEvent, { id }, { startsAt: at });
  const join = (id: number, as: CookieJar, attending = true) => t.request(`/api/events/${id}/single/attendance`, { method: 'PUT', as, json: { attending } });
  const open = socketsClosedAfterEach();
  const profileOf = async (username: string) => t.em().findOneOrFail(DriverProfile, { user: { username } });

  beforeAll(async () => {
    await receiver.start();
    t = await startTestApp({ worker: true, env: { DISCORD_WEBHOOK_URL: receiver.url } });
    // The others sign in as their personas (test/factories/users.ts); these two are arranged here.
    await newMember(t.em(), 'driver', { profile: { driverNumber: 77, name: 'Dani Driver', steamUsername: 'DaniDrives' } });
    captainsTeam = (await newMember(t.em(), 'captain')).team!;
    [organizer, driver, rookie, captain, steward] = await Promise.all(['organizer', 'driver', 'rookie', 'captain', 'steward'].map((name) => t.signIn(name as 'driver')));
    const { game, gp, indy } = await newGameWithTrack(t.em(), ['PC', 'XBOX']);
    gameId = game.id;
    gpId = gp.id;
    indyId = indy.id;
    otherGameVariantId = (await newGameWithTrack(t.em())).gp.id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  describe('creating and editing', () => {
    it('creates an unpublished individual event with its races and icon, visible only to organizers', async () => {
      const response = await save('individual', eventJson({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }), organizer, {
        data: await pngImage(100, 100),
        type: 'image/png',
        name: 'event.png',
      });
      expect(response.status).toBe(200);
      const event = (await response.json()) as EventDetailsDto;
      expect(event).toMatchObject({
        id: expect.any(Number),
        name: 'Friday Night GT3',
        assessmentEvent: false,
        published: false,
        season: null,
        game: { id: gameId, platforms: ['PC', 'XBOX'] },
        platforms: ['PC'],
        seats: 20,
        competitionStyle: 'SOLO',
        carTuningRule: 'DISALLOWED',
        carUpgradeRule: 'HOMOLOGATED',
        stewarded: true,
        leaderboardsEnabled: false,
        youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        icon: expect.stringMatching(/^\/api\/images\/.+\.webp$/),
        attendanceCount: 0,
        seatsLeft: 20,
        live: false,
        attendance: [],
      });
      expect(new Date(event.date).toISOString()).toBe(event.date);
      expect(event.raceEvents).toEqual([
        {
          id: expect.any(Number),
          track: expect.objectContaining({ id: gpId, trackName: 'Brands Hatch', name: 'GP', country: 'GB' }),
          externalTrackName: null,
          qualifyEnabled: true,
          qualify: { track: expect.objectContaining({ id: gpId }), laps: null, length: 10 },
          races: [
            { id: expect.any(Number), raceEventType: 'SPRINT', track: expect.objectContaining({ id: indyId, name: 'Indy' }), laps: 12, length: null },
            { id: expect.any(Number), raceEventType: 'FEATURE', track: expect.objectContaining({ id: gpId }), laps: null, length: 30 },
          ],
        },
      ]);
      expect((await t.request(`/api/events/${event.id}`)).status).toBe(404);
      expect((await t.request(`/api/events/${event.id}`, { as: driver })).status).toBe(404);
      expect((await t.request(`/api/events/${event.id}/drivers`)).status).toBe(404);
      expect(await (await t.request(`/api/events/${event.id}`, { as: organizer })).json()).toEqual(event);
      const planned = (await (await t.request('/api/events/planned?pageSize=1000')).json()) as Page<EventDto>;
      expect(planned.content.map((e) => e.id)).not.toContain(event.id);
    });

    it('updates an event by id, replacing its race events, and keeps the kind apart', async () => {
      const event = await created();
      const response = await save(
        'individual',
        eventJson({ id: event.id, name: 'Renamed', raceEvents: [{ externalTrackName: 'Nordschleife (mod)', races: [{ raceEventType: 'ENDURANCE', length: 120 }] }] }),
      );
      expect(response.status).toBe(200);
      const updated = (await response.json()) as EventDetailsDto;
      expect(updated).toMatchObject({ id: event.id, name: 'Renamed', icon: null });
      expect(updated.raceEvents).toEqual([
        {
          id: expect.any(Number),
          track: null,
          externalTrackName: 'Nordschleife (mod)',
          qualifyEnabled: false,
          qualify: null,
          races: [{ id: expect.any(Number), raceEventType: 'ENDURANCE', track: null, laps: null, length: 120 }],
        },
      ]);
      expect((await save('assessment', eventJson({ id: event.id }))).status).toBe(404);
      expect((await save('individual', eventJson({ id: 999999 }))).status).toBe(404);
    });

    it('creates assessment events, read through the assessment routes only', async () => {
      const assessment = await published({ name: 'Assessment race', seats: 30 }, 'assessment');
      expect(assessment.assessmentEvent).toBe(true);
      expect(await (await t.request(`/api/events/assessment/${assessment.id}`)).json()).toMatchObject({ id: assessment.id, assessmentEvent: true, published: true });
      const individual = await published();
      expect((await t.request(`/api/events/assessment/${individual.id}`)).status).toBe(404);
      const planned = (await (await t.request('/api/events/assessment/planned')).json()) as Page<EventDto>;
      expect(planned.content.map((e) => e.id)).toContain(assessment.id);
      expect(planned.content.every((e) => e.assessmentEvent)).toBe(true);
    });

    it('answers 400 naming the field for bad events', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, 'name'],
        [{ date: '2026-12-04T19:00:00' }, 'date'],
        [{ date: 'next friday' }, 'date'],
        [{ game: { id: 999999 } }, 'game.id'],
        [{ game: null }, 'game'],
        [{ platforms: ['PLAYSTATION'] }, 'platforms'],
        [{ platforms: ['ALL'] }, 'platforms'],
        [{ seats: 0 }, 'seats'],
        [{ competitionStyle: 'DUO' }, 'competitionStyle'],
        [{ carTuningRule: 'MAYBE' }, 'carTuningRule'],
        [{ carUpgradeRule: 'SOME' }, 'carUpgradeRule'],
        [{ youtubeUrl: 'https://vimeo.com/123' }, 'youtubeUrl'],
        [{ raceEvents: [] }, 'raceEvents'],
        [{ raceEvents: [{ races: [{ raceEventType: 'RACE', laps: 5 }] }] }, 'raceEvents.0.track'],
        [{ raceEvents: [{ track: { id: otherGameVariantId }, races: [{ raceEventType: 'RACE', laps: 5 }] }] }, 'raceEvents.0.track.id'],
        [{ raceEvents: [{ track: { id: gpId }, races: [{ raceEventType: 'DRAG' }] }] }, 'raceEvents.0.races.0.raceEventType'],
        [{ raceEvents: [{ track: { id: gpId }, races: [{ raceEventType: 'RACE', laps: 5, track: { id: otherGameVariantId } }] }] }, 'raceEvents.0.races.0.track.id'],
        [{ raceEvents: [{ track: { id: gpId }, races: [{ raceEventType: 'RACE', laps: 0 }] }] }, 'raceEvents.0.races.0.laps'],
        [
          { raceEvents: [{ track: { id: gpId }, qualify: { track: { id: otherGameVariantId } }, races: [{ raceEventType: 'RACE', laps: 5 }] }] },
          'raceEvents.0.qualify.track.id',
        ],
        [{ status: 'LIVE' }, 'status'],
      ];
      for (const [overrides, field] of cases) {
        const response = await save('individual', eventJson(overrides));
        expect({ field, status: response.status }).toEqual({ field, status: 400 });
        const body = (await response.json()) as { errors: Record<string, string[]>; message: string };
        expect({ field, fields: Object.keys(body.errors) }).toEqual({ field, fields: expect.arrayContaining([field]) });
      }
    });

    it('keeps the catalogue an event races on: deleting its game or track is refused (409)', async () => {
      await created();
      const admin = await t.signIn('admin');
      const [track] = (await (await t.request(`/api/games/${gameId}/tracks`)).json()) as { id: number }[];
      const trackDelete = await t.request(`/api/tracks/${track.id}`, { method: 'DELETE', as: admin });
      expect(trackDelete.status).toBe(409);
      expect((await trackDelete.json()).message).toMatch(/still in use/);
      expect((await t.request(`/api/games/${gameId}`, { method: 'DELETE', as: admin })).status).toBe(409);
      expect((await t.request(`/api/tracks/${track.id}`)).status).toBe(200);
    });

    it('refuses fewer seats than drivers already in (409)', async () => {
      const event = await published({ seats: 5 });
      await t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', as: organizer, json: { profileId: (await profileOf('driver')).id, attending: true } });
      await t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', as: organizer, json: { profileId: (await profileOf('steward')).id, attending: true } });
      const response = await save('individual', eventJson({ id: event.id, seats: 1 }));
      expect(response.status).toBe(409);
      expect((await response.json()).message).toMatch(/Seats cannot be fewer/);
      expect((await save('individual', eventJson({ id: event.id, seats: 2 }))).status).toBe(200);
    });
  });

  describe('lists', () => {
    it('lists upcoming published events soonest first, with filters, and past ones latest first', async () => {
      const later = await published({ name: 'Later', date: inDays(30), platforms: ['XBOX'] });
      const sooner = await published({ name: 'Sooner', date: inDays(0.5) });
      const past = await published({ name: 'Past' });
      await startEvent(past.id, new Date(Date.now() - 3 * DAY));
      const planned = (await (await t.request('/api/events/planned?pageNumber=0&pageSize=1000')).json()) as Page<EventDto>;
      const ids = planned.content.map((e) => e.id);
      expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
      expect(ids).not.toContain(past.id);
      const dates = planned.content.map((e) => e.date);
      expect([...dates].sort()).toEqual(dates);
      expect(planned).toMatchObject({ pageNumber: 0, pageSize: 1000, totalElements: planned.content.length });
      const next = (await (await t.request('/api/events/planned?pageNumber=0&pageSize=1')).json()) as Page<EventDto>;
      expect(next.content).toHaveLength(1);
      expect(next.content[0].date <= sooner.date).toBe(true);

      const xbox = (await (await t.request(`/api/events/planned?pageSize=1000&platform=XBOX&gameId=${gameId}`)).json()) as Page<EventDto>;
      expect(xbox.content.map((e) => e.id)).toEqual([later.id]);
      const pastPage = (await (await t.request(`/api/events/past?pageSize=1000&gameId=${gameId}`)).json()) as Page<EventDto>;
      expect(pastPage.content.map((e) => e.id)).toContain(past.id);
      expect((await t.request('/api/events/planned?platform=SEGA')).status).toBe(400);
      expect((await t.request('/api/events/planned?pageSize=0')).status).toBe(400);
    });

    it('gives organizers search lists of individual and assessment events, published or not, with filters and sort', async () => {
      const draft = await created({ name: 'Zeta draft' });
      const search = async (kind: string, body: unknown, as = organizer) => t.request(`/api/events/${kind}?pageNumber=0&pageSize=1000`, { method: 'POST', as, json: body });
      const all = (await (await search('individual', {})).json()) as Page<EventDto>;
      expect(all.content.map((e) => e.id)).toContain(draft.id);
      expect(all.content.every((e) => !e.assessmentEvent)).toBe(true);
      const drafts = (await (await search('individual', { published: false, name: 'zeta' })).json()) as Page<EventDto>;
      expect(drafts.content.map((e) => e.id)).toEqual([draft.id]);
      const byName = (await (await search('individual', { gameId, sort: [{ field: 'name', direction: 'ASC' }] })).json()) as Page<EventDto>;
      const names = byName.content.map((e) => e.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const assessments = (await (await search('assessment', {})).json()) as Page<EventDto>;
      expect(assessments.content.every((e) => e.assessmentEvent)).toBe(true);
      const bad = await search('individual', { sort: [{ field: 'secret' }] });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toHaveProperty(['sort.0.field']);
      expect((await search('individual', { from: 'yesterday' })).status).toBe(400);
      expect((await search('individual', {}, driver)).status).toBe(403);
      expect((await t.request('/api/events/assessment', { method: 'POST', json: {} })).status).toBe(401);
    });
  });

  describe('publishing', () => {
    it('publishes and announces the event on Discord through the worker, retrying a failed post', async () => {
      const event = await created({ name: 'Announced GP' });
      receiver.statuses.push(500);
      const before = receiver.posts.length;
      const answeredBefore = receiver.answered;
      receiver.hold();
      const response = await t.request(`/api/events/${event.id}/publish?publish=true&sendNotification=true`, { as: organizer });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: event.id, published: true });
      // The request did not wait for Discord: Discord has answered nothing yet (every answer is held).
      expect(receiver.answered).toBe(answeredBefore);
      receiver.release();
      await eventually(() => expect(receiver.posts.length - before).toBe(2), 15_000);
      const post = receiver.posts.at(-1)!.body as { content: string; embeds: { title: string; url: string; description: string }[]; allowed_mentions: unknown };
      expect(post.embeds[0]).toMatchObject({ title: 'Announced GP', url: `${t.baseUrl}/events/${event.id}` });
      expect(post.embeds[0].description).toContain('Brands Hatch – GP');
      expect(post.content).toContain(`<t:${Math.floor(new Date(event.date).getTime() / 1000)}:F>`);
      expect(post.allowed_mentions).toEqual({ parse: [] });
      await t.settled(15_000);
      expect((await t.request(`/api/events/${event.id}`)).status).toBe(200);
    });

    it('publishes without a post unless asked, tells open browsers, and unpublishes', async () => {
      const event = await created();
      const visitor = await open(t.baseUrl);
      const before = receiver.posts.length;
      const changed = nextMessage(visitor, 'events.changed', (message) => message.eventId === event.id);
      expect((await t.request(`/api/events/${event.id}/publish?publish=true&sendNotification=false`, { as: organizer })).status).toBe(200);
      expect(await changed).toEqual({ eventId: event.id, published: true });
      const off = await t.request(`/api/events/${event.id}/publish?publish=false`, { as: organizer });
      expect(await off.json()).toMatchObject({ published: false });
      expect((await t.request(`/api/events/${event.id}`)).status).toBe(404);
      await t.settled();
      expect(receiver.posts.length).toBe(before);
    });

    it('tells open browsers when a published event is edited, and its page the new seats', async () => {
      const event = await published({ seats: 10 });
      const visitor = await open(t.baseUrl);
      expect(await subscribe(visitor, `event:${event.id}`)).toEqual({ ok: true });
      const listsRefetch = nextMessage(visitor, 'events.changed', (message) => message.eventId === event.id);
      const seats = nextMessage(visitor, 'event.attendance.changed', (message) => message.eventId === event.id);
      expect((await save('individual', eventJson({ id: event.id, seats: 12, name: 'Moved to Saturday' }))).status).toBe(200);
      expect(await listsRefetch).toEqual({ eventId: event.id, published: true });
      expect(await seats).toEqual({ eventId: event.id, attendanceCount: 0, seatsLeft: 12, attendees: [] });
    });

    it('runs each subscriber of an edit as its own job, keyed <eventId>@<subscriber>, once each even when the event is sent again', async () => {
      const event = await published({ seats: 10 });
      await t.settled();
      const visitor = await open(t.baseUrl);
      expect(await subscribe(visitor, `event:${event.id}`)).toEqual({ ok: true });
      const listRefetches = collectMessages(visitor, 'events.changed');
      const seatPushes = collectMessages(visitor, 'event.attendance.changed');
      expect((await save('individual', eventJson({ id: event.id, seats: 11 }))).status).toBe(200);
      await t.settled();
      const [edit] = await t.em().find(OutboxEvent, { name: 'EventDetailsChanged', aggregateType: 'event', aggregateId: String(event.id) });
      const subscribers = [pushSubscriberName('EventDetailsChanged', 'event.attendance.changed'), pushSubscriberName('EventDetailsChanged', 'events.changed')];
      const handled = () => t.em().execute<{ subscriber: string }[]>('select subscriber from processed_events where event_id = ? order by subscriber', [edit.id]);
      expect((await handled()).map((row) => row.subscriber)).toEqual(subscribers);
      const connection = new Redis(t.config.redisUrl, { maxRetriesPerRequest: null });
      const queue = new Queue(DOMAIN_EVENTS_QUEUE, { connection, prefix: t.config.redisPrefix });
      try {
        for (const subscriber of subscribers) expect(await queue.getJobState(`${edit.id}@${subscriber}`)).toBe('completed');
        // Sent again: the queue already has both job ids, and each subscriber has its row.
        await t.em().nativeUpdate(OutboxEvent, { id: edit.id }, { publishedAt: null });
        await eventually(async () => expect((await t.em().findOneOrFail(OutboxEvent, { id: edit.id })).publishedAt).toBeInstanceOf(Date));
      } finally {
        await queue.close();
        connection.disconnect();
      }
      // Later changes, one on each stream: a repeated push would have arrived before them.
      const seatSentinel = nextMessage(visitor, 'event.attendance.changed', (message) => message.eventId === event.id && message.attendanceCount === 1);
      const listSentinel = nextMessage(visitor, 'events.changed', (message) => message.eventId === event.id && !message.published);
      const driverProfile = await profileOf('driver');
      await t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', as: organizer, json: { profileId: driverProfile.id, attending: true } });
      await seatSentinel;
      await t.request(`/api/events/${event.id}/publish?publish=false`, { as: organizer });
      await listSentinel;
      expect((await handled()).map((row) => row.subscriber)).toEqual(subscribers);
      expect(listRefetches.filter((message) => message.eventId === event.id)).toEqual([
        { eventId: event.id, published: true },
        { eventId: event.id, published: false },
      ]);
      expect(seatPushes.filter((message) => message.eventId === event.id).map(({ attendanceCount, seatsLeft }) => ({ attendanceCount, seatsLeft }))).toEqual([
        { attendanceCount: 0, seatsLeft: 11 },
        { attendanceCount: 1, seatsLeft: 10 },
      ]);
    });

    it('guards publishing: 401, 403 for drivers, 404 unknown, 400 bad flags, and the CSRF header', async () => {
      const event = await created();
      expect((await t.request(`/api/events/${event.id}/publish`)).status).toBe(401);
      expect((await t.request(`/api/events/${event.id}/publish`, { as: driver })).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/publish`, { as: steward })).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/publish`, { headers: { cookie: organizer.header() } })).status).toBe(403);
      expect((await t.request('/api/events/999999/publish', { as: organizer })).status).toBe(404);
      const bad = await t.request(`/api/events/${event.id}/publish?publish=maybe`, { as: organizer });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toHaveProperty('publish');
    });
  });

  describe('attendance', () => {
    it('lets a driver join and leave, shows who is in, and finds their next event', async () => {
      const event = await published({ seats: 3, date: inDays(0.25) });
      const joined = await join(event.id, driver);
      expect(joined.status).toBe(200);
      expect(await joined.json()).toEqual({ eventId: event.id, attending: true, attendanceCount: 1, seatsLeft: 2 });
      // Joining twice changes nothing.
      expect(await (await join(event.id, driver)).json()).toMatchObject({ attendanceCount: 1 });
      const drivers = await (await t.request(`/api/events/${event.id}/drivers`)).json();
      expect(drivers).toEqual([{ profileId: (await profileOf('driver')).id, driverNumber: 77, driverName: '[ 77 ] - DaniDrives', team: null }]);
      expect(await (await t.request(`/api/events/${event.id}`)).json()).toMatchObject({ attendanceCount: 1, seatsLeft: 2, attendance: drivers });
      const mine = await (await t.request('/api/events/mynext', { as: driver })).json();
      expect(mine.event).toMatchObject({ id: event.id });
      expect(await (await t.request('/api/events/mynext', { as: await t.signIn('admin') })).json()).toEqual({ event: null });
      const left = await join(event.id, driver, false);
      expect(await left.json()).toEqual({ eventId: event.id, attending: false, attendanceCount: 0, seatsLeft: 3 });
    });

    it('lists a hidden driver as "Private driver" to visitors and drivers, and by name to organizers', async () => {
      const event = await published({ seats: 3 });
      const hide = (hidden: boolean) => t.em().nativeUpdate(DriverProfile, { user: { username: 'driver' } }, { hidden });
      await hide(true);
      try {
        expect((await join(event.id, driver)).status).toBe(200);
        const hidden = { profileId: (await profileOf('driver')).id, driverNumber: null, driverName: PRIVATE_DRIVER, team: null };
        expect(await (await t.request(`/api/events/${event.id}/drivers`)).json()).toEqual([hidden]);
        expect(((await (await t.request(`/api/events/${event.id}`, { as: rookie })).json()) as EventDetailsDto).attendance).toEqual([hidden]);
        const seenByOrganizer = (await (await t.request(`/api/events/${event.id}`, { as: organizer })).json()) as EventDetailsDto;
        expect(seenByOrganizer.attendance).toEqual([{ ...hidden, driverNumber: 77, driverName: '[ 77 ] - DaniDrives' }]);
      } finally {
        await join(event.id, driver, false);
        await hide(false);
      }
    });

    it('pushes the new attendance to every socket in the event room', async () => {
      const event = await published({ seats: 10 });
      const viewer = await open(t.baseUrl);
      expect(await subscribe(viewer, `event:${event.id}`)).toEqual({ ok: true });
      const other = await open(t.baseUrl);
      const elsewhere: unknown[] = [];
      other.on('event.attendance.changed', (message: unknown) => elsewhere.push(message));
      const arrived = nextMessage(viewer, 'event.attendance.changed', (message) => message.eventId === event.id);
      await join(event.id, driver);
      // The message carries who is in, exactly as GET /drivers lists them: the page need not refetch.
      const drivers = await (await t.request(`/api/events/${event.id}/drivers`)).json();
      expect(drivers).toHaveLength(1);
      expect(await arrived).toEqual({ eventId: event.id, attendanceCount: 1, seatsLeft: 9, attendees: drivers });
      const left = nextMessage(viewer, 'event.attendance.changed', (message) => message.eventId === event.id && message.attendanceCount === 0);
      await join(event.id, driver, false);
      expect(await left).toEqual({ eventId: event.id, attendanceCount: 0, seatsLeft: 10, attendees: [] });
      await t.settled();
      expect(elsewhere).toEqual([]);
      expect(await subscribe(viewer, 'event:abc')).toMatchObject({ ok: false });
    });

    it('refuses incomplete profiles (403), unpublished or unknown events (404), started events (409) and a full event (409)', async () => {
      const event = await published({ seats: 1 });
      expect((await join(event.id, rookie)).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/single/attendance`, { method: 'PUT', json: { attending: true } })).status).toBe(401);
      expect((await join((await created()).id, driver)).status).toBe(404);
      expect((await join(999999, driver)).status).toBe(404);
      const bad = await t.request(`/api/events/${event.id}/single/attendance`, { method: 'PUT', as: driver, json: { attending: 'yes' } });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toHaveProperty('attending');

      expect((await join(event.id, driver)).status).toBe(200);
      const full = await join(event.id, steward);
      expect(full.status).toBe(409);
      expect((await full.json()).message).toBe('Event full');

      await startEvent(event.id);
      const leaveLate = await join(event.id, driver, false);
      expect(leaveLate.status).toBe(409);
      expect((await leaveLate.json()).message).toMatch(/started/);
      expect((await join(event.id, captain)).status).toBe(409);
      expect(await (await t.request(`/api/events/${event.id}`)).json()).toMatchObject({ attendanceCount: 1, seatsLeft: 0 });
    });

    it('gives exactly the free seats to 30 drivers signing up at once for 20 seats; the rest get 409 Event full', async () => {
      const event = await published({ seats: 20, name: 'Seat race' });
      const drivers = await newDrivers(t.em(), t.app.get(ApiKeysService), 30);
      const started = performance.now();
      const responses = await Promise.all(
        drivers.map((racer) =>
          t.request(`/api/events/${event.id}/single/attendance`, { method: 'PUT', headers: { authorization: racer.authorization }, json: { attending: true } }),
        ),
      );
      const elapsed = performance.now() - started;
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(20);
      expect(statuses.filter((status) => status === 409)).toHaveLength(10);
      const refusals = await Promise.all(responses.filter((response) => response.status === 409).map((response) => response.json()));
      expect(refusals.every((body) => body.message === 'Event full')).toBe(true);
      const [{ rows, taken }] = await t
        .em()
        .execute<{ rows: number; taken: number }[]>(
          'select (select count(*)::int from event_attendance where event_id = ?) as rows, seats_taken as taken from events where id = ?',
          [event.id, event.id],
        );
      expect({ rows, taken }).toEqual({ rows: 20, taken: 20 });
      expect(await (await t.request(`/api/events/${event.id}`)).json()).toMatchObject({ attendanceCount: 20, seatsLeft: 0 });
      process.stdout.write(`seat race: 30 concurrent sign-ups for 20 seats in ${elapsed.toFixed(0)} ms → 20 × 200, 10 × 409\n`);
    });

    it('lets organizers put any driver in or out at any time, within the seats', async () => {
      const event = await published({ seats: 1 });
      const driverProfile = await profileOf('driver');
      const set = (profileId: number, attending: boolean, as: CookieJar | undefined = organizer) =>
        t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', as, json: { profileId, attending } });
      expect(await (await set(driverProfile.id, true)).json()).toEqual({ eventId: event.id, attendanceCount: 1, seatsLeft: 0 });
      expect((await set((await profileOf('steward')).id, true)).status).toBe(409);
      await startEvent(event.id);
      expect(await (await set(driverProfile.id, false)).json()).toMatchObject({ attendanceCount: 0 });
      expect((await set(999999, true)).status).toBe(404);
      expect((await t.request('/api/events/999999/attendance', { method: 'PUT', as: organizer, json: { profileId: driverProfile.id, attending: true } })).status).toBe(404);
      expect((await set(driverProfile.id, true, driver)).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', json: { profileId: driverProfile.id, attending: true } })).status).toBe(401);
      const bad = await t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', as: organizer, json: { profileId: 'x', attending: true } });
      expect((await bad.json()).errors).toHaveProperty('profileId');
    });

    it('lets a captain enter exactly the team drivers for a team event', async () => {
      const em = t.em();
      const team = await em.findOneOrFail(Team, captainsTeam.id);
      await joinTeam(em, team, (await em.findOneOrFail(DriverProfile, { user: { username: 'driver' } })).user);
      const captainProfile = await profileOf('captain');
      const driverProfile = await profileOf('driver');
      const stewardProfile = await profileOf('steward');
      const event = await published({ competitionStyle: 'TEAM', seats: 10 });
      const enter = (profileIds: number[], as: CookieJar | undefined = captain, teamId = team.id) =>
        t.request(`/api/events/${event.id}/attendance/team`, { method: 'POST', as, json: { teamId, profileIds } });

      const both = await enter([captainProfile.id, driverProfile.id]);
      expect(both.status).toBe(200);
      expect(await both.json()).toEqual({ eventId: event.id, attendanceCount: 2, seatsLeft: 8 });
      const drivers = (await (await t.request(`/api/events/${event.id}/drivers`)).json()) as { profileId: number; team: unknown }[];
      expect(drivers.map((d) => d.team)).toEqual([
        { id: team.id, name: team.name },
        { id: team.id, name: team.name },
      ]);
      expect(await (await enter([captainProfile.id])).json()).toMatchObject({ attendanceCount: 1 });

      const outsider = await enter([captainProfile.id, stewardProfile.id]);
      expect(outsider.status).toBe(400);
      expect((await outsider.json()).errors).toHaveProperty(['profileIds.1']);
      const otherTeam = await newTeam(t.em());
      expect((await enter([captainProfile.id], captain, otherTeam.id)).status).toBe(403);
      expect((await enter([captainProfile.id], captain, 999999)).status).toBe(404);
      expect((await enter([captainProfile.id], driver)).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/attendance/team`, { method: 'POST', json: { teamId: team.id, profileIds: [captainProfile.id] } })).status).toBe(401);
      expect((await t.request(`/api/events/999999/attendance/team`, { method: 'POST', as: captain, json: { teamId: team.id, profileIds: [] } })).status).toBe(404);
      const solo = await published({ competitionStyle: 'SOLO' });
      expect(
        (await t.request(`/api/events/${solo.id}/attendance/team`, { method: 'POST', as: captain, json: { teamId: team.id, profileIds: [captainProfile.id] } })).status,
      ).toBe(409);
      const bad = await enter(['x' as unknown as number]);
      expect((await bad.json()).errors).toHaveProperty('profileIds');
    });
  });

  describe('team entries', () => {
    /** The captain's team with the driver in it too (the attendance tests may have seated them already). */
    const teamOfTwo = async () => {
      const em = t.em();
      const team = await em.findOneOrFail(Team, captainsTeam.id);
      const driverUser = (await profileOf('driver')).user;
      if (!(await em.count(TeamMember, { team: team.id, user: driverUser.id }))) await joinTeam(em, team, driverUser);
      return team;
    };
    const enterTeam = (eventId: number, teamId: number, profileIds: number[], as: CookieJar | undefined = captain, method: 'POST' | 'PUT' = 'POST') =>
      t.request(`/api/events/${eventId}/attendance/team`, { method, as, json: { teamId, profileIds } });

    it('keeps team sizes and the line-up lock on the event, with human messages for bad ones', async () => {
      const event = await created({ competitionStyle: 'TEAM', teamSizeMin: 2, teamSizeMax: 3, lineupLockMinutes: 90 });
      expect(event).toMatchObject({ teamSizeMin: 2, teamSizeMax: 3, lineupLockMinutes: 90 });
      expect(await created()).toMatchObject({ teamSizeMin: 1, teamSizeMax: 4, lineupLockMinutes: 0 });

      const crossed = await save('individual', eventJson({ teamSizeMin: 4, teamSizeMax: 2 }));
      expect(crossed.status).toBe(400);
      expect((await crossed.json()).errors).toEqual({ teamSizeMax: ['the largest team (2) cannot be smaller than the smallest (4)'] });
      const bad = await save('individual', eventJson({ teamSizeMin: 0, teamSizeMax: 51, lineupLockMinutes: -5 }));
      const { errors } = (await bad.json()) as { errors: Record<string, string[]> };
      expect(errors.teamSizeMin).toEqual(['teamSizeMin must be a whole number of drivers from 1 to 50']);
      expect(errors.teamSizeMax).toEqual(['teamSizeMax must be a whole number of drivers from 1 to 50']);
      expect(errors.lineupLockMinutes).toEqual(['lineupLockMinutes must be a whole number of minutes from 0 to 10080 (a week)']);
      // The database holds the sizes whatever writes them.
      await expect(t.em().nativeUpdate(LeagueEvent, { id: event.id }, { teamSizeMin: 5 })).rejects.toThrow(/events_team_size_range/);
    });

    it('lets a captain enter within the team sizes until the line-up locks; organizers adjust after it', async () => {
      const team = await teamOfTwo();
      const [captainProfile, driverProfile, stewardProfile] = await Promise.all([profileOf('captain'), profileOf('driver'), profileOf('steward')]);
      const event = await published({ competitionStyle: 'LVL', seats: 10, teamSizeMin: 2, teamSizeMax: 2, lineupLockMinutes: 60 });

      const alone = await enterTeam(event.id, team.id, [captainProfile.id]);
      expect(alone.status).toBe(409);
      expect((await alone.json()).message).toBe('A team races this event with 2 drivers: you entered 1');
      expect(await (await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id])).json()).toEqual({ eventId: event.id, attendanceCount: 2, seatsLeft: 8 });
      await joinTeam(t.em(), team, stewardProfile.user);
      const three = await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id, stewardProfile.id]);
      expect(three.status).toBe(409);
      expect((await three.json()).message).toBe('A team races this event with 2 drivers: you entered 3');
      expect(await (await enterTeam(event.id, team.id, [])).json()).toMatchObject({ attendanceCount: 0 });
      expect(await (await enterTeam(event.id, team.id, [captainProfile.id, stewardProfile.id])).json()).toMatchObject({ attendanceCount: 2 });

      // 30 minutes before the start, inside the 60-minute lock.
      await startEvent(event.id, new Date(Date.now() + 30 * 60_000));
      const locked = await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id]);
      expect(locked.status).toBe(409);
      expect((await locked.json()).message).toMatch(/^Line-ups locked at .* UTC \(60 minutes before the start\): ask an organizer$/);
      const leaving = await join(event.id, captain, false);
      expect(leaving.status).toBe(409);

      // Organizers swap a driver after the lock, and may leave a team short; never past the largest team.
      expect(await (await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id], organizer, 'PUT')).json()).toMatchObject({ attendanceCount: 2 });
      const drivers = (await (await t.request(`/api/events/${event.id}/drivers`)).json()) as { profileId: number }[];
      expect(drivers.map((d) => d.profileId).sort()).toEqual([captainProfile.id, driverProfile.id].sort());
      expect(await (await enterTeam(event.id, team.id, [driverProfile.id], organizer, 'PUT')).json()).toMatchObject({ attendanceCount: 1 });
      // The organizers' changes are staff changes: the audit log has the team's drivers before and after.
      const [{ before, after, action }] = await t
        .em()
        .find(AuditLogEntry, { kind: 'event', entityId: String(event.id), action: 'team entries set' }, { orderBy: { id: 'desc' }, limit: 1 });
      expect({ action, before, after }).toEqual({
        action: 'team entries set',
        before: { teamId: team.id, profileIds: [captainProfile.id, driverProfile.id].sort((a, b) => a - b) },
        after: { teamId: team.id, profileIds: [driverProfile.id] },
      });
      expect((await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id, stewardProfile.id], organizer, 'PUT')).status).toBe(409);
      // The database refuses the third driver however the row arrives.
      await t.em().nativeUpdate(LeagueEvent, { id: event.id }, { teamSizeMin: 1, teamSizeMax: 1 });
      const past = await t.request(`/api/events/${event.id}/attendance/team`, {
        method: 'PUT',
        as: organizer,
        json: { teamId: team.id, profileIds: [driverProfile.id, captainProfile.id] },
      });
      expect(past.status).toBe(409);
      expect((await past.json()).message).toBe('A team races this event with 1 driver: you entered 2');
      await expect(newAttendance(t.em(), await t.em().findOneOrFail(LeagueEvent, event.id), captainProfile, team)).rejects.toThrow(/event_attendance_team_size_within_max/);
      expect(await (await t.request(`/api/events/${event.id}/drivers`)).json()).toHaveLength(1);
      await t.em().nativeDelete(TeamMember, { team: team.id, user: stewardProfile.user.id });
    });

    it('refuses the organizers’ team route to others, for unknown events and teams, and for solo events', async () => {
      const team = await teamOfTwo();
      const captainProfile = await profileOf('captain');
      const event = await published({ competitionStyle: 'TEAM' });
      expect((await enterTeam(event.id, team.id, [captainProfile.id], captain, 'PUT')).status).toBe(403);
      expect((await enterTeam(event.id, team.id, [captainProfile.id], driver, 'PUT')).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/attendance/team`, { method: 'PUT', json: { teamId: team.id, profileIds: [captainProfile.id] } })).status).toBe(401);
      expect((await enterTeam(999999, team.id, [captainProfile.id], organizer, 'PUT')).status).toBe(404);
      expect((await enterTeam(event.id, 999999, [captainProfile.id], organizer, 'PUT')).status).toBe(404);
      const solo = await published({ competitionStyle: 'SOLO' });
      expect((await enterTeam(solo.id, team.id, [captainProfile.id], organizer, 'PUT')).status).toBe(409);
      const bad = await enterTeam(event.id, team.id, [0], organizer, 'PUT');
      expect((await bad.json()).errors).toHaveProperty('profileIds');
    });

    it('refuses a team of another game', async () => {
      const team = await teamOfTwo();
      const other = await newGameWithTrack(t.em());
      await t.em().nativeUpdate(Team, { id: team.id }, { game: other.game.id });
      try {
        const event = await published({ competitionStyle: 'TEAM' });
        const response = await enterTeam(event.id, team.id, [(await profileOf('captain')).id]);
        expect(response.status).toBe(409);
        expect((await response.json()).message).toBe(`${team.name} races ${other.game.name}, not this event's game`);
      } finally {
        await t.em().nativeUpdate(Team, { id: team.id }, { game: null });
      }
    });

    it('refuses a driver entering a TEAM or LVL event alone, and organizers entering one without a team', async () => {
      for (const competitionStyle of ['TEAM', 'LVL']) {
        const event = await published({ competitionStyle });
        const response = await join(event.id, driver);
        expect(response.status).toBe(409);
        expect((await response.json()).message).toBe("This is a team event: your team's captain enters the drivers who race it");
        const byOrganizer = await t.request(`/api/events/${event.id}/attendance`, {
          method: 'PUT',
          as: organizer,
          json: { profileId: (await profileOf('driver')).id, attending: true },
        });
        expect(byOrganizer.status).toBe(409);
        expect(await (await t.request(`/api/events/${event.id}/drivers`)).json()).toEqual([]);
      }
    });

    it('pushes a captain’s entries to the event page', async () => {
      const team = await teamOfTwo();
      const event = await published({ competitionStyle: 'TEAM' });
      const visitor = await open(t.baseUrl);
      await subscribe(visitor, `event:${event.id}`);
      const pushed = nextMessage(visitor, 'event.attendance.changed', (message) => message.eventId === event.id && message.attendees.length === 2);
      expect((await enterTeam(event.id, team.id, [(await profileOf('captain')).id, (await profileOf('driver')).id])).status).toBe(200);
      expect((await pushed).attendees.map((attendee) => attendee.team)).toEqual([
        { id: team.id, name: team.name },
        { id: team.id, name: team.name },
      ]);
    });
  });

  describe('live event', () => {
    it('goes live with a stream and ends, turning every open browser’s live button on and off', async () => {
      const event = await published({ name: 'Live GP' });
      const visitor = await open(t.baseUrl);
      const on = nextMessage(visitor, 'live.changed', (message) => message.live);
      const response = await t.request(`/api/events/${event.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.twitch.tv/PaddockLeague' } });
      expect(response.status).toBe(200);
      const live = (await response.json()) as LiveDto;
      expect(live.stream).toEqual({ provider: 'TWITCH', id: 'paddockleague', url: 'https://www.twitch.tv/paddockleague' });
      expect(live.event).toMatchObject({ id: event.id, live: true, attendance: [] });
      expect(await on).toEqual({ live: true, eventId: event.id });
      expect(await (await t.request('/api/live')).json()).toEqual(live);

      const off = nextMessage(visitor, 'live.changed', (message) => !message.live);
      expect((await t.request(`/api/events/${event.id}/live`, { method: 'DELETE', as: organizer })).status).toBe(204);
      expect(await off).toEqual({ live: false, eventId: null });
      expect(await (await t.request('/api/live')).json()).toEqual({ event: null, stream: null });
    });

    it('keeps one live event, takes YouTube streams, and refuses bad input', async () => {
      const first = await published();
      const second = await published();
      await t.request(`/api/events/${first.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.twitch.tv/paddock' } });
      const switched = (await (
        await t.request(`/api/events/${second.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.youtube.com/live/dQw4w9WgXcQ' } })
      ).json()) as LiveDto;
      expect(switched).toMatchObject({ event: { id: second.id }, stream: { provider: 'YOUTUBE', id: 'dQw4w9WgXcQ' } });
      expect((await t.request(`/api/events/${first.id}/live`, { method: 'DELETE', as: organizer })).status).toBe(404);
      const bad = await t.request(`/api/events/${second.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://example.com/stream' } });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toHaveProperty('streamUrl');
      const draft = await created();
      expect((await t.request(`/api/events/${draft.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.twitch.tv/paddock' } })).status).toBe(409);
      expect((await t.request('/api/events/999999/live', { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.twitch.tv/paddock' } })).status).toBe(404);
      expect((await t.request(`/api/events/${second.id}/live`, { method: 'PUT', as: driver, json: { streamUrl: 'https://www.twitch.tv/x' } })).status).toBe(403);
      expect((await t.request(`/api/events/${second.id}/live`, { method: 'DELETE', as: steward })).status).toBe(403);
      expect((await t.request(`/api/events/${second.id}/live`, { method: 'DELETE' })).status).toBe(401);
      expect((await t.request(`/api/events/${second.id}/live`, { method: 'DELETE', as: organizer })).status).toBe(204);
    });
  });

  describe('videos', () => {
    it('stores YouTube videos as their id, lists the latest and all of them', async () => {
      const event = await published({ name: 'Filmed GP' });
      const response = await t.request(`/api/events/youtube/${event.id}`, { method: 'POST', as: organizer, json: { youtubeUrl: 'https://youtu.be/aqz-KE-bpKQ?t=42' } });
      expect(response.status).toBe(200);
      const video = (await response.json()) as VideoDto;
      expect(video).toEqual({
        eventId: event.id,
        eventName: 'Filmed GP',
        eventDate: event.date,
        youtubeUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        videoId: 'aqz-KE-bpKQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      });
      const [{ youtube_video_id }] = await t.em().execute<{ youtube_video_id: string }[]>('select youtube_video_id from events where id = ?', [event.id]);
      expect(youtube_video_id).toBe('aqz-KE-bpKQ');
      const latest = (await (await t.request('/api/events/youtube/latest')).json()) as VideoDto[];
      expect(latest.length).toBeLessThanOrEqual(4);
      const all = (await (await t.request('/api/events/youtube/all?pageNumber=0&pageSize=1000')).json()) as Page<VideoDto>;
      expect(all.content.map((v) => v.eventId)).toContain(event.id);
      const dates = all.content.map((v) => v.eventDate);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('refuses other URLs (400), drivers (403), visitors (401) and unknown events (404)', async () => {
      const event = await published();
      for (const youtubeUrl of ['https://vimeo.com/1', 'https://www.youtube.com/watch?v=short', 'javascript:alert(1)', 'https://evil.example/watch?v=dQw4w9WgXcQ']) {
        const response = await t.request(`/api/events/youtube/${event.id}`, { method: 'POST', as: organizer, json: { youtubeUrl } });
        expect({ youtubeUrl, status: response.status }).toEqual({ youtubeUrl, status: 400 });
        expect((await response.json()).errors).toHaveProperty('youtubeUrl');
      }
      const good = { youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
      expect((await t.request(`/api/events/youtube/${event.id}`, { method: 'POST', as: driver, json: good })).status).toBe(403);
      expect((await t.request(`/api/events/youtube/${event.id}`, { method: 'POST', json: good })).status).toBe(401);
      expect((await t.request('/api/events/youtube/999999', { method: 'POST', as: organizer, json: good })).status).toBe(404);
    });
  });

  describe('access', () => {
    it('refuses event changes to visitors (401) and to drivers, stewards and captains without the organizer role (403)', async () => {
      for (const kind of ['individual', 'assessment'] as const) {
        expect((await t.request(`/api/events/${kind}`, { method: 'PUT', body: multipart('event', eventJson()) })).status).toBe(401);
        for (const as of [driver, steward, captain]) expect((await save(kind, eventJson(), as)).status).toBe(403);
      }
      expect((await t.request('/api/events/mynext')).status).toBe(401);
      expect((await t.request('/api/events/abc')).status).toBe(400);
      expect((await t.request('/api/events/999999')).status).toBe(404);
      expect((await t.request('/api/events/assessment/999999')).status).toBe(404);
      expect((await t.request('/api/events/999999/drivers')).status).toBe(404);
    });
  });
});
