import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ServiceUnavailableException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_UNAVAILABLE } from '../../backend/src/common/service-unavailable.js';
import { IdempotencyKey } from '../../backend/src/infra/idempotency/idempotency-key.entity.js';
import { APPLIED_ANSWER_LOST, IdempotencyStore } from '../../backend/src/infra/idempotency/idempotency.js';
import { ResultRevision } from '../../backend/src/modules/competitions/competition.entities.js';
import { EventAttendance } from '../../backend/src/modules/events/event.entities.js';
import { RivalTime } from '../../backend/src/modules/rivals/rivals.entities.js';
import { Ticket } from '../../backend/src/modules/stewarding/stewarding.entities.js';
import { StewardingService } from '../../backend/src/modules/stewarding/stewarding.service.js';
import { newCar, newGame, newGameWithTrack, newTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newStewardedRound } from '../factories/stewarding.js';
import { multipart, pngImage } from '../factories/uploads.js';
import { newMember, type Member } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue #23: an Idempotency-Key on a write makes a retry get the first answer and change nothing. */
describe('idempotent writes', () => {
  let t: TestApp;
  let driver: Member;
  let organizer: Member;
  let as: { driver: CookieJar; organizer: CookieJar };
  let raceId: number;
  let resultsPath: string;

  const fileTicket = (key: string | undefined, description = 'Pushed me off at the hairpin on lap two.', caller = as.driver) =>
    t.request('/api/tickets', {
      method: 'POST',
      as: caller,
      headers: key === undefined ? {} : { 'Idempotency-Key': key },
      json: { raceId, accusedProfileIds: [organizer.profile.id], description, evidence: [] },
    });
  const ticketCount = () => t.em().count(Ticket, {});

  beforeAll(async () => {
    t = await startTestApp();
    driver = await newMember(t.em(), 'driver', { profile: { xboxUsername: 'IdemOnXbox' } });
    organizer = await newMember(t.em(), 'organizer');
    as = { driver: await t.signIn('driver'), organizer: await t.signIn('organizer') };
    const { game, gp } = await newGameWithTrack(t.em(), ['PC']);
    const season = await newSeason(t.em(), await newCompetition(t.em(), { game, current: true }));
    const round = await newStewardedRound(t.em(), season, { game, track: gp, hoursAgo: 2, drivers: [driver.profile, organizer.profile] });
    raceId = round.raceId;
    resultsPath = `/api/seasons/${season.id}/events/${round.event.id}/results/${raceId}`;
  });
  afterAll(() => t.close());

  it('answers a retried ticket filing with the first answer, marked replayed, and files one ticket', async () => {
    const key = randomUUID();
    const before = await ticketCount();
    const first = await fileTicket(key);
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const retry = await fileTicket(key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(firstBody);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await ticketCount()).toBe(before + 1);
  });

  it('answers a write saved before a service failed 409 saying so, not "nothing was changed", and its retry files nothing more', async () => {
    // The ticket commits; reading it back for the answer then finds PostgreSQL gone.
    const readBack = jest.spyOn(t.app.get(StewardingService), 'ticket').mockRejectedValueOnce(new ServiceUnavailableException(DATABASE_UNAVAILABLE));
    const key = randomUUID();
    const before = await ticketCount();
    const first = await fileTicket(key);
    expect(readBack).toHaveBeenCalledTimes(1);
    expect(first.status).toBe(409);
    expect(await first.json()).toMatchObject({ status: 409, message: APPLIED_ANSWER_LOST, path: '/api/tickets' });
    const retry = await fileTicket(key);
    expect(retry.status).toBe(409);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toMatchObject({ message: APPLIED_ANSWER_LOST });
    expect(await ticketCount()).toBe(before + 1);
    readBack.mockRestore();
  });

  it('refuses the same key on a different request with 422, changing nothing', async () => {
    const key = randomUUID();
    expect((await fileTicket(key)).status).toBe(201);
    const before = await ticketCount();
    const other = await fileTicket(key, 'A different complaint about lap five entirely.');
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ status: 422, message: 'This Idempotency-Key was already used for a different request', path: '/api/tickets' });
    expect(await ticketCount()).toBe(before);
  });

  it('applies concurrent duplicates once: the other is told it is in flight, or gets the replay', async () => {
    const key = randomUUID();
    const before = await ticketCount();
    const answers = await Promise.all([fileTicket(key), fileTicket(key), fileTicket(key)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) {
      if (answer.status === 201) continue;
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({ status: 409, message: 'This request is already being processed' });
    }
    const applied = answers.filter((answer) => answer.status === 201 && answer.headers.get('idempotent-replayed') !== 'true');
    expect(applied).toHaveLength(1);
    expect(await ticketCount()).toBe(before + 1);
  });

  it('refuses a malformed key with 400 naming the header, and changes nothing', async () => {
    const before = await ticketCount();
    for (const bad of ['', 'has space', 'x'.repeat(201), 'ümlaut']) {
      const answer = await t.request('/api/tickets', {
        method: 'POST',
        as: as.driver,
        headers: { 'Idempotency-Key': bad },
        json: { raceId, accusedProfileIds: [organizer.profile.id], description: 'Pushed me off at the hairpin on lap two.', evidence: [] },
      });
      expect(answer.status).toBe(400);
      expect((await answer.json()) as { message: string }).toMatchObject({ message: expect.stringContaining('Idempotency-Key') });
    }
    expect(await ticketCount()).toBe(before);
  });

  it("keeps another caller's equal key apart", async () => {
    const key = randomUUID();
    const before = await ticketCount();
    expect((await fileTicket(key, undefined, as.driver)).status).toBe(201);
    const theirs = await fileTicket(key, 'The driver ahead braked far too early into turn one.', as.organizer);
    expect(theirs.status).not.toBe(422);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await t.em().count(IdempotencyKey, { key })).toBe(2);
    expect(await ticketCount()).toBeGreaterThan(before);
  });

  it('changes nothing without the header: each request runs', async () => {
    const before = await ticketCount();
    expect((await fileTicket(undefined)).status).toBe(201);
    expect((await fileTicket(undefined)).status).toBe(201);
    expect(await ticketCount()).toBe(before + 2);
  });

  it('remembers a refused (4xx) answer and replays it', async () => {
    const key = randomUUID();
    const refused = await t.request('/api/tickets', { method: 'POST', as: as.driver, headers: { 'Idempotency-Key': key }, json: { raceId } });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    const retry = await t.request('/api/tickets', { method: 'POST', as: as.driver, headers: { 'Idempotency-Key': key }, json: { raceId } });
    expect(retry.status).toBe(400);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(body);
  });

  it('signs up for an event once however often the attendance PUT is retried', async () => {
    const event = await newEvent(t.em(), { game: await newGame(t.em(), { platforms: ['XBOX'] }) });
    const key = randomUUID();
    const join = () =>
      t.request(`/api/events/${event.id}/single/attendance`, { method: 'PUT', as: as.driver, headers: { 'Idempotency-Key': key }, json: { attending: true } });
    const first = await join();
    expect(first.status).toBe(200);
    const retry = await join();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.text()).toBe(await first.text());
    expect(await t.em().count(EventAttendance, { event: event.id })).toBe(1);
  });

  it('submits one rivals time for a retried multipart submission, and refuses the key with other fields or another file', async () => {
    const game = await newGame(t.em(), { platforms: ['XBOX'] });
    const track = (await newTrack(t.em(), game)).variants[0];
    const car = await newCar(t.em(), game);
    const key = randomUUID();
    const body = async (lapTime: string) =>
      multipart(
        'time',
        { trackId: track.id, carId: car.id, platform: 'XBOX', conditions: 'DRY', time: lapTime },
        { field: 'screenshot', data: await pngImage(), type: 'image/png', name: 'lap.png' },
      );
    const submit = async (lapTime: string) =>
      t.request('/api/rivals/times', { method: 'POST', as: as.driver, headers: { 'Idempotency-Key': key }, body: await body(lapTime) });
    const first = await submit('1:35.123');
    const firstBody = await first.text();
    expect([200, 201]).toContain(first.status);
    const retry = await submit('1:35.123');
    expect(retry.status).toBe(first.status);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.text()).toBe(firstBody);
    expect(await t.em().count(RivalTime, { track: track.id })).toBe(1);
    // The fields and the file's bytes make the request: another time of the same length, or another screenshot, is another request.
    expect((await submit('1:35.124')).status).toBe(422);
    const otherShot = multipart(
      'time',
      { trackId: track.id, carId: car.id, platform: 'XBOX', conditions: 'DRY', time: '1:35.123' },
      { field: 'screenshot', data: await pngImage(801, 600), type: 'image/png', name: 'lap.png' },
    );
    expect((await t.request('/api/rivals/times', { method: 'POST', as: as.driver, headers: { 'Idempotency-Key': key }, body: otherShot })).status).toBe(422);
    expect(await t.em().count(RivalTime, { track: track.id })).toBe(1);
  });

  it('claims the key once on an upload route sent JSON instead of multipart: the retry is replayed', async () => {
    const key = randomUUID();
    const admin = await t.signIn('admin');
    const save = () => t.request('/api/teams', { method: 'PUT', as: admin, headers: { 'Idempotency-Key': key }, json: { team: { name: `Idempotent ${key.slice(0, 8)}` } } });
    const first = await save();
    expect(first.status).toBe(200);
    const retry = await save();
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(await retry.text()).toBe(await first.text());
  });

  it('refuses the key for a different file of the very same size (422): the file bytes are hashed', async () => {
    const game = await newGame(t.em(), { name: 'Assetto Corsa Competizione', platforms: ['PC'] });
    const monza = (await newTrack(t.em(), game, { name: 'Monza', country: 'IT' })).variants[0];
    const season = await newSeason(t.em(), await newCompetition(t.em(), { game }));
    const round = await newStewardedRound(t.em(), season, { game, track: monza, hoursAgo: 5 });
    const preview = `/api/seasons/${season.id}/events/${round.event.id}/results/${round.raceId}/import/preview`;
    const bytes = readFileSync(path.resolve(import.meta.dirname, '../fixtures/results', 'acc-guests.json'));
    // The same length, one byte apart (a digit of a lap time).
    const altered = Buffer.from(bytes);
    const digit = altered.indexOf('"bestLap": 1') + '"bestLap": 1'.length;
    altered[digit] = altered[digit] === 0x39 ? 0x38 : altered[digit] + 1;
    const upload = (data: Buffer) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(data)]), 'acc-guests.json');
      form.set('confirmMismatch', 'true');
      return t.request(preview, { method: 'POST', as: as.organizer, headers: { 'Idempotency-Key': key }, body: form });
    };
    const key = randomUUID();
    expect((await upload(bytes)).status).toBe(200);
    const retry = await upload(bytes);
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect((await upload(altered)).status).toBe(422);
  });

  describe('a first request whose process died before it stored its answer', () => {
    /** The key's row as a process that claimed it and died before committing leaves it: in flight, claimed long enough ago to be past any deadline. */
    const leftInFlight = async (key: string) => {
      await t.em().getConnection().execute(`update idempotency_keys set status = null, body = null, created_at = now() - interval '1 minute' where key = ?`, [key]);
    };

    it("marks the key applied in the write's own transaction: its answer never stored, a retry is told the change was saved (409) and nothing runs again", async () => {
      // The answer is lost as when the process dies after its COMMIT: storing it fails.
      const store = jest.spyOn(t.app.get(IdempotencyStore), 'complete').mockRejectedValueOnce(new ServiceUnavailableException(DATABASE_UNAVAILABLE));
      const key = randomUUID();
      const before = await ticketCount();
      expect((await fileTicket(key)).status).toBe(201);
      store.mockRestore();
      expect(await t.em().findOneOrFail(IdempotencyKey, { key })).toMatchObject({ status: 409, body: { message: APPLIED_ANSWER_LOST } });
      const retry = await fileTicket(key);
      expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([409, 'true']);
      expect(await ticketCount()).toBe(before + 1);
      // A refused write changes nothing, so nothing marks its key: it keeps its own answer.
      const refused = randomUUID();
      await t.request('/api/tickets', { method: 'POST', as: as.driver, headers: { 'Idempotency-Key': refused }, json: { raceId } });
      expect(await t.em().findOneOrFail(IdempotencyKey, { key: refused })).toMatchObject({ status: 400 });
    });

    it('runs a retry of a write that never committed once the first is past its deadline; a fresh one is still in flight (409)', async () => {
      const key = randomUUID();
      const description = 'Squeezed me into the wall on the run to turn three.';
      expect((await fileTicket(key, description)).status).toBe(201);
      // As if its transaction had rolled back: no ticket, the key left in flight.
      await t.em().nativeDelete(Ticket, { description });
      await t.em().getConnection().execute(`update idempotency_keys set status = null, body = null where key = ?`, [key]);
      const early = await fileTicket(key, description);
      expect([early.status, ((await early.json()) as { message: string }).message]).toEqual([409, 'This request is already being processed']);
      await leftInFlight(key);
      const retry = await fileTicket(key, description);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(await t.em().count(Ticket, { description })).toBe(1);
      // Taken over only by the same request.
      await leftInFlight(key);
      expect((await fileTicket(key, 'Another complaint entirely about the pit exit.')).status).toBe(422);
    });
  });

  it('saves one results revision for a retried results save', async () => {
    const key = randomUUID();
    const results = [driver.profile, organizer.profile].map((profile, index) => ({
      profileId: profile.id,
      position: index + 1,
      status: 'FINISHED',
      laps: 10,
      totalTimeMs: 1_200_000 + index * 1000,
      bestLapMs: 90_000 + index,
    }));
    const save = () => t.request(resultsPath, { method: 'PUT', as: as.organizer, headers: { 'Idempotency-Key': key }, json: { results } });
    const before = await t.em().count(ResultRevision, {});
    const first = await save();
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    const retry = await save();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.text()).toBe(firstBody);
    expect(await t.em().count(ResultRevision, {})).toBe(before + 1);
  });
});
