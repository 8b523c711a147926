import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { CarDto, GameDto, TrackDto } from '../../backend/src/contracts/catalogue.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { multipart, pngImage } from '../factories/uploads.js';

describe('racing catalogue: games, tracks with variants, cars, images', () => {
  let t: TestApp;
  let admin: CookieJar;
  let organizer: CookieJar;
  let driver: CookieJar;
  const put = (path: string, part: string, value: unknown, as: CookieJar | undefined = admin, file?: Parameters<typeof multipart>[2]) =>
    t.request(path, { method: 'PUT', as, body: multipart(part, value, file) });
  const saveGame = async (game: Record<string, unknown>) => {
    const response = await put('/api/games', 'game', game);
    expect(response.status).toBe(200);
    return (await response.json()) as GameDto;
  };

  beforeAll(async () => {
    t = await startTestApp();
    [admin, organizer, driver] = await Promise.all([t.signIn('admin'), t.signIn('organizer'), t.signIn('driver')]);
  });
  afterAll(() => t.close());

  describe('games', () => {
    it('creates a game with platforms, crossplay groups and an icon re-encoded to bounded webp, served with long caching', async () => {
      const icon = await pngImage(2000, 1000);
      const response = await put(
        '/api/games',
        'game',
        { name: 'Test Racer', platforms: ['PC', 'XBOX', 'PLAYSTATION'], crossPlayPlatforms: [{ name: 'Consoles', platforms: ['XBOX', 'PLAYSTATION'] }] },
        admin,
        { data: icon, type: 'image/png', name: 'icon.png' },
      );
      expect(response.status).toBe(200);
      const game = (await response.json()) as GameDto;
      expect(game).toEqual({
        id: expect.any(Number),
        name: 'Test Racer',
        icon: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}\.webp$/),
        platforms: ['PC', 'XBOX', 'PLAYSTATION'],
        crossPlayPlatforms: [{ name: 'Consoles', platforms: ['XBOX', 'PLAYSTATION'] }],
      });
      const image = await t.request(game.icon!);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 256 });
      expect((await t.request('/api/games')).status).toBe(200);
      expect(((await (await t.request('/api/games')).json()) as GameDto[]).map((g) => g.name)).toContain('Test Racer');
      expect(await (await t.request(`/api/games/${game.id}`)).json()).toEqual(game);
    });

    it('updates a game by id, replaces its icon and deletes the old image', async () => {
      const game = await saveGame({ name: 'Rename Me', platforms: ['PC'] });
      const first = await put('/api/games', 'game', { id: game.id, name: 'Renamed', platforms: ['PC', 'XBOX'] }, admin, {
        data: await pngImage(64, 64),
        type: 'image/png',
        name: 'a.png',
      });
      const withIcon = (await first.json()) as GameDto;
      expect(withIcon).toMatchObject({ id: game.id, name: 'Renamed', platforms: ['PC', 'XBOX'] });
      const second = (await (
        await put('/api/games', 'game', { id: game.id, name: 'Renamed', platforms: ['PC', 'XBOX'] }, admin, { data: await pngImage(32, 32), type: 'image/png', name: 'b.png' })
      ).json()) as GameDto;
      expect(second.icon).not.toBe(withIcon.icon);
      expect((await t.request(withIcon.icon!)).status).toBe(404);
      expect((await t.request(second.icon!)).status).toBe(200);
      // Saving without a file keeps the icon.
      const kept = (await (await put('/api/games', 'game', { id: game.id, name: 'Renamed', platforms: ['PC'] })).json()) as GameDto;
      expect(kept.icon).toBe(second.icon);
    });

    it('refuses a file that is not an image with 400, and a file over the size limit with 413', async () => {
      const fake = await put('/api/games', 'game', { name: 'Fake Icon', platforms: ['PC'] }, admin, {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        type: 'image/png',
        name: 'icon.png',
      });
      expect(fake.status).toBe(400);
      expect(await fake.json()).toMatchObject({ status: 400, message: expect.stringContaining('icon is not an image'), errors: { icon: expect.any(Array) } });
      const text = await put('/api/games', 'game', { name: 'Fake Icon', platforms: ['PC'] }, admin, { data: Buffer.from('hello'), type: 'text/plain', name: 'a.txt' });
      expect(text.status).toBe(400);
      const huge = await put('/api/games', 'game', { name: 'Huge Icon', platforms: ['PC'] }, admin, {
        data: Buffer.alloc(6 * 1024 * 1024, 1),
        type: 'image/png',
        name: 'big.png',
      });
      expect(huge.status).toBe(413);
      expect(((await (await t.request('/api/games')).json()) as GameDto[]).map((g) => g.name)).not.toContain('Fake Icon');
    });

    it('answers 400 naming the field for bad game JSON', async () => {
      const cases: [unknown, string][] = [
        [{ platforms: ['PC'] }, 'name'],
        [{ name: 'X', platforms: ['DREAMCAST'] }, 'platforms'],
        [{ name: 'X', platforms: [] }, 'platforms'],
        [{ name: 'X', platforms: ['PC'], crossPlayPlatforms: [{ name: 'Pair', platforms: ['PC', 'XBOX'] }] }, 'crossPlayPlatforms.0.platforms'],
        [{ name: 'X', platforms: ['PC', 'XBOX'], crossPlayPlatforms: [{ name: '', platforms: ['PC', 'XBOX'] }] }, 'crossPlayPlatforms.0.name'],
        [{ name: 'X', platforms: ['PC'], surprise: true }, 'surprise'],
      ];
      for (const [game, field] of cases) {
        const response = await put('/api/games', 'game', game);
        expect({ field, status: response.status }).toEqual({ field, status: 400 });
        expect(Object.keys(((await response.json()) as { errors: object }).errors)).toContain(field);
      }
      const notJson = await put('/api/games', 'game', '{nope');
      expect(notJson.status).toBe(400);
      expect((await notJson.json()).message).toMatch(/game part is not valid JSON/);
      const missing = await t.request('/api/games', { method: 'PUT', as: admin, json: {} });
      expect(missing.status).toBe(400);
      expect((await missing.json()).errors).toHaveProperty('game');
    });

    it('refuses a second game of the same name with 409, and unknown ids with 404', async () => {
      await saveGame({ name: 'Unique Racer', platforms: ['PC'] });
      const again = await put('/api/games', 'game', { name: 'Unique Racer', platforms: ['PC'] });
      expect(again.status).toBe(409);
      expect((await again.json()).message).toMatch(/already exists/);
      expect((await put('/api/games', 'game', { id: 999999, name: 'Ghost', platforms: ['PC'] })).status).toBe(404);
      expect((await t.request('/api/games/999999')).status).toBe(404);
      expect((await t.request('/api/games/999999/tracks')).status).toBe(404);
      expect((await t.request('/api/games/999999/cars')).status).toBe(404);
      expect((await t.request('/api/games/999999', { method: 'DELETE', as: admin })).status).toBe(404);
      expect((await t.request('/api/games/abc')).status).toBe(400);
    });

    it('lets only admins change the catalogue: visitors 401, organizers and drivers 403', async () => {
      const game = await saveGame({ name: 'Guarded', platforms: ['PC'] });
      for (const [path, part, value] of [
        ['/api/games', 'game', { name: 'Nope', platforms: ['PC'] }],
        ['/api/tracks', 'track', { game: { id: game.id }, name: 'Nope', country: 'GB', variants: [{ name: 'GP', lengthMeters: 3000 }] }],
        ['/api/cars', 'car', { game: { id: game.id }, name: 'Nope', carClass: 'GT3' }],
      ] as const) {
        expect((await t.request(path, { method: 'PUT', body: multipart(part, value) })).status).toBe(401);
        expect((await put(path, part, value, organizer)).status).toBe(403);
        expect((await put(path, part, value, driver)).status).toBe(403);
      }
      expect((await t.request(`/api/games/${game.id}`, { method: 'DELETE' })).status).toBe(401);
      expect((await t.request(`/api/games/${game.id}`, { method: 'DELETE', as: organizer })).status).toBe(403);
      expect((await t.request(`/api/games/${game.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
      expect((await t.request(`/api/games/${game.id}`)).status).toBe(404);
    });
  });

  describe('tracks and variants', () => {
    it('creates a track with variants, lists it under its game, updates, adds and removes variants', async () => {
      const game = await saveGame({ name: 'Track Game', platforms: ['PC'] });
      const created = await put('/api/tracks', 'track', {
        game: { id: game.id },
        name: 'Silverstone',
        country: 'gb',
        variants: [
          { name: 'Grand Prix', lengthMeters: 5891 },
          { name: 'National', lengthMeters: 2638 },
        ],
      });
      expect(created.status).toBe(200);
      const track = (await created.json()) as TrackDto;
      expect(track).toEqual({
        id: expect.any(Number),
        gameId: game.id,
        name: 'Silverstone',
        country: 'GB',
        icon: null,
        variants: [
          { id: expect.any(Number), name: 'Grand Prix', lengthMeters: 5891 },
          { id: expect.any(Number), name: 'National', lengthMeters: 2638 },
        ],
      });
      expect(await (await t.request(`/api/games/${game.id}/tracks`)).json()).toEqual([track]);
      expect(await (await t.request(`/api/tracks/${track.id}`)).json()).toEqual(track);

      const [gp, national] = track.variants;
      const updated = (await (
        await put('/api/tracks', 'track', {
          id: track.id,
          game: { id: game.id },
          name: 'Silverstone Circuit',
          country: 'GB',
          variants: [
            { id: gp.id, name: 'GP', lengthMeters: 5891 },
            { name: 'International', lengthMeters: 3619 },
          ],
        })
      ).json()) as TrackDto;
      expect(updated.name).toBe('Silverstone Circuit');
      expect(updated.variants).toEqual([
        { id: gp.id, name: 'GP', lengthMeters: 5891 },
        { id: expect.any(Number), name: 'International', lengthMeters: 3619 },
      ]);
      expect(updated.variants.map((variant) => variant.id)).not.toContain(national.id);

      expect((await t.request(`/api/tracks/${track.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
      expect((await t.request(`/api/tracks/${track.id}`)).status).toBe(404);
    });

    it('answers 400 naming the field for bad tracks, and 404 for unknown ones', async () => {
      const game = await saveGame({ name: 'Bad Track Game', platforms: ['PC'] });
      const valid = { game: { id: game.id }, name: 'Spa', country: 'BE', variants: [{ name: 'GP', lengthMeters: 7004 }] };
      const cases: [unknown, string][] = [
        [{ ...valid, country: 'Belgium' }, 'country'],
        [{ ...valid, variants: [] }, 'variants'],
        [{ ...valid, variants: [{ name: 'GP', lengthMeters: 5 }] }, 'variants.0.lengthMeters'],
        [
          {
            ...valid,
            variants: [
              { name: 'GP', lengthMeters: 7004 },
              { name: 'gp', lengthMeters: 7004 },
            ],
          },
          'variants.1.name',
        ],
        [{ ...valid, game: { id: 999999 } }, 'game.id'],
        [{ ...valid, game: {} }, 'game.id'],
        [{ ...valid, name: ' ' }, 'name'],
      ];
      for (const [track, field] of cases) {
        const response = await put('/api/tracks', 'track', track);
        expect({ field, status: response.status }).toEqual({ field, status: 400 });
        expect(Object.keys(((await response.json()) as { errors: object }).errors)).toContain(field);
      }
      const other = (await (await put('/api/tracks', 'track', valid)).json()) as TrackDto;
      const foreignVariant = await put('/api/tracks', 'track', {
        ...valid,
        name: 'Monza',
        country: 'IT',
        variants: [{ id: other.variants[0].id, name: 'GP', lengthMeters: 5793 }],
      });
      expect(foreignVariant.status).toBe(400);
      expect((await foreignVariant.json()).errors).toHaveProperty(['variants.0.id']);
      expect((await put('/api/tracks', 'track', { ...valid, id: 999999 })).status).toBe(404);
      expect((await t.request('/api/tracks/999999')).status).toBe(404);
      expect((await t.request('/api/tracks/999999', { method: 'DELETE', as: admin })).status).toBe(404);
      expect((await put('/api/tracks', 'track', valid)).status).toBe(409);
    });
  });

  describe('cars', () => {
    it('creates, lists by class, updates and deletes cars', async () => {
      const game = await saveGame({ name: 'Car Game', platforms: ['XBOX'] });
      const response = await put('/api/cars', 'car', { game: { id: game.id }, name: 'Porsche 911 GT3 R', carClass: 'GT3' }, admin, {
        data: await pngImage(300, 300),
        type: 'image/png',
        name: 'car.png',
      });
      expect(response.status).toBe(200);
      const car = (await response.json()) as CarDto;
      expect(car).toEqual({ id: expect.any(Number), gameId: game.id, name: 'Porsche 911 GT3 R', carClass: 'GT3', icon: expect.stringMatching(/\.webp$/) });
      const gt4 = (await (await put('/api/cars', 'car', { game: { id: game.id }, name: 'BMW M4 GT4', carClass: 'GT4' })).json()) as CarDto;
      expect(await (await t.request(`/api/games/${game.id}/cars`)).json()).toEqual([car, gt4]);
      const renamed = (await (await put('/api/cars', 'car', { id: gt4.id, game: { id: game.id }, name: 'BMW M4 GT4 Evo', carClass: 'GT4' })).json()) as CarDto;
      expect(renamed).toMatchObject({ id: gt4.id, name: 'BMW M4 GT4 Evo' });
      expect(await (await t.request(`/api/cars/${gt4.id}`)).json()).toEqual(renamed);
      expect((await t.request(`/api/cars/${gt4.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
      expect((await t.request(`/api/cars/${gt4.id}`)).status).toBe(404);
    });

    it('answers 400 naming the field, 404 for unknown cars, 409 for a duplicate name', async () => {
      const game = await saveGame({ name: 'Car Checks', platforms: ['PC'] });
      for (const [car, field] of [
        [{ game: { id: game.id }, name: 'X' }, 'carClass'],
        [{ game: { id: game.id }, carClass: 'GT3' }, 'name'],
        [{ game: { id: 999999 }, name: 'X', carClass: 'GT3' }, 'game.id'],
        [{ name: 'X', carClass: 'GT3' }, 'game'],
      ] as [unknown, string][]) {
        const response = await put('/api/cars', 'car', car);
        expect({ field, status: response.status }).toEqual({ field, status: 400 });
        expect(Object.keys(((await response.json()) as { errors: object }).errors)).toContain(field);
      }
      expect((await put('/api/cars', 'car', { id: 999999, game: { id: game.id }, name: 'X', carClass: 'GT3' })).status).toBe(404);
      expect((await t.request('/api/cars/999999')).status).toBe(404);
      await put('/api/cars', 'car', { game: { id: game.id }, name: 'Twin', carClass: 'GT3' });
      expect((await put('/api/cars', 'car', { game: { id: game.id }, name: 'Twin', carClass: 'GT3' })).status).toBe(409);
    });
  });

  describe('OpenAPI', () => {
    it('documents the multipart saves with their JSON part and icon', async () => {
      const document = (await (await t.request('/api/docs-json')).json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
      for (const path of ['/api/games', '/api/tracks', '/api/cars', '/api/events/individual', '/api/events/assessment']) {
        expect(Object.keys(document.paths[path].put.requestBody!.content)).toContain('multipart/form-data');
      }
    });
  });

  describe('images', () => {
    it('answers 404 for an unknown image and 400 for a malformed id', async () => {
      expect((await t.request('/api/images/00000000-0000-4000-8000-000000000000.webp')).status).toBe(404);
      expect((await t.request('/api/images/not-a-uuid.webp')).status).toBe(400);
    });
  });
});
