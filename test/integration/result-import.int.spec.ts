import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RaceResultsDto, ResultImportDto, ResultImportPreviewDto, ResultRevisionDto } from '../../backend/src/contracts/competitions.js';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { RememberedIdentity } from '../../backend/src/modules/competitions/remembered-identity.entity.js';
import { MAX_RESULT_FILE_BYTES } from '../../backend/src/modules/competitions/result-import/index.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { newGame, newTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newDriver } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { json } from '../support/responses.js';

const DAY = 24 * 3600 * 1000;
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/results', name));

/**
 * The organizer's import of a server result file: a preview of every line (nothing written), then the
 * save with a decision for each driver outside the league — a profile (remembered for later imports),
 * a guest, or skipped — refused when the file is for another game or track unless confirmed.
 */
describe('result import: preview, decisions, remembered identities, the race check', () => {
  let t: TestApp;
  let organizer: CookieJar;
  let driver: CookieJar;
  let acc: Game;
  let monza: TrackVariant;
  let season: Season;
  let lando: DriverProfile;
  let rita: DriverProfile;
  let mapped: DriverProfile;

  const resultsPath = (race: Race) => `/api/seasons/${season.id}/events/${race.eventId}/results/${race.raceId}`;
  interface Race {
    eventId: number;
    raceId: number;
  }
  /** A race of a new published round of the season, ACC at Monza unless told otherwise. */
  const newRace = async (days: number, game = acc, track = monza): Promise<Race> => {
    const event = await newEvent(t.em(), { game, track, startsAt: new Date(Date.now() - days * DAY) });
    await t.em().nativeUpdate(LeagueEvent, event.id, { season: season.id });
    const loaded = await t.em().findOneOrFail(LeagueEvent, event.id, { populate: ['raceEvents.races'] });
    return { eventId: event.id, raceId: loaded.raceEvents.getItems()[0].races.getItems()[0].id };
  };
  const form = (name: string, fields: Record<string, unknown> = {}, bytes: Buffer = fixture(name)) => {
    const body = new FormData();
    body.set('file', new Blob([new Uint8Array(bytes)]), name);
    for (const [field, value] of Object.entries(fields)) body.set(field, typeof value === 'string' ? value : JSON.stringify(value));
    return body;
  };
  const preview = (race: Race, name: string, fields: Record<string, unknown> = {}, as: CookieJar | null = organizer) =>
    t.request(`${resultsPath(race)}/import/preview`, { method: 'POST', as: as ?? undefined, body: form(name, fields) });
  const upload = (race: Race, name: string, fields: Record<string, unknown> = {}, as: CookieJar | null = organizer, bytes?: Buffer) =>
    t.request(`${resultsPath(race)}/import`, { method: 'POST', as: as ?? undefined, body: form(name, fields, bytes) });
  const revisions = async (race: Race) => json<ResultRevisionDto[]>(await t.request(`${resultsPath(race)}/revisions`, { as: organizer }));
  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return ((await response.json()) as { errors: Record<string, string[]> }).errors;
  };

  beforeAll(async () => {
    // Imports are not uploads: one image upload a minute must not slow a race night down.
    t = await startTestApp({ env: { RATE_LIMIT_UPLOADS: '1/1m' } });
    [organizer, driver] = [await t.signIn('organizer'), await t.signIn('driver')];
    const em = t.em();
    acc = await newGame(em, { name: 'Assetto Corsa Competizione', platforms: ['PC'] });
    monza = (await newTrack(em, acc, { name: 'Autodromo Nazionale Monza', country: 'IT' })).variants[0];
    season = await newSeason(em, await newCompetition(em, { game: acc }));
    lando = (await newDriver(em, { profile: { steamId: '76561198012345671', name: 'Lando Moreau' } })).profile;
    rita = (await newDriver(em, { profile: { steamId: '76561198399999903', name: 'Rita Reserve' } })).profile;
    mapped = (await newDriver(em, { profile: { name: 'Gina Guestmann' } })).profile;
  });
  afterAll(() => t.close());

  it('refuses the preview and the import to visitors (401) and drivers (403)', async () => {
    const race = await newRace(9);
    for (const [as, status] of [
      [null, 401],
      [driver, 403],
    ] as const) {
      expect((await preview(race, 'acc-guests.json', {}, as)).status).toBe(status);
      expect((await upload(race, 'acc-guests.json', { decisions: { 1: mapped.id, 2: 'GUEST', 3: 'SKIP', 4: 'SKIP' } }, as)).status).toBe(status);
    }
    expect(await revisions(race)).toEqual([]);
  });

  it('previews every line with its classification and why, each driver with the profile found by id or nothing; writes nothing', async () => {
    const race = await newRace(8);
    const answer = await json<ResultImportPreviewDto>(await preview(race, 'acc-guests.json'));
    expect(answer).toMatchObject({
      fileName: 'acc-guests.json',
      format: 'ACC',
      session: 'RACE',
      gameName: 'Assetto Corsa Competizione',
      trackName: 'monza',
      unchanged: false,
    });
    expect(
      answer.lines.map((line) => [
        line.line,
        line.position,
        line.status,
        line.reason,
        line.drivers.map((each) => [each.key, each.name, each.match?.profileId ?? null, each.match?.by ?? null]),
      ]),
    ).toEqual([
      [0, 1, 'FINISHED', null, [['0', 'Lando Moreau', lando.id, 'PLATFORM_ID']]],
      [1, 2, 'FINISHED', null, [['1', 'Guest Driver One', null, null]]],
      [2, 3, 'FINISHED', null, [['2', 'Guest Driver Two', null, null]]],
      [3, 4, 'DNF', 'retired: stopped before the flag', [['3', 'Spare Entry', rita.id, 'PLATFORM_ID']]],
      [4, 5, 'DNS', null, [['4', 'Safety Car', null, null]]],
    ]);
    expect(answer.lines[0].drivers[0].match?.driverName).toBe(`[ ${lando.driverNumber} ] - Lando Moreau`);
    expect(answer.lines[0]).toMatchObject({ laps: expect.any(Number), totalTimeMs: expect.any(Number), penaltyMs: 0 });
    expect(await revisions(race)).toEqual([]);
  });

  it('saves nothing while a driver outside the league has no decision, and answers who is left', async () => {
    const race = await newRace(7);
    const answer = await json<ResultImportDto>(await upload(race, 'acc-guests.json', { decisions: { 1: mapped.id } }));
    expect(answer.results).toBeNull();
    expect(answer.unmatched.map((each) => [each.key, each.name])).toEqual([
      ['2', 'Guest Driver Two'],
      ['4', 'Safety Car'],
    ]);
    expect(await revisions(race)).toEqual([]);
  });

  it('saves a mapped driver (remembered), a guest by the file’s name, and closes up the positions of a skipped one', async () => {
    const race = await newRace(6);
    const answer = await json<ResultImportDto>(await upload(race, 'acc-guests.json', { decisions: { 1: mapped.id, 2: 'GUEST', 4: 'SKIP' } }));
    expect(answer.unchanged).toBe(false);
    expect(answer.results?.results.map((line) => [line.position, line.profileId, line.status])).toEqual([
      [1, lando.id, 'FINISHED'],
      [2, mapped.id, 'FINISHED'],
      [3, null, 'FINISHED'],
      [4, rita.id, 'DNF'],
    ]);
    expect(answer.results?.results[2]).toMatchObject({ driverName: 'Guest Driver Two', guest: true, points: 0 });
    expect(answer.results?.results.filter((line) => line.guest)).toHaveLength(1);
    expect(answer.results?.results[3].reason).toBe('retired: stopped before the flag');
    expect((await revisions(race))[0]).toMatchObject({ note: 'imported from acc-guests.json', lines: 4 });
    const remembered = await t.em().find(RememberedIdentity, {});
    expect(remembered.map((row) => [row.kind, row.identity, row.profile.id])).toEqual([['STEAM', '76561198399999901', mapped.id]]);

    // The next import of that driver finds them without asking, and says how.
    const next = await json<ResultImportPreviewDto>(await preview(await newRace(5), 'acc-guests.json'));
    expect(next.lines[1].drivers[0].match).toMatchObject({ profileId: mapped.id, by: 'REMEMBERED' });
  });

  it('makes no new revision for the very file the race already has, and says so', async () => {
    const race = await newRace(4);
    const decisions = { 1: mapped.id, 2: 'GUEST', 4: 'SKIP' };
    const first = await json<ResultImportDto>(await upload(race, 'acc-guests.json', { decisions }));
    expect(first.unchanged).toBe(false);
    expect((await json<ResultImportPreviewDto>(await preview(race, 'acc-guests.json'))).unchanged).toBe(true);
    const before = await revisions(race);
    const again = await json<ResultImportDto>(await upload(race, 'acc-guests.json', { decisions }));
    expect(again.unchanged).toBe(true);
    expect(again.results?.revision).toBe(first.results?.revision);
    expect(await revisions(race)).toEqual(before);
  });

  it('refuses a file of another game or track with a 409 naming both, unless the organizer confirms it', async () => {
    const race = await newRace(3);
    for (const [name, message] of [
      ['ac-retired-before-flag.json', 'This is an Assetto Corsa file from Vallelunga (Extended Circuit); the race is Assetto Corsa Competizione at Autodromo Nazionale Monza'],
      ['acc-codrivers.json', 'This is an Assetto Corsa Competizione file from Spa; the race is Assetto Corsa Competizione at Autodromo Nazionale Monza'],
    ]) {
      for (const response of [await preview(race, name), await upload(race, name)]) {
        expect(response.status).toBe(409);
        expect(((await response.json()) as { message: string }).message).toBe(`${message}. Check the file, or import it anyway if it is the right one.`);
      }
    }
    expect(await revisions(race)).toEqual([]);
    const confirmed = await json<ResultImportPreviewDto>(await preview(race, 'ac-retired-before-flag.json', { confirmMismatch: 'true' }));
    expect(confirmed.lines).toHaveLength(5);
    const saved = await json<ResultImportDto>(
      await upload(race, 'ac-retired-before-flag.json', { confirmMismatch: 'true', decisions: { 0: 'GUEST', 1: 'GUEST', 2: 'GUEST', 3: 'GUEST', 4: 'SKIP' } }),
    );
    expect(saved.results?.results).toHaveLength(4);
    expect(await errorsOf(await preview(race, 'ac-retired-before-flag.json', { confirmMismatch: 'maybe' }))).toEqual({
      confirmMismatch: ['confirmMismatch must be true or false'],
    });
  });

  it('refuses bad decisions (400 naming the driver) and keeps the older mapping field working', async () => {
    const race = await newRace(2);
    expect(await errorsOf(await upload(race, 'acc-guests.json', { decisions: '{not json' }))).toEqual({
      decisions: ['decisions must be JSON like {"3": 12, "4": "GUEST", "5.1": "SKIP"}: a driver of the file → a profile id, GUEST or SKIP'],
    });
    expect(Object.keys(await errorsOf(await upload(race, 'acc-guests.json', { decisions: { 1: 'MAYBE' } })))).toEqual(['decisions.1']);
    expect(await errorsOf(await upload(race, 'acc-guests.json', { decisions: { 9: 'GUEST' } }))).toEqual({
      'decisions.9': ['the file has no driver 9: its lines are 0 to 4 (co-drivers "<line>.<n>")'],
    });
    expect(await errorsOf(await upload(race, 'acc-guests.json', { decisions: { 1: 999_999 } }))).toEqual({ 'decisions.1': ['driver profile 999999 does not exist'] });
    expect(await errorsOf(await upload(race, 'acc-guests.json', { mapping: { 1: 999_999 } }))).toEqual({ 'mapping.1': ['driver profile 999999 does not exist'] });
    expect(await revisions(race)).toEqual([]);
    const byMapping = await json<ResultImportDto>(await upload(race, 'acc-guests.json', { mapping: { 1: mapped.id }, decisions: { 2: 'GUEST', 4: 'SKIP' } }));
    expect(byMapping.results?.results.map((line) => line.profileId)).toEqual([lando.id, mapped.id, null, rita.id]);
  });

  it('imports a qualifying file as the race’s qualifying: the grid, pole first', async () => {
    const race = await newRace(1);
    const qualifying = await json<ResultImportDto>(
      await upload(race, 'acc-qualifying.utf8.json', { confirmMismatch: 'true', decisions: { 0: 'GUEST', '0.1': 'GUEST', 1: 'GUEST', 2: 'GUEST', 3: 'GUEST', 4: 'SKIP' } }),
    );
    expect(qualifying.results?.qualifying?.grid.map((line) => [line.position, line.driverName, line.pole])).toEqual([
      [1, 'Ana Lima', true],
      [2, 'Maximilian Krüger', false],
      [3, 'Ella Johansson', false],
      [4, 'Diego Fernández', false],
    ]);
    expect(qualifying.results?.qualifying?.grid[0].coDrivers.map((co) => [co.driverName, co.guest])).toEqual([[expect.any(String), true]]);
    // The race's own results are untouched.
    expect(qualifying.results?.results).toEqual([]);
    expect((await json<RaceResultsDto>(await t.request(resultsPath(race)))).revision).toBeNull();
  });

  it('refuses results for a race still to come (409) unless the organizer confirms, as a save does', async () => {
    const race = await newRace(-3);
    const decisions = { 1: mapped.id, 2: 'GUEST', 4: 'SKIP' };
    const refused = await upload(race, 'acc-guests.json', { decisions });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/in the future: confirm/);
    expect(await revisions(race)).toEqual([]);
    const confirmed = await json<ResultImportDto>(await upload(race, 'acc-guests.json', { decisions, confirmFuture: 'true' }));
    expect(confirmed.results?.results).toHaveLength(4);
    expect(await errorsOf(await upload(race, 'acc-guests.json', { decisions, confirmFuture: 'maybe' }))).toEqual({ confirmFuture: ['confirmFuture must be true or false'] });
  });

  it('says the size limit of a result file when one is larger', async () => {
    const race = await newRace(10);
    const response = await upload(race, 'huge.json', {}, organizer, Buffer.alloc(MAX_RESULT_FILE_BYTES + 1, 0x20));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(`The file is larger than the ${MAX_RESULT_FILE_BYTES / 1024 / 1024} MB limit of a result file`);
  });
});
