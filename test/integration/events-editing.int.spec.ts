import { describe, expect, it } from '@jest/globals';
import type { EventDetailsDto, EventDto } from '../../backend/src/contracts/events.js';
import type { Page } from '../../backend/src/contracts/api.js';
import { multipart, pngImage } from '../factories/uploads.js';
import { eventsSuite } from '../support/events-suite.js';

/** Organizers create and edit individual and assessment events through the API; the rest are refused. */
describe('events: creating, editing and who may', () => {
  const suite = eventsSuite();

  describe('creating and editing', () => {
    it('creates an unpublished individual event with its races and icon, visible only to organizers', async () => {
      const { t, organizer, driver, gameId, gpId, indyId, eventJson, save } = suite;
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
      const { eventJson, save, created } = suite;
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
      const { t, published } = suite;
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
      const { gpId, otherGameVariantId, eventJson, save } = suite;
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
      const { t, gameId, created } = suite;
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
      const { t, organizer, eventJson, save, published, profileOf } = suite;
      const event = await published({ seats: 5 });
      await t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', as: organizer, json: { profileId: (await profileOf('driver')).id, attending: true } });
      await t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', as: organizer, json: { profileId: (await profileOf('steward')).id, attending: true } });
      const response = await save('individual', eventJson({ id: event.id, seats: 1 }));
      expect(response.status).toBe(409);
      expect((await response.json()).message).toMatch(/Seats cannot be fewer/);
      expect((await save('individual', eventJson({ id: event.id, seats: 2 }))).status).toBe(200);
    });
  });

  describe('access', () => {
    it('refuses event changes to visitors (401) and to drivers, stewards and captains without the organizer role (403)', async () => {
      const { t, driver, captain, steward, eventJson, save } = suite;
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
