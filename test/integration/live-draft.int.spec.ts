import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LiveDraftDto, ResultImportDto, ResultImportPreviewDto, ResultRevisionDto, StandingsDto } from '../../backend/src/contracts/competitions.js';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { LiveDraftsService, parseResultFile, type ImportedClassification } from '../../backend/src/modules/competitions/index.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { decodeAccBroadcastingPacket } from '../../backend/src/modules/timing/protocols/acc-broadcasting/decode.js';
import { draftClassification } from '../../backend/src/modules/timing/session/draft-classification.js';
import { createTimingSession } from '../../backend/src/modules/timing/session/live-timing-session.js';
import { scriptAccFeed } from '../../backend/src/modules/timing/simulator/acc-feed.js';
import { buildRaceScript } from '../../backend/src/modules/timing/simulator/race-script.js';
import { newGame, newTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newDriver } from '../factories/users.js';
import { json } from '../support/responses.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 3600 * 1000;
const FIXTURE = 'acc-guests.json';
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/results', name));

/** The result file played into a live timing session as the ACC server would, to the flag: the session's draft there. */
function draftAtTheFlag(file: ImportedClassification): ImportedClassification {
  const STEP_MS = 250;
  const feed = scriptAccFeed(buildRaceScript(file));
  const session = createTimingSession({ raceId: 1, game: 'ACC', resolveDriver: () => null });
  const apply = (packet: Buffer, atMs: number) => {
    const message = decodeAccBroadcastingPacket(packet);
    if (message.kind !== 'malformed' && message.kind !== 'unknown') session.apply({ game: 'ACC', message }, atMs);
  };
  for (const packet of [...feed.entryList(1), feed.trackData(1)]) apply(packet, 0);
  for (let atMs = 0; atMs < feed.endMs + STEP_MS; atMs += STEP_MS) {
    const packets = feed.streamBetween(atMs - STEP_MS, atMs);
    // The game ends the session a while after the last car took the flag, the simulator at that instant: the cars' updates first.
    if (atMs >= feed.endMs)
      packets.push(
        ...packets.splice(
          packets.findIndex((packet) => decodeAccBroadcastingPacket(packet).kind === 'realtimeUpdate'),
          1,
        ),
      );
    for (const packet of packets) apply(packet, atMs);
  }
  expect(session.state().session).toMatchObject({ kind: 'RACE', phase: 'FINISHED' });
  const draft = draftClassification(session);
  if (!draft) throw new Error('a finished race has a draft');
  return draft;
}

/**
 * At the flag the worker keeps the race's live draft (once); the organizer reads it as an import preview,
 * confirms it into a revision as an imported file would be (the standings follow), and a file's preview
 * says where the file and the draft differ.
 */
