import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '../../backend/src/contracts/api.js';
import type {
  MyRivalDto,
  MyTrackDto,
  RivalBoardDto,
  RivalCandidateDto,
  RivalImportResultDto,
  RivalPlannedScheduleDto,
  RivalScheduleEntryDto,
  RivalServerDto,
  RivalTimeDto,
  RivalTopForTrackDto,
} from '../../backend/src/contracts/rivals.js';
import { ReadCache } from '../../backend/src/infra/read-cache/read-cache.js';
import type { Car, Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { RivalsServer, RivalTime } from '../../backend/src/modules/rivals/rivals.entities.js';
import { RIVAL_BOARD_READS } from '../../backend/src/modules/rivals/rivals.reads.js';
import { newCar, newGame, newTrack } from '../factories/catalogue.js';
import { newRivalPick, newRivalsServer, newRivalTime } from '../factories/rivals.js';
import { multipart, pngImage } from '../factories/uploads.js';
import { newDriver, newMember } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { collectMessages, nextMessage, socketsClosedAfterEach } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ApiKeysService } from '../../backend/src/modules/users/api-keys.service.js';
import { json } from '../support/responses.js';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/rivals', name));
const STEAM = (n: number) => `7656119800000000${n}`;

/** Rivals: servers and their rotation, server-file imports, console submissions through stewards, boards, picked rivals told when beaten. */
describe('rivals', () => {
  let t: TestApp;
  let admin: CookieJar;
  let steward: CookieJar;
  let driver: CookieJar;
  let me: DriverProfile;
  let adminProfile: DriverProfile;
  let game: Game;
  let tracks: TrackVariant[];
  let car: Car;
  let otherCar: Car;
  let rivalOne: DriverProfile;
  let rivalTwo: DriverProfile;
  let rivalTwoUserId: number;
  const connect = socketsClosedAfterEach();

  const timesCount = () => t.em().count(RivalTime, {});
  const importFile = (data: Buffer, name: string, fields: Record<string, string>, as: CookieJar | null = admin) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(data)], { type: 'application/json' }), name);
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return t.request('/api/rivals/import', { method: 'POST', as: as ?? undefined, body: form });
  };
  const submit = (time: Record<string, unknown>, as: CookieJar = driver, screenshot = true) =>
    (async () =>
      t.request('/api/rivals/times', {
        method: 'POST',
        as,
        body: multipart(
          'time',
          { trackId: tracks[0].id, carId: car.id, platform: 'XBOX', conditions: 'DRY', ...time },
          screenshot ? { field: 'screenshot', data: await pngImage(), type: 'image/png', name: 'lap.png' } : undefined,
        ),
      }))();

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    ({ profile: adminProfile } = await newMember(t.em(), 'admin'));
    await newMember(t.em(), 'steward');
    ({ profile: me } = await newMember(t.em(), 'driver', { profile: { xboxUsername: 'MeOnXbox', steamUsername: STEAM(5) } }));
    [admin, steward, driver] = [await t.signIn('admin'), await t.signIn('steward'), await t.signIn('driver')];
    game = await newGame(t.em(), { platforms: ['PC', 'XBOX', 'PLAYSTATION'], crossPlayPlatforms: [{ name: 'Console crossplay', platforms: ['XBOX', 'PLAYSTATION'] }] });
    const { variants } = await newTrack(t.em(), game, {
      name: 'Brands Hatch',
      variants: [
        { name: 'GP', lengthMeters: 3908 },
        { name: 'Indy', lengthMeters: 1929 },
        { name: 'Club', lengthMeters: 2000 },
      ],
    });
    tracks = variants;
    car = await newCar(t.em(), game, { name: 'Porsche 992 GT3 R' });
    otherCar = await newCar(t.em(), game, { name: 'Ferrari 296 GT3' });
    rivalOne = (await newDriver(t.em(), { profile: { steamUsername: STEAM(1), name: 'Rival One' } })).profile;
    const two = await newDriver(t.em(), { profile: { steamUsername: STEAM(2), name: 'Rival Two' } });
    [rivalTwo, rivalTwoUserId] = [two.profile, two.user.id];
    await newDriver(t.em(), { profile: { steamUsername: STEAM(4), name: 'Always Cutting' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('servers and schedule', () => {
    it('lets admins create a server and shows it in the live schedule with its current and next track', async () => {
      const created = await json<RivalServerDto>(
        await t.request('/api/rivals/servers', {
          method: 'POST',
          as: admin,
          json: { name: 'Rivals PC #1', gameId: game.id, platform: 'PC', trackIds: [tracks[1].id, tracks[0].id], rotation: { kind: 'DAILY', dailyAt: '20:00' } },
        }),
        201,
      );
      expect(created.tracks.map((track) => track.id)).toEqual([tracks[1].id, tracks[0].id]);
      expect(new Date(created.rotationTime).getUTCHours()).toBe(20);
      const live = await json<RivalScheduleEntryDto[]>(await t.request('/api/rivals/schedule/live'));
      expect(live.find((entry) => entry.id === created.id)).toMatchObject({
        serverName: 'Rivals PC #1',
        currentTrack: { id: tracks[1].id, trackName: 'Brands Hatch', name: 'Indy' },
        nextTrack: { id: tracks[0].id, name: 'GP' },
        crossplay: null,
        platforms: ['PC'],
        game: { id: game.id },
      });
    });

    it('refuses a server with a track of another game, a platform the game lacks, or both platform and crossplay (400, nothing stored)', async () => {
      const otherGame = await newGame(t.em(), { platforms: ['PC'] });
      const { variants } = await newTrack(t.em(), otherGame);
      const before = await t.em().count(RivalsServer, {});
      const base = { name: 'Bad server', gameId: game.id, platform: 'PC', trackIds: [tracks[0].id], rotation: { kind: 'EVERY_HOURS', everyHours: 2 } };
      for (const [body, field] of [
        [{ ...base, trackIds: [variants[0].id] }, 'trackIds'],
        [{ ...base, gameId: otherGame.id, platform: 'XBOX', trackIds: [variants[0].id] }, 'platform'],
        [{ ...base, crossplay: 'Console crossplay' }, 'platform'],
        [{ ...base, rotation: { kind: 'DAILY', dailyAt: '25:00' } }, 'rotation.dailyAt'],
        [{ ...base, trackIds: [] }, 'trackIds'],
      ] as const) {
        const response = await t.request('/api/rivals/servers', { method: 'POST', as: admin, json: body });
        const error = await json<{ errors: Record<string, string[]> }>(response, 400);
        expect(Object.keys(error.errors)).toContain(field);
      }
      expect(await t.em().count(RivalsServer, {})).toBe(before);
    });

    it('refuses server administration to visitors (401) and drivers and stewards (403)', async () => {
      const server = await newRivalsServer(t.em(), { game, tracks: [tracks[0]] });
      const calls = [
        ['GET', '/api/rivals/servers', undefined],
        ['POST', '/api/rivals/servers', { name: 'x', gameId: game.id, platform: 'PC', trackIds: [tracks[0].id], rotation: { kind: 'EVERY_HOURS', everyHours: 1 } }],
        [
          'PUT',
          `/api/rivals/servers/${server.id}`,
          { name: 'x', gameId: game.id, platform: 'PC', trackIds: [tracks[0].id], rotation: { kind: 'EVERY_HOURS', everyHours: 1 } },
        ],
        ['DELETE', `/api/rivals/servers/${server.id}`, undefined],
      ] as const;
      for (const [method, url, body] of calls) {
        expect((await t.request(url, { method, json: body })).status).toBe(401);
        expect((await t.request(url, { method, json: body, as: driver })).status).toBe(403);
        expect((await t.request(url, { method, json: body, as: steward })).status).toBe(403);
      }
    });

    it('plans the next three days for signed-in users only, starting with the current track', async () => {
      const server = await newRivalsServer(t.em(), { game, tracks, crossplay: 'Console crossplay', rotation: { kind: 'EVERY_HOURS', everyHours: 6 } });
      expect((await t.request(`/api/rivals/schedule/upcoming/${server.id}`)).status).toBe(401);
      const planned = await json<RivalPlannedScheduleDto>(await t.request(`/api/rivals/schedule/upcoming/${server.id}`, { as: driver }));
      // The current track, then one every six hours for three days.
      expect(planned.tracks).toHaveLength(1 + 12);
      expect(planned.tracks.slice(0, 4).map((entry) => entry.track.id)).toEqual([tracks[0].id, tracks[1].id, tracks[2].id, tracks[0].id]);
      const gaps = planned.tracks.slice(2).map((entry, index) => Date.parse(entry.scheduled) - Date.parse(planned.tracks[index + 1].scheduled));
      expect(new Set(gaps)).toEqual(new Set([6 * 3600_000]));
      expect((await t.request('/api/rivals/schedule/upcoming/999999', { as: driver })).status).toBe(404);
    });

    it('rotates a due server on its own and pushes the new schedule to every browser', async () => {
      const server = await newRivalsServer(t.em(), { game, tracks: [tracks[0], tracks[2]], name: 'Rotating soon', rotation: { kind: 'EVERY_HOURS', everyHours: 1 / 60 } });
      const socket = await connect(t.baseUrl);
      const pushed = nextMessage(socket, 'rivals.schedule.changed', (message) => message.serverIds.includes(server.id), 8000);
      // A minute passes: the worker's every-second job moves it on.
      t.clock.advance(61_000);
      await pushed;
      const live = await json<RivalScheduleEntryDto[]>(await t.request('/api/rivals/schedule/live'));
      expect(live.find((entry) => entry.id === server.id)).toMatchObject({ currentTrack: { id: tracks[2].id }, nextTrack: { id: tracks[0].id } });
      const stored = await t.em().findOneOrFail(RivalsServer, server.id);
      expect(stored.nextRotationAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    }, 15_000);
  });

  describe('server file import', () => {
    it('stores the best valid lap of each known driver of an ACC file (UTF-16LE), verified, and says who was unknown or had no valid lap', async () => {
      const result = await json<RivalImportResultDto>(
        await importFile(fixture('acc-hotlap.utf16le.json'), 'hotlap.json', { trackId: String(tracks[0].id), carId: String(car.id) }),
      );
      expect(result.format).toBe('ACC');
      expect(result.imported.map((line) => [line.profile.id, line.timeMs, line.improved])).toEqual([
        // Rival One's 1:39.900 was not valid for best: 1:41.500 counts.
        [rivalOne.id, 101_500, true],
        [rivalTwo.id, 102_000, true],
      ]);
      expect(result.unknownDrivers).toEqual([{ name: 'Nobody Known', platformId: '76561198000000099' }]);
      expect(result.withoutValidLap).toEqual(['Always Cutting']);
      const board = await json<RivalBoardDto>(await t.request(`/api/rivals/track/${tracks[0].id}?platform=PC`));
      expect(board.content.map((row) => [row.profile.id, row.timeAsText, row.provisional, row.gapAsText])).toEqual([
        [rivalOne.id, '1:41.500', false, ''],
        [rivalTwo.id, '1:42.000', false, '+0.500'],
      ]);
    });

    it('reads Assetto Corsa files (laps with cuts do not count) and never replaces a faster time with a slower one', async () => {
      const result = await json<RivalImportResultDto>(await importFile(fixture('ac-qualify.json'), 'ac.json', { trackId: String(tracks[0].id), carId: String(car.id) }));
      expect(result.format).toBe('AC');
      expect(result.imported.map((line) => [line.profile.id, line.timeMs, line.improved])).toEqual([
        [rivalOne.id, 100_100, true],
        // 1:40.050 had cuts; 1:40.900 is valid and faster than 1:42.000.
        [rivalTwo.id, 100_900, true],
      ]);
      // The same file again: nothing is faster, nothing new is stored.
      const before = await timesCount();
      const again = await json<RivalImportResultDto>(await importFile(fixture('ac-qualify.json'), 'ac.json', { trackId: String(tracks[0].id), carId: String(car.id) }));
      expect(again.imported.every((line) => !line.improved)).toBe(true);
      expect(await timesCount()).toBe(before);
    });

    it('answers a malformed or foreign file, or a bad track or car, with 400 and stores nothing', async () => {
      const before = await timesCount();
      const fields = { trackId: String(tracks[0].id), carId: String(car.id) };
      for (const [data, name] of [
        [fixture('acc-malformed.json'), 'cut.json'],
        [Buffer.from('not a result at all'), 'notes.txt'],
        [Buffer.from('{"hello": "world"}'), 'x.json'],
      ] as const) {
        const error = await json<{ message: string; errors: Record<string, string[]> }>(await importFile(data, name, fields), 400);
        expect(error.errors.file).toBeDefined();
      }
      const otherGameCar = await newCar(t.em(), await newGame(t.em()));
      expect(
        (await json<{ errors: Record<string, string[]> }>(await importFile(fixture('ac-qualify.json'), 'ac.json', { ...fields, carId: String(otherGameCar.id) }), 400)).errors
          .carId,
      ).toBeDefined();
      expect((await importFile(fixture('ac-qualify.json'), 'ac.json', { ...fields, trackId: 'abc' })).status).toBe(400);
      expect(await timesCount()).toBe(before);
    });

    it("takes files from a server operator's script with an admin's API key, and refuses a driver's key (403)", async () => {
      const adminUser = await t.em().findOneOrFail(DriverProfile, { id: adminProfile.id }, { populate: ['user'] });
      const keys = t.app.get(ApiKeysService);
      const send = async (authorization: string) => {
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(fixture('acc-hotlap.utf16le.json'))], { type: 'application/json' }), 'hotlap.json');
        form.set('trackId', String(tracks[1].id));
        form.set('carId', String(car.id));
        return t.request('/api/rivals/import', { method: 'POST', headers: { authorization }, body: form });
      };
      expect((await send(`Bearer ${await keys.issue(rivalTwoUserId)}`)).status).toBe(403);
      const result = await json<RivalImportResultDto>(await send(`Bearer ${await keys.issue(adminUser.user.id)}`));
      expect(result.imported.map((line) => line.profile.id)).toEqual([rivalOne.id, rivalTwo.id]);
    });

    it('refuses imports to visitors (401) and drivers and stewards (403)', async () => {
      const fields = { trackId: String(tracks[0].id), carId: String(car.id) };
      expect((await importFile(fixture('ac-qualify.json'), 'ac.json', fields, null)).status).toBe(401);
      expect((await importFile(fixture('ac-qualify.json'), 'ac.json', fields, driver)).status).toBe(403);
      expect((await importFile(fixture('ac-qualify.json'), 'ac.json', fields, steward)).status).toBe(403);
    });
  });

  describe('console submissions and stewards', () => {
    let submitted: RivalTimeDto;

    it('stores a console time as provisional with its screenshot; the queue shows it to stewards only', async () => {
      submitted = await json<RivalTimeDto>(await submit({ time: '1:45.250' }), 201);
      expect(submitted).toMatchObject({ profile: { id: me.id }, platform: 'XBOX', timeMs: 105_250, status: 'PROVISIONAL', source: 'SUBMISSION' });
      expect(submitted.screenshot).toMatch(/^\/api\/images\/.+\.webp$/);
      const queue = await json<Page<RivalTimeDto>>(await t.request('/api/rivals/times/provisional', { as: steward }));
      expect(queue.content.map((time) => time.id)).toContain(submitted.id);
      expect((await t.request('/api/rivals/times/provisional')).status).toBe(401);
      expect((await t.request('/api/rivals/times/provisional', { as: driver })).status).toBe(403);
      const top = await json<RivalTopForTrackDto>(await t.request(`/api/rivals/top/${tracks[0].id}`));
      expect(top.results.XBOX).toEqual([
        { profile: { id: me.id, name: expect.any(String) }, timeAsText: '1:45.250', timeMs: 105_250, provisional: true, car: expect.objectContaining({ id: car.id }) },
      ]);
    });

    it('refuses a slower time for the same car and board (409), a bad time or no proof (400), and visitors (401); nothing is stored', async () => {
      const before = await timesCount();
      expect((await submit({ time: '1:46.000' })).status).toBe(409);
      expect((await json<{ errors: Record<string, string[]> }>(await submit({ time: 'fast' }), 400)).errors.time).toBeDefined();
      for (const time of [true, [], {}]) {
        expect([time, (await json<{ errors: Record<string, string[]> }>(await submit({ time }), 400)).errors.time]).toEqual([
          time,
          ['time must be a lap time like 1:47.512 (or milliseconds), under two hours'],
        ]);
      }
      expect((await json<{ errors: Record<string, string[]> }>(await submit({ time: '1:44.000' }, driver, false), 400)).errors.screenshot).toBeDefined();
      expect((await json<{ errors: Record<string, string[]> }>(await submit({ time: '1:44.000', platform: 'SWITCH' }), 400)).errors.platform).toBeDefined();
      expect((await json<{ errors: Record<string, string[]> }>(await submit({ time: '1:44.000', videoUrl: 'ftp://x' }, driver, false), 400)).errors.videoUrl).toBeDefined();
      const visitor = await t.request('/api/rivals/times', {
        method: 'POST',
        body: multipart('time', { trackId: tracks[0].id, carId: car.id, platform: 'XBOX', conditions: 'DRY', time: '1:44.000' }),
      });
      expect(visitor.status).toBe(401);
      expect(await timesCount()).toBe(before);
    });

    it('a steward rejects a faster time with a reason: the driver sees it and the board falls back to the best time left', async () => {
      const faster = await json<RivalTimeDto>(await submit({ time: '1:44.000', videoUrl: 'https://video.example/lap' }, driver, false), 201);
      let board = await json<RivalBoardDto>(await t.request(`/api/rivals/track/${tracks[0].id}?platform=XBOX`));
      expect(board.content[0]).toMatchObject({ timeMs: 104_000, provisional: true });
      expect((await t.request(`/api/rivals/times/${faster.id}/reject`, { method: 'POST', as: driver, json: { reason: 'x' } })).status).toBe(403);
      expect(
        (
          await json<{ errors: Record<string, string[]> }>(
            await t.request(`/api/rivals/times/${faster.id}/reject`, { method: 'POST', as: steward, json: { reason: ' ' } }),
            400,
          )
        ).errors.reason,
      ).toBeDefined();
      const rejected = await json<RivalTimeDto>(
        await t.request(`/api/rivals/times/${faster.id}/reject`, { method: 'POST', as: steward, json: { reason: 'The car is not on the screenshot' } }),
      );
      expect(rejected).toMatchObject({ status: 'REJECTED', rejectReason: 'The car is not on the screenshot' });
      const mine = await json<Page<RivalTimeDto>>(await t.request('/api/rivals/times/mine', { as: driver }));
      expect(mine.content.find((time) => time.id === faster.id)).toMatchObject({ status: 'REJECTED', rejectReason: 'The car is not on the screenshot' });
      board = await json<RivalBoardDto>(await t.request(`/api/rivals/track/${tracks[0].id}?platform=XBOX`));
      expect(board.content.map((row) => row.timeMs)).toEqual([105_250]);
      // Decided once only.
      expect((await t.request(`/api/rivals/times/${faster.id}/verify`, { method: 'POST', as: steward })).status).toBe(409);
    });

    it('a steward verifies a time: it stops being provisional and leaves the queue', async () => {
      const verified = await json<RivalTimeDto>(await t.request(`/api/rivals/times/${submitted.id}/verify`, { method: 'POST', as: steward }));
      expect(verified.status).toBe('VERIFIED');
      const queue = await json<Page<RivalTimeDto>>(await t.request('/api/rivals/times/provisional', { as: steward }));
      expect(queue.content.map((time) => time.id)).not.toContain(submitted.id);
      const top = await json<RivalTopForTrackDto>(await t.request(`/api/rivals/top/${tracks[0].id}`));
      expect(top.results.XBOX[0]).toMatchObject({ timeMs: 105_250, provisional: false });
    });

    it('refuses a steward deciding on their own time (403, still provisional); another steward verifies it', async () => {
      const own = await json<RivalTimeDto>(await submit({ time: '1:50.000' }, steward), 201);
      for (const decision of ['verify', 'reject'] as const) {
        const refused = await t.request(`/api/rivals/times/${own.id}/${decision}`, { method: 'POST', as: steward, json: { reason: 'Mine' } });
        expect(refused.status).toBe(403);
        expect((await refused.json()) as { message: string }).toMatchObject({ message: 'This is your own time: another steward decides on it' });
      }
      expect((await t.em().findOneOrFail(RivalTime, own.id)).status).toBe('PROVISIONAL');
      await newMember(t.em(), 'organizer');
      const verified = await json<RivalTimeDto>(await t.request(`/api/rivals/times/${own.id}/verify`, { method: 'POST', as: await t.signIn('organizer') }));
      expect(verified.status).toBe('VERIFIED');
    });
  });

  describe('boards', () => {
    let board: TrackVariant;

    beforeAll(async () => {
      board = tracks[2];
      for (let i = 0; i < 30; i += 1) {
        const { profile } = await newDriver(t.em());
        await newRivalTime(t.em(), { profile, game, track: board, car: i % 2 ? car : otherCar, timeMs: 100_000 + i * 250, platform: i % 3 === 0 ? 'PLAYSTATION' : 'PC' });
      }
    });

    it('pages a platform board 25 rows at a time with the gap to the leader and the percent band', async () => {
      const first = await json<RivalBoardDto>(await t.request(`/api/rivals/track/${board.id}?platform=PC`));
      expect(first).toMatchObject({ pageNumber: 0, pageSize: 25, totalElements: 20, totalPages: 1, platform: 'PC', leaderMs: 100_250, track: { id: board.id, name: 'Club' } });
      expect(first.content[0]).toMatchObject({ position: 1, gapMs: 0, band: 100 });
      expect(first.content[1]).toMatchObject({ position: 2, gapMs: 250, gapAsText: '+0.250', band: 102 });
      expect(first.content.at(-1)).toMatchObject({ position: 20, timeMs: 107_250, band: 107 });
      const second = await json<RivalBoardDto>(await t.request(`/api/rivals/track/${board.id}?platform=PC&pageNumber=1&pageSize=5`));
      expect(second.content.map((row) => row.position)).toEqual([6, 7, 8, 9, 10]);
    });

    it('combines all platforms without one, and keys the top three by platform', async () => {
      const combined = await json<RivalBoardDto>(await t.request(`/api/rivals/track/${board.id}?pageSize=50`));
      expect(combined.totalElements).toBe(30);
      expect(combined.content.slice(0, 2).map((row) => [row.platform, row.timeMs])).toEqual([
        ['PLAYSTATION', 100_000],
        ['PC', 100_250],
      ]);
      const top = await json<RivalTopForTrackDto>(await t.request(`/api/rivals/top/${board.id}`));
      expect(Object.keys(top.results).sort()).toEqual(['PC', 'PLAYSTATION', 'XBOX']);
      expect(top.results.PC.map((entry) => entry.timeAsText)).toEqual(['1:40.250', '1:40.500', '1:41.000']);
      expect(top.results.PLAYSTATION.map((entry) => entry.timeMs)).toEqual([100_000, 100_750, 101_500]);
      expect(top.results.XBOX).toEqual([]);
      expect(top).toMatchObject({ game: { id: game.id }, track: { id: board.id, trackName: 'Brands Hatch', name: 'Club' } });
    });

    it('answers unknown tracks with 404 and bad queries with 400', async () => {
      expect((await t.request('/api/rivals/track/999999')).status).toBe(404);
      expect((await t.request('/api/rivals/top/999999')).status).toBe(404);
      expect((await t.request(`/api/rivals/track/${board.id}?platform=SWITCH`)).status).toBe(400);
      expect((await t.request(`/api/rivals/track/${board.id}?pageSize=0`)).status).toBe(400);
    });

    it('runs the same number of SQL queries for a board page of 1 and of 25, and for the top three (no N+1)', async () => {
      const connection = t.app.get(MikroORM).em.getConnection();
      const execute = jest.spyOn(connection, 'execute');
      const queriesFor = async (url: string) => {
        await t.app.get(ReadCache).invalidate([RIVAL_BOARD_READS.name]);
        execute.mockClear();
        expect((await t.request(url)).status).toBe(200);
        return execute.mock.calls.filter(([sql]) => !/outbox_events|pg_try_advisory_xact_lock|rivals_servers/.test(String(sql))).length;
      };
      try {
        const single = await queriesFor(`/api/rivals/track/${board.id}?pageSize=1`);
        expect(single).toBe(2);
        expect(await queriesFor(`/api/rivals/track/${board.id}?pageSize=25`)).toBe(single);
        expect(await queriesFor(`/api/rivals/top/${board.id}`)).toBe(2);
      } finally {
        execute.mockRestore();
      }
    });

    it('refreshes open boards: a time set is pushed to everyone', async () => {
      const socket = await connect(t.baseUrl);
      const pushed = nextMessage(socket, 'rivals.time.changed', (message) => message.trackId === tracks[1].id);
      await newRivalTime(t.em(), { profile: rivalOne, game, track: tracks[0], car, timeMs: 100_000 }); // no event: factories bypass the API
      await json<RivalTimeDto>(await submit({ trackId: tracks[1].id, time: '0:59.999' }), 201);
      expect(await pushed).toMatchObject({ trackId: tracks[1].id, platform: 'XBOX', profileId: me.id, status: 'PROVISIONAL' });
    });
  });

  describe('picking rivals', () => {
    it('picks and drops rivals per game and per track, refusing oneself and unknown drivers', async () => {
      const picked = await json<MyRivalDto[]>(
        await t.request(`/api/rivals/my/game/${game.id}?platform=PC`, { method: 'POST', as: driver, json: { profileId: rivalOne.id } }),
        201,
      );
      expect(picked.map((rival) => [rival.profile.id, rival.trackId])).toEqual([[rivalOne.id, null]]);
      await json<MyRivalDto[]>(await t.request(`/api/rivals/my/track/${tracks[0].id}?platform=PC`, { method: 'POST', as: driver, json: { profileId: rivalTwo.id } }), 201);
      const onTrack = await json<MyRivalDto[]>(await t.request(`/api/rivals/my/track/${tracks[0].id}?platform=PC`, { as: driver }));
      expect(onTrack.map((rival) => [rival.profile.id, rival.best?.timeMs])).toEqual([
        [rivalOne.id, 100_000],
        [rivalTwo.id, 100_900],
      ]);
      expect(
        (
          await json<{ errors: Record<string, string[]> }>(
            await t.request('/api/rivals', { method: 'POST', as: driver, json: { profileId: me.id, gameId: game.id, platform: 'PC' } }),
            400,
          )
        ).errors.profileId,
      ).toBeDefined();
      expect(
        (
          await json<{ errors: Record<string, string[]> }>(
            await t.request('/api/rivals', { method: 'POST', as: driver, json: { profileId: 999999, gameId: game.id, platform: 'PC' } }),
            400,
          )
        ).errors.profileId,
      ).toBeDefined();
      expect((await t.request(`/api/rivals/my/track/${tracks[0].id}?platform=PC&profileId=${rivalTwo.id}`, { method: 'DELETE', as: driver })).status).toBe(204);
      const game_ = await json<MyRivalDto[]>(await t.request(`/api/rivals/my/game/${game.id}?platform=PC`, { as: driver }));
      expect(game_.map((rival) => rival.profile.id)).toEqual([rivalOne.id]);
      // POST/DELETE /rivals take the SPEC §3 Rival (track, game, platform) with the driver picked.
      const rival = { profileId: rivalTwo.id, gameId: game.id, trackId: tracks[2].id, platform: 'PC' };
      await json<MyRivalDto[]>(await t.request('/api/rivals', { method: 'POST', as: driver, json: rival }), 201);
      expect((await json<MyRivalDto[]>(await t.request(`/api/rivals/my/track/${tracks[2].id}?platform=PC`, { as: driver }))).map((pick) => pick.profile.id)).toContain(
        rivalTwo.id,
      );
      expect((await t.request('/api/rivals', { method: 'DELETE', as: driver, json: rival })).status).toBe(204);
      expect((await json<MyRivalDto[]>(await t.request(`/api/rivals/my/track/${tracks[2].id}?platform=PC`, { as: driver }))).map((pick) => pick.profile.id)).not.toContain(
        rivalTwo.id,
      );
    });

    it('lists candidates with times on a board and on all boards, marking those picked', async () => {
      const onBoard = await json<Page<RivalCandidateDto>>(
        await t.request(`/api/rivals/games/track/${tracks[0].id}/candidates?platform=PC&pageNumber=0&pageSize=1000`, { as: driver }),
      );
      expect(onBoard.content.map((candidate) => [candidate.profile.id, candidate.best?.timeMs, candidate.picked])).toEqual([
        [rivalOne.id, 100_000, true],
        [rivalTwo.id, 100_900, false],
      ]);
      const all = await json<Page<RivalCandidateDto>>(await t.request('/api/rivals/candidates?pageNumber=0&pageSize=1000', { as: driver }));
      expect(all.content.map((candidate) => candidate.profile.id)).toEqual(expect.arrayContaining([rivalOne.id, rivalTwo.id]));
      expect(all.content.map((candidate) => candidate.profile.id)).not.toContain(me.id);
    });

    it('shows me and my rivals on a track and on a server’s next track, with the gap', async () => {
      await newRivalTime(t.em(), { profile: me, game, track: tracks[0], car, timeMs: 100_500 });
      const mine = await json<MyTrackDto>(await t.request(`/api/rivals/me/track/${tracks[0].id}?platform=PC`, { as: driver }));
      expect(mine.best).toMatchObject({ timeMs: 100_500, position: 2 });
      expect(mine.rivals.map((rival) => [rival.profile.id, rival.gapMs])).toEqual([[rivalOne.id, -500]]);
      const server = await newRivalsServer(t.em(), { game, tracks: [tracks[1], tracks[0]] });
      const next = await json<MyTrackDto>(await t.request(`/api/rivals/my/next/track/${server.id}?platform=PC`, { as: driver }));
      expect(next.track.id).toBe(tracks[0].id);
    });

    it('refuses every picking call to visitors (401)', async () => {
      for (const [method, url] of [
        ['GET', `/api/rivals/me/track/${tracks[0].id}?platform=PC`],
        ['POST', '/api/rivals'],
        ['DELETE', '/api/rivals'],
        ['GET', `/api/rivals/my/game/${game.id}?platform=PC`],
        ['POST', `/api/rivals/my/game/${game.id}?platform=PC`],
        ['DELETE', `/api/rivals/my/game/${game.id}?platform=PC`],
        ['GET', `/api/rivals/my/track/${tracks[0].id}?platform=PC`],
        ['POST', `/api/rivals/my/track/${tracks[0].id}?platform=PC`],
        ['DELETE', `/api/rivals/my/track/${tracks[0].id}?platform=PC`],
        ['GET', `/api/rivals/my/next/track/1?platform=PC`],
        ['GET', '/api/rivals/candidates'],
        ['GET', `/api/rivals/games/track/${tracks[0].id}/candidates?platform=PC`],
        ['GET', '/api/rivals/times/mine'],
      ] as const) {
        expect({ method, url, status: (await t.request(url, { method })).status }).toEqual({ method, url, status: 401 });
      }
    });

    it('tells a driver live when a rival they picked beats their time, once a steward verifies it (a provisional time tells no one)', async () => {
      // me: 1:40.500 on GP (PC); rivalTwo picked for the game, on 1:40.900.
      await newRivalPick(t.em(), { owner: me, rival: rivalTwo, game });
      const socket = await connect(t.baseUrl, { as: driver });
      const heard = collectMessages(socket, 'rivals.beaten');
      const rivalTwoKey = `Bearer ${await t.app.get(ApiKeysService).issue(rivalTwoUserId)}`;
      const provisional = await json<RivalTimeDto>(
        await t.request('/api/rivals/times', {
          method: 'POST',
          headers: { authorization: rivalTwoKey },
          body: multipart('time', { trackId: tracks[0].id, carId: car.id, platform: 'PC', conditions: 'DRY', time: '1:40.100', videoUrl: 'https://video.example/fast' }),
        }),
        201,
      );
      await t.settled();
      expect(heard).toEqual([]);
      const beaten = nextMessage(socket, 'rivals.beaten', (message) => message.rival.id === rivalTwo.id);
      await json<RivalTimeDto>(await t.request(`/api/rivals/times/${provisional.id}/verify`, { method: 'POST', as: steward }));
      expect(await beaten).toMatchObject({ track: { id: tracks[0].id }, platform: 'PC', gameId: game.id, rivalTimeAsText: '1:40.100', yourTimeAsText: '1:40.500' });
    });
  });
});
