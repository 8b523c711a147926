import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { newGameWithTrack } from '../factories/catalogue.js';
import { multipart } from '../factories/uploads.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 3600 * 1000;

async function expectError(response: Response, status: number): Promise<{ message: string; errors?: Record<string, string[]>; path: string }> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { timestamp: string; status: number; message: string; path: string; errors?: Record<string, string[]> };
  expect(body).toMatchObject({ status, timestamp: expect.any(String), message: expect.any(String), path: expect.any(String) });
  return body;
}

describe('hardening: no input gives a 500 or stalls the server', () => {
  let t: TestApp;
  let admin: CookieJar;
  let gameId: number;
  let gpId: number;

  const eventJson = (overrides: Record<string, unknown> = {}) => ({
    name: 'Hardening GP',
    date: new Date(Date.now() + 7 * DAY).toISOString(),
    game: { id: gameId },
    platforms: ['PC'],
    seats: 20,
    competitionStyle: 'SOLO',
    carTuningRule: 'DISALLOWED',
    carUpgradeRule: 'HOMOLOGATED',
    raceEvents: [{ track: { id: gpId }, races: [{ raceEventType: 'RACE', laps: 10 }] }],
    ...overrides,
  });
  const saveEvent = (event: unknown) => t.request('/api/events/individual', { method: 'PUT', as: admin, body: multipart('event', event) });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signIn('admin');
    const { game, gp } = await newGameWithTrack(t.em());
    gameId = game.id;
    gpId = gp.id;
  });
  afterAll(() => t.close());

  describe('deeply nested JSON', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);

    it('is refused at the parser with 400 in the error shape, signed in or not', async () => {
      const asAdmin = await expectError(await t.request('/api/users/page', { method: 'POST', as: admin, headers: { 'content-type': 'application/json' }, body: deep }), 400);
      expect(asAdmin.message).toBe('The request body nests deeper than 32 levels');
      await expectError(await t.request('/api/config', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"a":${deep}}` }), 400);
    });

    it('accepts nesting up to the limit, and brackets inside strings do not count', async () => {
      const body = JSON.stringify({ sort: [{ field: 'username', direction: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[' }] });
      const response = await t.request('/api/users/page', { method: 'POST', as: admin, headers: { 'content-type': 'application/json' }, body });
      expect((await expectError(response, 400)).errors).toEqual({ 'sort.0.direction': expect.any(Array) });
    });

    // What would stall the server is JSON.parse walking 100,000 levels; the byte scan refuses the body before it.
    // (How fast the server answers meanwhile is a speed figure: benchmarks measure those, tests do not.)
    it('refuses ten such requests in flight before any reaches the JSON parser, and answers /api/health meanwhile', async () => {
      const parse = jest.spyOn(JSON, 'parse');
      try {
        const inFlight = Array.from({ length: 10 }, () =>
          t.request('/api/users/page', { method: 'POST', as: admin, headers: { 'content-type': 'application/json' }, body: deep }),
        );
        expect((await t.request('/api/health')).status).toBe(200);
        for (const response of await Promise.all(inFlight)) expect(response.status).toBe(400);
        expect(parse.mock.calls.filter(([text]) => String(text).length >= deep.length)).toEqual([]);
      } finally {
        parse.mockRestore();
      }
    });

    it('is refused in the JSON part of a multipart body too (400, not a stack overflow)', async () => {
      const part = `{"name":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
      const body = await expectError(await t.request('/api/events/individual', { method: 'PUT', as: admin, body: multipart('event', part) }), 400);
      expect(body.message).toContain('nests deeper than 32 levels');
    });
  });

  describe('text PostgreSQL cannot store', () => {
    it('refuses a NUL byte in a JSON field with 400 naming the field', async () => {
      const response = await t.request('/api/headlines', { method: 'POST', as: admin, json: { text: 'a\u0000b' } });
      const body = await expectError(response, 400);
      expect(Object.keys(body.errors!)).toEqual(['text']);
      expect(body.message).toContain('text must not contain NUL');
    });

    it('refuses a lone surrogate in a JSON field with 400 naming the field', async () => {
      const response = await t.request('/api/headlines', { method: 'POST', as: admin, headers: { 'content-type': 'application/json' }, body: '{"text":"a\\ud800b"}' });
      const body = await expectError(response, 400);
      expect(body.errors).toEqual({ text: [expect.stringContaining('lone surrogate')] });
    });

    it('refuses NUL and lone surrogates in the JSON part of a multipart body, by their nested field', async () => {
      const event = eventJson({ name: 'Bad\u0000name', raceEvents: [{ externalTrackName: '\udc00', races: [{ raceEventType: 'RACE', laps: 3 }] }] });
      const body = await expectError(await saveEvent(event), 400);
      expect(Object.keys(body.errors!).sort()).toEqual(['name', 'raceEvents.0.externalTrackName']);
    });

    it('refuses NUL in query parameters and object keys', async () => {
      const query = await expectError(await t.request('/api/events/planned?platform=PC%00'), 400);
      expect(Object.keys(query.errors!)).toEqual(['platform']);
      const key = await expectError(await t.request('/api/headlines', { method: 'POST', as: admin, json: { 'te\u0000xt': 'x' } }), 400);
      expect(Object.keys(key.errors!)).toEqual(['te\\u0000xt']);
    });

    it('still stores text with real surrogate pairs (emoji)', async () => {
      const response = await t.request('/api/headlines', { method: 'POST', as: admin, json: { text: 'Rivals are live 🏁' } });
      expect(response.status).toBeLessThan(300);
    });
  });

  describe('a list where an object belongs', () => {
    it('refuses {"sort": [[]]} and [[{...}]] with 400 naming the item', async () => {
      for (const sort of [[[]], [[{ field: 'username' }]], [null], [1]]) {
        const body = await expectError(await t.request('/api/users/page', { method: 'POST', as: admin, json: { sort } }), 400);
        expect(Object.keys(body.errors!)).toContain('sort.0');
      }
    });

    it('refuses lists in crossPlayPlatforms, variants and races', async () => {
      const game = await t.request('/api/games', { method: 'PUT', as: admin, body: multipart('game', { name: 'G', platforms: ['PC', 'XBOX'], crossPlayPlatforms: [[]] }) });
      expect(Object.keys((await expectError(game, 400)).errors!)).toContain('crossPlayPlatforms.0');
      const track = await t.request('/api/tracks', { method: 'PUT', as: admin, body: multipart('track', { game: { id: gameId }, name: 'T', country: 'GB', variants: [[]] }) });
      expect(Object.keys((await expectError(track, 400)).errors!)).toContain('variants.0');
      const races = await saveEvent(eventJson({ raceEvents: [{ track: { id: gpId }, races: [[]] }] }));
      expect(Object.keys((await expectError(races, 400)).errors!)).toContain('raceEvents.0.races.0');
      const raceEvents = await saveEvent(eventJson({ raceEvents: [[{ track: { id: gpId }, races: [{ raceEventType: 'RACE', laps: 1 }] }]] }));
      expect(Object.keys((await expectError(raceEvents, 400)).errors!)).toContain('raceEvents.0');
    });
  });

  describe('dates', () => {
    it.each(['2026-13-45T99:99:99Z', '0000-01-01T00:00:00Z', '2026-12-04T19:00:00+99:99', '2026-02-30T10:00:00Z', '2026-12-04T24:00:00Z'])(
      'refuses the event date %s with 400 naming date',
      async (date) => {
        const body = await expectError(await saveEvent(eventJson({ date })), 400);
        expect(Object.keys(body.errors!)).toEqual(['date']);
      },
    );

    it('accepts real dates with offsets and leap days', async () => {
      for (const date of ['2028-02-29T19:00:00+02:00', '2027-12-04T19:00:00.250Z']) {
        const response = await saveEvent(eventJson({ date }));
        expect({ date, status: response.status }).toEqual({ date, status: 200 });
      }
    });

    it('refuses impossible from/to filters of the organizer search', async () => {
      const body = await expectError(await t.request('/api/events/individual', { method: 'POST', as: admin, json: { from: '2026-13-01', to: '0000-01-01' } }), 400);
      expect(Object.keys(body.errors!).sort()).toEqual(['from', 'to']);
      expect((await t.request('/api/events/individual', { method: 'POST', as: admin, json: { from: '2026-01-01', to: '2026-12-31T00:00:00Z' } })).status).toBe(200);
    });
  });

  it('refuses a race with neither laps nor minutes, naming the field', async () => {
    const body = await expectError(await saveEvent(eventJson({ raceEvents: [{ track: { id: gpId }, races: [{ raceEventType: 'RACE', laps: null, length: null }] }] })), 400);
    expect(body.errors).toEqual({ 'raceEvents.0.races.0.laps': ['a race needs laps, length (minutes) or both'] });
    expect((await saveEvent(eventJson({ raceEvents: [{ track: { id: gpId }, races: [{ raceEventType: 'RACE', length: 30 }] }] }))).status).toBe(200);
  });
});
