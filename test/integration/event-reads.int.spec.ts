import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import type { Socket } from 'socket.io-client';
import type { Page } from '../../backend/src/contracts/api.js';
import type { AttendeeDto, EventDetailsDto, EventDto } from '../../backend/src/contracts/events.js';
import { ReadCache } from '../../backend/src/infra/read-cache/read-cache.js';
import { LeagueEvent, Race, RaceEvent } from '../../backend/src/modules/events/event.entities.js';
import { EVENT_READS } from '../../backend/src/modules/events/events.reads.js';
import { ApiKeysService } from '../../backend/src/modules/users/api-keys.service.js';
import { newGameWithTrack } from '../factories/catalogue.js';
import { newDrivers, type TestDriver } from '../factories/drivers.js';
import { connectSocket, nextMessage, subscribe } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 3600 * 1000;

/** Public event reads go through the shared read cache: fast, and never stale once a change is pushed. */
describe('public event reads', () => {
  let t: TestApp;
  let drivers: TestDriver[];
  let published: LeagueEvent;
  let draft: LeagueEvent;

  async function newEvent(name: string, options: { published: boolean; raceEvents?: number; gameWithTrack?: Awaited<ReturnType<typeof newGameWithTrack>> }) {
    const em = t.em();
    const { game, gp } = options.gameWithTrack ?? (await newGameWithTrack(em));
    const event = em.create(LeagueEvent, {
      name,
      startsAt: new Date(Date.now() + 3 * DAY),
      game,
      platforms: ['PC'],
      seats: 10,
      competitionStyle: 'SOLO',
      carTuningRule: 'DISALLOWED',
      carUpgradeRule: 'HOMOLOGATED',
      published: options.published,
    });
    for (let position = 0; position < (options.raceEvents ?? 1); position += 1) {
      const raceEvent = em.create(RaceEvent, { event, position, trackVariant: gp });
      em.create(Race, { raceEvent, position: 0, raceEventType: 'RACE', trackVariant: gp, laps: 20 });
    }
    await em.flush();
    return event;
  }

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    drivers = await newDrivers(t.em(), t.app.get(ApiKeysService), 2);
    published = await newEvent('Cached Cup', { published: true, raceEvents: 2 });
    draft = await newEvent('Secret Cup', { published: false });
  });
  afterAll(() => t.close());

  const asVisitor = (path: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${path}`, { headers });
  const join = (driver: TestDriver, attending: boolean) =>
    t.request(`/api/events/${published.id}/single/attendance`, { method: 'PUT', headers: { authorization: driver.authorization }, json: { attending } });

  it('answers a repeated read with the same body and an ETag, and 304 when the browser has it', async () => {
    const first = await asVisitor(`/api/events/${published.id}`);
    const body = await first.text();
    const etag = first.headers.get('etag');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(etag).toBeTruthy();
    expect(await (await asVisitor(`/api/events/${published.id}`)).text()).toBe(body);
    // Plain HTTP: fetch marks a request with If-None-Match as `Cache-Control: no-cache`, which forbids a 304.
    const revalidated = await new Promise<number | undefined>((resolve, reject) =>
      get(`${t.baseUrl}/api/events/${published.id}`, { headers: { 'if-none-match': etag! } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject),
    );
    expect(revalidated).toBe(304);
  });

  it('shows the caller their own change at once: the cache is dropped when the change commits', async () => {
    await asVisitor(`/api/events/${published.id}`);
    expect((await join(drivers[0], true)).status).toBe(200);
    const details = (await (await asVisitor(`/api/events/${published.id}`)).json()) as EventDetailsDto;
    expect(details.attendanceCount).toBe(1);
    expect(details.attendance.map((attendee) => attendee.profileId)).toEqual([drivers[0].profile.id]);
  });

  it('never serves the old state to a browser that refetches when the push arrives', async () => {
    const watcher: Socket = await connectSocket(t.baseUrl);
    try {
      await subscribe(watcher, `event:${published.id}`);
      await asVisitor(`/api/events/${published.id}/drivers`);
      // The push of this change (an earlier test's push may still be on its way under load).
      const pushed = nextMessage(watcher, 'event.attendance.changed', ({ attendees }) => attendees.some((attendee) => attendee.profileId === drivers[1].profile.id), 15_000);
      // Another instance's change, written in plain SQL with its outbox row: this API's commit hook
      // never sees it, so only the relay can drop the cached read before the push goes out.
      await t.app
        .get(MikroORM)
        .em.fork()
        .transactional(async (em) => {
          await em.execute('insert into event_attendance (event_id, profile_id) values (?, ?)', [published.id, drivers[1].profile.id]);
          await em.execute(`insert into outbox_events (id, name, version, aggregate_type, aggregate_id, payload) values (?, 'EventAttendanceChanged', 1, 'event', ?, ?)`, [
            randomUUID(),
            String(published.id),
            JSON.stringify({ eventId: published.id }),
          ]);
        });
      await pushed;
      const attendees = (await (await asVisitor(`/api/events/${published.id}/drivers`)).json()) as AttendeeDto[];
      expect(attendees.map((attendee) => attendee.profileId)).toContain(drivers[1].profile.id);
    } finally {
      watcher.disconnect();
    }
  });

  it('keeps unpublished events out of the shared cache: organizers read them, visitors still get 404', async () => {
    const organizer = await t.signIn('organizer');
    expect((await t.request(`/api/events/${draft.id}`, { as: organizer })).status).toBe(200);
    expect((await asVisitor(`/api/events/${draft.id}`)).status).toBe(404);
    expect((await t.request(`/api/events/${draft.id}`, { as: organizer })).status).toBe(200);
  });

  it("keeps each caller's own reads apart (my next event)", async () => {
    const mine = (driver: TestDriver) =>
      t.request('/api/events/mynext', { headers: { authorization: driver.authorization } }).then((response) => response.json() as Promise<{ event: EventDto | null }>);
    expect((await mine(drivers[0])).event?.id).toBe(published.id);
    await join(drivers[1], false);
    const other = await newDrivers(t.em(), t.app.get(ApiKeysService), 1);
    expect((await mine(other[0])).event).toBeNull();
    expect((await mine(drivers[0])).event?.id).toBe(published.id);
  });

  it('runs the same number of SQL queries for a page of 1 and a page of 25 (no N+1)', async () => {
    // Events alike in shape, on a game of their own, so both pages load the same kinds of relations.
    const gameWithTrack = await newGameWithTrack(t.em());
    for (let i = 0; i < 25; i += 1) await newEvent(`Filler ${i}`, { published: true, raceEvents: 2, gameWithTrack });
    const connection = t.app.get(MikroORM).em.getConnection();
    const execute = jest.spyOn(connection, 'execute');
    const queriesFor = async (pageSize: number) => {
      await t.app.get(ReadCache).invalidate([EVENT_READS.name]);
      execute.mockClear();
      const page = (await (await asVisitor(`/api/events/planned?gameId=${gameWithTrack.game.id}&pageNumber=0&pageSize=${pageSize}`)).json()) as Page<EventDto>;
      expect(page.content).toHaveLength(pageSize);
      // The outbox relay polls on the same connection; its queries are not the request's.
      return execute.mock.calls.filter(([sql]) => !/outbox_events|pg_try_advisory_xact_lock/.test(String(sql))).length;
    };
    try {
      const single = await queriesFor(1);
      expect(single).toBeGreaterThan(0);
      expect(await queriesFor(25)).toBe(single);
    } finally {
      execute.mockRestore();
    }
  });
});