describe('results drafted at the flag: the live draft, its confirm, the differences with a file', () => {
  let t: TestApp;
  let organizer: CookieJar;
  let driver: CookieJar;
  let acc: Game;
  let monza: TrackVariant;
  let season: Season;
  let lando: DriverProfile;
  let rita: DriverProfile;
  let drafts: LiveDraftsService;
  let draft: ImportedClassification;

  interface Race {
    eventId: number;
    raceId: number;
  }
  const resultsPath = (race: Race) => `/api/seasons/${season.id}/events/${race.eventId}/results/${race.raceId}`;
  const newRace = async (days: number): Promise<Race> => {
    const event = await newEvent(t.em(), { game: acc, track: monza, startsAt: new Date(Date.now() - days * DAY) });
    await t.em().nativeUpdate(LeagueEvent, event.id, { season: season.id });
    const loaded = await t.em().findOneOrFail(LeagueEvent, event.id, { populate: ['raceEvents.races'] });
    return { eventId: event.id, raceId: loaded.raceEvents.getItems()[0].races.getItems()[0].id };
  };
  const liveDraft = (race: Race, as: CookieJar | null = organizer) => t.request(`${resultsPath(race)}/live-draft`, { as: as ?? undefined });
  const confirm = (race: Race, body: object, as: CookieJar | null = organizer) =>
    t.request(`${resultsPath(race)}/live-draft/confirm`, { method: 'POST', as: as ?? undefined, json: body });
  const previewFile = (race: Race, name: string) => {
    const body = new FormData();
    body.set('file', new Blob([new Uint8Array(fixture(name))]), name);
    return t.request(`${resultsPath(race)}/import/preview`, { method: 'POST', as: organizer, body });
  };
  const revisions = async (race: Race) => json<ResultRevisionDto[]>(await t.request(`${resultsPath(race)}/revisions`, { as: organizer }));

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    [organizer, driver] = [await t.signIn('organizer'), await t.signIn('driver')];
    const em = t.em();
    acc = await newGame(em, { name: 'Assetto Corsa Competizione', platforms: ['PC'] });
    monza = (await newTrack(em, acc, { name: 'Autodromo Nazionale Monza', country: 'IT' })).variants[0];
    season = await newSeason(em, await newCompetition(em, { game: acc }));
    lando = (await newDriver(em, { profile: { steamId: '76561198012345671', name: 'Lando Moreau' } })).profile;
    rita = (await newDriver(em, { profile: { steamId: '76561198399999903', name: 'Rita Reserve' } })).profile;
    drafts = t.app.get(LiveDraftsService);
    draft = draftAtTheFlag(parseResultFile(fixture(FIXTURE), FIXTURE));
  });
  afterAll(() => t.close());

  it('keeps the first draft of a race: the flag seen again (a takeover) stores nothing', async () => {
    const race = await newRace(9);
    expect(await drafts.store(race.raceId, draft)).toBe(true);
    const reordered = { ...draft, lines: [...draft.lines].reverse() };
    expect(await drafts.store(race.raceId, reordered)).toBe(false);
    expect(await drafts.draftOf(race.raceId)).toEqual(draft);
  });

  it('answers the live draft to organizers only, and 404 for a race without one', async () => {
    const race = await newRace(8);
    expect((await liveDraft(race)).status).toBe(404);
    await drafts.store(race.raceId, draft);
    for (const [as, status] of [
      [null, 401],
      [driver, 403],
    ] as const) {
      expect((await liveDraft(race, as)).status).toBe(status);
      expect((await confirm(race, {}, as)).status).toBe(status);
    }
    expect(await revisions(race)).toEqual([]);
  });

  // ACC's broadcasting protocol names drivers without their Steam ids: the draft's drivers are matched by name, as a file's without ids are.
  it('previews the draft as a file: every line, each driver matched as a file import matches them', async () => {
    const race = await newRace(7);
    await drafts.store(race.raceId, draft);
    const answer = await json<LiveDraftDto>(await liveDraft(race));
    expect(answer.confirmedAt).toBeNull();
    expect(answer.preview).toMatchObject({ fileName: 'Live timing draft', format: 'ACC', session: 'RACE', unchanged: false });
    expect(answer.preview.lines.map((line) => [line.position, line.status, line.drivers.map((each) => [each.key, each.name, each.match?.by ?? null])])).toEqual([
      [1, 'FINISHED', [['0', 'Lando Moreau', 'NAME']]],
      [2, 'FINISHED', [['1', 'Guest Driver One', null]]],
      [3, 'FINISHED', [['2', 'Guest Driver Two', null]]],
      [4, 'DNF', [['3', 'Spare Entry', null]]],
      [5, 'DNS', [['4', 'Safety Car', null]]],
    ]);
    expect(answer.preview.lines[0].drivers[0].match?.profileId).toBe(lando.id);
  });

  it('confirms the draft into a revision as an imported file would be, and the standings follow', async () => {
    const race = await newRace(6);
    await drafts.store(race.raceId, draft);
    const waiting = await json<ResultImportDto>(await confirm(race, {}));
    expect(waiting.results).toBeNull();
    expect(waiting.unmatched.map((each) => each.key)).toEqual(['1', '2', '3', '4']);

    const decisions = { 1: 'GUEST', 2: 'GUEST', 3: rita.id, 4: 'SKIP' };
    const saved = await json<ResultImportDto>(await confirm(race, { decisions }));
    expect(saved.results?.results.map((line) => [line.position, line.profileId, line.guest ? line.driverName : null, line.status])).toEqual([
      [1, lando.id, null, 'FINISHED'],
      [2, null, 'Guest Driver One', 'FINISHED'],
      [3, null, 'Guest Driver Two', 'FINISHED'],
      [4, rita.id, null, 'DNF'],
    ]);
    expect((await revisions(race)).map((revision) => [revision.revision, revision.note])).toEqual([[1, 'confirmed from the live timing draft']]);
    expect((await json<LiveDraftDto>(await liveDraft(race))).confirmedAt).toEqual(expect.any(String));

    await t.settled();
    const standings = await json<StandingsDto>(await t.request(`/api/seasons/${season.id}/standings`, { as: organizer }));
    expect(standings.drivers.find((standing) => standing.profile.id === lando.id)?.rounds.find((round) => round.eventId === race.eventId)?.points).toBeGreaterThan(0);

    // Confirmed again with the same decisions: the same source, no new revision.
    const again = await json<ResultImportDto>(await confirm(race, { decisions }));
    expect(again.unchanged).toBe(true);
    expect(await revisions(race)).toHaveLength(1);
  });

  it('refuses bad decisions with a 400 naming the driver', async () => {
    const race = await newRace(5);
    await drafts.store(race.raceId, draft);
    const response = await confirm(race, { decisions: { 1: 'MAYBE' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty(['decisions.1']);
    expect((await confirm(race, { decisions: { 99: 'GUEST' } })).status).toBe(400);
  });

  it('says where an imported file and the live draft differ: positions, laps, status per driver', async () => {
    const same = await newRace(4);
    expect((await json<ResultImportPreviewDto>(await previewFile(same, FIXTURE))).liveDraftDifferences).toBeUndefined();
    await drafts.store(same.raceId, draft);
    expect((await json<ResultImportPreviewDto>(await previewFile(same, FIXTURE))).liveDraftDifferences).toEqual([]);

    // The draft saw the first two swap places and the retired car one lap short; the safety car never appeared.
    const [first, second, third, retired] = draft.lines;
    const differing: ImportedClassification = {
      ...draft,
      lines: [{ ...second, position: 1 }, { ...first, position: 2 }, third, { ...retired, laps: retired.laps - 1 }],
    };
    const race = await newRace(3);
    await drafts.store(race.raceId, differing);
    const differences = (await json<ResultImportPreviewDto>(await previewFile(race, FIXTURE))).liveDraftDifferences;
    expect(differences?.map((each) => [each.name, each.file && [each.file.position, each.file.status], each.draft && [each.draft.position, each.draft.status]])).toEqual([
      ['Lando Moreau', [1, 'FINISHED'], [2, 'FINISHED']],
      ['Guest Driver One', [2, 'FINISHED'], [1, 'FINISHED']],
      ['Spare Entry', [4, 'DNF'], [4, 'DNF']],
      ['Safety Car', [5, 'DNS'], null],
    ]);
    expect(differences?.[2].draft?.laps).toBe((differences?.[2].file?.laps ?? 0) - 1);
  });
});
