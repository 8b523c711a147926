import { PRIVATE_DRIVER } from '../../backend/src/contracts/profiles.js';
import { describe, expect, it } from '@jest/globals';
import type { EventDetailsDto } from '../../backend/src/contracts/events.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { ApiKeysService } from '../../backend/src/modules/users/api-keys.service.js';
import { newDrivers } from '../factories/drivers.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, subscribe } from '../support/sockets.js';
import { inDays, eventsSuite } from '../support/events-suite.js';

/** Drivers join and leave within the seats until the start; organizers put drivers in or out at any time. */
describe('events: sign-ups and seats', () => {
  const suite = eventsSuite();

  describe('attendance', () => {
    it('lets a driver join and leave, shows who is in, and finds their next event', async () => {
      const { t, driver, published, join, profileOf } = suite;
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
      const { t, organizer, driver, rookie, published, join, profileOf } = suite;
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
      const { t, driver, open, published, join } = suite;
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
      const { t, driver, rookie, captain, steward, created, published, startEvent, join } = suite;
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
      const { t, published } = suite;
      const event = await published({ seats: 20, name: 'Seat race' });
      const drivers = await newDrivers(t.em(), t.app.get(ApiKeysService), 30);
      const started = performance.now();
      const responses = await Promise.all(
        drivers.map((racer) =>
          t.request(`/api/events/${event.id}/single/attendance`, { method: 'PUT', headers: { authorization: racer.authorization }, json: { attending: true } }),
        ),
      );
      const elapsed = performance.now() - started;
      // Each answer as its status and, for a refusal, its message: anything else shows in the tally.
      const answers = await Promise.all(responses.map(async (response) => (response.ok ? `${response.status}` : `${response.status} ${(await response.json()).message}`)));
      const tally = answers.reduce<Record<string, number>>((counts, answer) => ({ ...counts, [answer]: (counts[answer] ?? 0) + 1 }), {});
      expect(tally).toEqual({ '200': 20, '409 Event full': 10 });
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
      const { t, organizer, driver, published, startEvent, profileOf } = suite;
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
  });
});
