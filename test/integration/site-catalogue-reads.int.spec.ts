import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { get } from 'node:http';
import type { CarDto, GameDto, TrackDto } from '../../backend/src/contracts/catalogue.js';
import { ReadCacheInterceptor } from '../../backend/src/infra/read-cache/cached-read.js';
import { ReadCache } from '../../backend/src/infra/read-cache/read-cache.js';
import { CATALOGUE_READS } from '../../backend/src/modules/catalogue/catalogue.reads.js';
import { MAINTENANCE_READS, SITE_CONFIG_READS } from '../../backend/src/modules/site/site.reads.js';
import { multipart } from '../factories/uploads.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A GET's status without fetch's own cache headers (fetch sends `Cache-Control: no-cache` with If-None-Match, which forbids a 304). */
const statusOf = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) =>
    get(url, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    }).on('error', reject),
  );

/**
 * The site's and the catalogue's public reads follow the read pattern: `GET /api/config`,
 * `/api/maintenance`, `/api/games` and the games' tracks and cars are cached reads, a visitor's hit is
 * answered before the Nest pipeline, and a change is read back at once by whoever asks next.
 */
describe('site and catalogue reads through the read cache', () => {
  let t: TestApp;
  let admin: CookieJar;
  let organizer: CookieJar;
  const throughNest = jest.spyOn(ReadCacheInterceptor.prototype, 'intercept');
  const put = (path: string, part: string, value: unknown, as: CookieJar | undefined = admin) => t.request(path, { method: 'PUT', as, body: multipart(part, value) });
  const saved = async <T>(path: string, part: string, value: unknown): Promise<T> => {
    const response = await put(path, part, value);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  /** A visitor's read, and whether Nest (the interceptor) answered it rather than the visitor fast path. */
  const read = async <T>(path: string): Promise<{ body: T; byNest: boolean }> => {
    throughNest.mockClear();
    const response = await fetch(`${t.baseUrl}${path}`);
    expect(response.status).toBe(200);
    return { body: (await response.json()) as T, byNest: throughNest.mock.calls.length > 0 };
  };

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    [admin, organizer] = await Promise.all([t.signIn('admin'), t.signIn('organizer')]);
    await t.app.get(ReadCache).invalidate([SITE_CONFIG_READS.name, MAINTENANCE_READS.name, CATALOGUE_READS.name]);
  });
  afterEach(() => {
    throughNest.mockClear();
  });
  afterAll(async () => {
    throughNest.mockRestore();
    await t.close();
  });

  it('answers the configuration through Nest once, then from the cache with the same body and ETag', async () => {
    const first = await read<{ leagueName: string }>('/api/config');
    expect(first.byNest).toBe(true);
    expect(first.body.leagueName).toEqual(expect.any(String));
    const second = await read<{ leagueName: string }>('/api/config');
    expect(second).toEqual({ body: first.body, byNest: false });

    const etag = (await fetch(`${t.baseUrl}/api/config`)).headers.get('etag');
    expect(etag).toBeTruthy();
    expect(await statusOf(`${t.baseUrl}/api/config`, { 'If-None-Match': etag! })).toBe(304);
  });

  it('reads the maintenance switch back at once after an admin turns it on and off', async () => {
    expect((await read('/api/maintenance')).body).toEqual({ enabled: false });
    expect(await read('/api/maintenance')).toEqual({ body: { enabled: false }, byNest: false });

    expect((await t.request('/api/maintenance', { method: 'PUT', as: admin, json: { enabled: true } })).status).toBe(200);
    expect((await read('/api/maintenance')).body).toEqual({ enabled: true });
    expect((await t.request('/api/maintenance', { method: 'PUT', as: admin, json: { enabled: false } })).status).toBe(200);
    expect((await read('/api/maintenance')).body).toEqual({ enabled: false });
  });

  it('serves the games list from the cache and shows a saved, renamed or deleted game to the next reader', async () => {
    await read('/api/games');
    const cached = await read<GameDto[]>('/api/games');
    expect(cached.byNest).toBe(false);

    const game = await saved<GameDto>('/api/games', 'game', { name: 'Cached Racer', platforms: ['PC'] });
    expect((await read<GameDto[]>('/api/games')).body).toContainEqual(game);
    // The worker's invalidations of the save come first, or one could drop the entry read next.
    await t.settled();
    expect((await read<GameDto>(`/api/games/${game.id}`)).body).toEqual(game);
    expect((await read<GameDto>(`/api/games/${game.id}`)).byNest).toBe(false);

    const renamed = await saved<GameDto>('/api/games', 'game', { id: game.id, name: 'Cached Racer 2', platforms: ['PC'] });
    expect((await read<GameDto>(`/api/games/${game.id}`)).body).toEqual(renamed);
    expect((await read<GameDto[]>('/api/games')).body).toContainEqual(renamed);

    expect((await t.request(`/api/games/${game.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
    expect((await read<GameDto[]>('/api/games')).body.map(({ id }) => id)).not.toContain(game.id);
    expect((await fetch(`${t.baseUrl}/api/games/${game.id}`)).status).toBe(404);
  });

  it("shows a game's new, changed and deleted tracks and cars to the next reader of its cached lists", async () => {
    const game = await saved<GameDto>('/api/games', 'game', { name: 'Track Cache Game', platforms: ['PC'] });
    const other = await saved<GameDto>('/api/games', 'game', { name: 'Other Cache Game', platforms: ['PC'] });
    // The worker's invalidations for the new games come first, or one could drop the entry read next.
    await t.settled();
    expect((await read<TrackDto[]>(`/api/games/${game.id}/tracks`)).body).toEqual([]);
    expect((await read<TrackDto[]>(`/api/games/${game.id}/tracks`)).byNest).toBe(false);
    expect((await read<CarDto[]>(`/api/games/${game.id}/cars`)).body).toEqual([]);

    const track = await saved<TrackDto>('/api/tracks', 'track', { game: { id: game.id }, name: 'Spa', country: 'BE', variants: [{ name: 'GP', lengthMeters: 7004 }] });
    expect((await read<TrackDto[]>(`/api/games/${game.id}/tracks`)).body).toEqual([track]);
    expect((await t.request(`/api/tracks/${track.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
    expect((await read<TrackDto[]>(`/api/games/${game.id}/tracks`)).body).toEqual([]);

    const car = await saved<CarDto>('/api/cars', 'car', { game: { id: game.id }, name: 'Cached GT3', carClass: 'GT3' });
    expect((await read<CarDto[]>(`/api/games/${game.id}/cars`)).body).toEqual([car]);
    expect((await read<CarDto>(`/api/cars/${car.id}`)).body).toEqual(car);
    // Moved to another game: it leaves the first game's list and joins the other's.
    expect((await read<CarDto[]>(`/api/games/${other.id}/cars`)).body).toEqual([]);
    const moved = await saved<CarDto>('/api/cars', 'car', { id: car.id, game: { id: other.id }, name: 'Cached GT3', carClass: 'GT3' });
    expect((await read<CarDto[]>(`/api/games/${game.id}/cars`)).body).toEqual([]);
    expect((await read<CarDto[]>(`/api/games/${other.id}/cars`)).body).toEqual([moved]);
    expect((await read<CarDto>(`/api/cars/${car.id}`)).body).toEqual(moved);
  });

  it('still refuses catalogue and maintenance changes to visitors (401) and organizers (403), storing nothing', async () => {
    const before = (await read<GameDto[]>('/api/games')).body;
    expect((await t.request('/api/games', { method: 'PUT', body: multipart('game', { name: 'Not Allowed', platforms: ['PC'] }) })).status).toBe(401);
    expect((await put('/api/games', 'game', { name: 'Not Allowed', platforms: ['PC'] }, organizer)).status).toBe(403);
    expect((await t.request('/api/maintenance', { method: 'PUT', as: organizer, json: { enabled: true } })).status).toBe(403);
    expect((await read<GameDto[]>('/api/games')).body).toEqual(before);
    expect((await read('/api/maintenance')).body).toEqual({ enabled: false });
  });
});
