import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../backend/src/contracts/api.js';
import type { CompetitionDto, CompetitionGroupDto, CompetitionSummaryDto, ResultSourceDto, SeasonDto } from '../../backend/src/contracts/competitions.js';
import type { Game } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { newGame } from '../factories/catalogue.js';
import { newCompetition, newSeason, pointsSystem } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { pngImage } from '../factories/uploads.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, socketsClosedAfterEach } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { json } from '../support/responses.js';

const DAY = 24 * 3600 * 1000;

/** A multipart save as the web client sends it: the record as a JSON part, and optional icon and banner files. */
async function withPictures(part: string, value: unknown, pictures: { icon?: boolean; banner?: boolean } = {}): Promise<FormData> {
  const form = new FormData();
  form.set(part, JSON.stringify(value));
  if (pictures.icon) form.set('icon', new Blob([new Uint8Array(await pngImage(900, 900))], { type: 'image/png' }), 'icon.png');
  if (pictures.banner) form.set('banner', new Blob([new Uint8Array(await pngImage(2400, 800))], { type: 'image/png' }), 'banner.png');
  return form;
}

/** Competition groups, competitions and seasons: admins arrange groups, organizers run competitions and seasons, everyone reads them. */
describe('competitions: groups, competitions, seasons', () => {
  let t: TestApp;
  let admin: CookieJar;
  let organizer: CookieJar;
  let driver: CookieJar;
  let game: Game;
  const open = socketsClosedAfterEach();

  // `as`: who calls (null: a visitor).
  const saveGroup = async (group: unknown, as: CookieJar | null = admin, pictures?: { icon?: boolean; banner?: boolean }) =>
    t.request('/api/competitions/groups', { method: 'PUT', as: as ?? undefined, body: await withPictures('group', group, pictures) });
  const saveCompetition = async (competition: unknown, as: CookieJar | null = organizer, pictures?: { icon?: boolean; banner?: boolean }) =>
    t.request('/api/competitions', { method: 'PUT', as: as ?? undefined, body: await withPictures('competition', competition, pictures) });
  const saveSeason = (competitionId: number, season: unknown, as: CookieJar | null = organizer) =>
    t.request(`/api/competitions/${competitionId}/seasons`, { method: 'PUT', as: as ?? undefined, json: season });
  const setEvents = (seasonId: number, eventIds: number[], as: CookieJar | null = organizer) =>
    t.request(`/api/seasons/${seasonId}/events`, { method: 'PUT', as: as ?? undefined, json: { eventIds } });
  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return ((await response.json()) as { errors: Record<string, string[]> }).errors;
  };

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    [admin, organizer, driver] = [await t.signIn('admin'), await t.signIn('organizer'), await t.signIn('driver')];
    game = await newGame(t.em(), { platforms: ['PC', 'XBOX'] });
  });
  afterAll(() => t.close());

  it('refuses every change to visitors (401) and drivers (403); groups to organizers (403, admins arrange them)', async () => {
    const season = { name: 'S', pointsSystem: pointsSystem() };
    for (const as of [null, driver]) {
      const status = as ? 403 : 401;
      expect((await saveGroup({ name: 'Nope' }, as)).status).toBe(status);
      expect((await saveCompetition({ name: 'Nope', style: 'SOLO', platforms: ['PC'] }, as)).status).toBe(status);
      expect((await t.request('/api/competitions?pageNumber=0&pageSize=10', { method: 'POST', as: as ?? undefined, json: {} })).status).toBe(status);
      expect((await saveSeason(1, season, as)).status).toBe(status);
      expect((await setEvents(1, [], as)).status).toBe(status);
    }
    expect((await saveGroup({ name: 'Nope' }, organizer)).status).toBe(403);
  });

  describe('groups', () => {
    let group: CompetitionGroupDto;

    it('lets an admin create a group with an icon and a banner, stored as webp within their bounds', async () => {
      group = await json<CompetitionGroupDto>(await saveGroup({ name: 'GT World Series', description: 'Our GT3 series', position: 2 }, admin, { icon: true, banner: true }));
      expect(group).toMatchObject({ name: 'GT World Series', description: 'Our GT3 series', position: 2, live: false });
      for (const [url, bound] of [
        [group.icon, 512],
        [group.banner, 1920],
      ] as const) {
        expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
        const image = await t.request(url!);
        expect(image.headers.get('content-type')).toBe('image/webp');
        const { default: sharp } = await import('sharp');
        const { width } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
        expect(width).toBeLessThanOrEqual(bound);
      }
    });

    it('updates a group by id, keeps its pictures when none are sent, and refuses a taken name (409) and bad fields (400)', async () => {
      const updated = await json<CompetitionGroupDto>(await saveGroup({ id: group.id, name: 'GT World Series', description: null, position: 0 }));
      expect(updated).toMatchObject({ id: group.id, description: null, position: 0, icon: group.icon, banner: group.banner });
      await json(await saveGroup({ name: 'Formula League' }));
      const taken = await saveGroup({ id: group.id, name: 'Formula League' });
      expect(taken.status).toBe(409);
      expect(((await taken.json()) as { message: string }).message).toMatch(/Formula League.*exists already/);
      expect(Object.keys(await errorsOf(await saveGroup({ name: '', position: -1 }))).sort()).toEqual(['name', 'position']);
      expect((await saveGroup({ id: 999_999, name: 'Ghost' })).status).toBe(404);
      const notAnImage = new FormData();
      notAnImage.set('group', JSON.stringify({ name: 'Bad banner' }));
      notAnImage.set('banner', new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'banner.svg');
      expect(Object.keys(await errorsOf(await t.request('/api/competitions/groups', { method: 'PUT', as: admin, body: notAnImage })))).toEqual(['banner']);
    });

    it('lists groups by position then name to everyone, one by id, and 404 for an unknown one', async () => {
      const groups = await json<CompetitionGroupDto[]>(await t.request('/api/competitions/groups'));
      expect(groups.map((each) => each.name)).toEqual(['Formula League', 'GT World Series']);
      expect(await json<CompetitionGroupDto>(await t.request(`/api/competitions/groups/${group.id}`))).toMatchObject({ id: group.id, name: 'GT World Series' });
      expect((await t.request('/api/competitions/groups/999999')).status).toBe(404);
      expect((await t.request('/api/competitions/groups/abc')).status).toBe(400);
    });

    it('tells every open browser a group changed', async () => {
      const socket = await open(t.baseUrl);
      const told = nextMessage(socket, 'competitions.changed', (message) => message.groupId === group.id);
      await json(await saveGroup({ id: group.id, name: 'GT World Series', position: 0 }));
      await told;
    });
  });

  describe('competitions', () => {
    let groupId: number;
    let sprint: CompetitionDto;

    beforeAll(async () => {
      groupId = (await json<CompetitionGroupDto[]>(await t.request('/api/competitions/groups'))).find((group) => group.name === 'GT World Series')!.id;
    });

    it('lets an organizer create a competition in a group, of a game, with its pictures; the group becomes live', async () => {
      sprint = await json<CompetitionDto>(
        await saveCompetition(
          { name: 'GT3 Sprint Cup', description: 'Short races', style: 'TEAM', group: { id: groupId }, game: { id: game.id }, platforms: ['PC'], current: true },
          organizer,
          { icon: true, banner: true },
        ),
      );
      expect(sprint).toMatchObject({
        name: 'GT3 Sprint Cup',
        description: 'Short races',
        style: 'TEAM',
        current: true,
        leaderboardsEnabled: true,
        group: { id: groupId, name: 'GT World Series' },
        game: { id: game.id, name: game.name },
        platforms: ['PC'],
        currentSeason: null,
        seasons: [],
        icon: expect.stringMatching(/\.webp$/),
        banner: expect.stringMatching(/\.webp$/),
      });
      const live = await json<CompetitionGroupDto[]>(await t.request('/api/competitions/groups/live'));
      expect(live.map((group) => [group.id, group.live])).toEqual([[groupId, true]]);
    });

    it('refuses unknown groups and games, platforms the game is not on, and bad fields (400 naming them)', async () => {
      const base = { name: 'X', style: 'SOLO', platforms: ['PC'] };
      expect(Object.keys(await errorsOf(await saveCompetition({ ...base, group: { id: 999_999 } })))).toEqual(['group.id']);
      expect(Object.keys(await errorsOf(await saveCompetition({ ...base, game: { id: 999_999 } })))).toEqual(['game.id']);
      expect(await errorsOf(await saveCompetition({ ...base, game: { id: game.id }, platforms: ['PLAYSTATION'] }))).toEqual({
        platforms: [`${game.name} is not on PLAYSTATION`],
      });
      expect(Object.keys(await errorsOf(await saveCompetition({ name: '', style: 'RALLY', platforms: [] }))).sort()).toEqual(['name', 'platforms', 'style']);
      expect((await saveCompetition({ ...base, id: 999_999 })).status).toBe(404);
    });

    it('lists current competitions (all, and of one group) to everyone, and one competition by id', async () => {
      const retired = await json<CompetitionDto>(await saveCompetition({ name: 'Old Cup', style: 'SOLO', group: { id: groupId }, platforms: ['XBOX'], current: false }));
      const endurance = await json<CompetitionDto>(await saveCompetition({ name: 'Endurance Cup', style: 'LVL', platforms: ['PC', 'XBOX'], current: true }));
      const current = await json<Page<CompetitionSummaryDto>>(await t.request('/api/competitions/current?pageNumber=0&pageSize=10'));
      // In a group first (by the group's position), then those in none.
      expect(current.content.map((competition) => competition.name)).toEqual(['GT3 Sprint Cup', 'Endurance Cup']);
      expect(current.totalElements).toBe(2);
      const ofGroup = await json<Page<CompetitionSummaryDto>>(await t.request(`/api/competitions/current/group/${groupId}`));
      expect(ofGroup.content.map((competition) => competition.id)).toEqual([sprint.id]);
      expect((await t.request('/api/competitions/current/group/999999')).status).toBe(404);
      expect(await json<CompetitionDto>(await t.request(`/api/competitions/${retired.id}`))).toMatchObject({ name: 'Old Cup', current: false, group: { id: groupId } });
      expect((await t.request('/api/competitions/999999')).status).toBe(404);
      expect(endurance.style).toBe('LVL');
    });

    it('gives organizers every competition, filtered and sorted as asked, paged', async () => {
      const search = (body: unknown, page = 'pageNumber=0&pageSize=2') => t.request(`/api/competitions?${page}`, { method: 'POST', as: organizer, json: body });
      const byName = await json<Page<CompetitionSummaryDto>>(await search({}));
      expect(byName.content.map((competition) => competition.name)).toEqual(['Endurance Cup', 'GT3 Sprint Cup']);
      expect(byName).toMatchObject({ totalElements: 3, totalPages: 2 });
      const notCurrent = await json<Page<CompetitionSummaryDto>>(await search({ current: false }));
      expect(notCurrent.content.map((competition) => competition.name)).toEqual(['Old Cup']);
      const sorted = await json<Page<CompetitionSummaryDto>>(await search({ groupId, sort: [{ field: 'name', direction: 'DESC' }] }, 'pageNumber=0&pageSize=10'));
      expect(sorted.content.map((competition) => competition.name)).toEqual(['Old Cup', 'GT3 Sprint Cup']);
      expect((await search({ name: 'sprint' })).status).toBe(200);
      expect(Object.keys(await errorsOf(await search({ sort: [{ field: 'colour' }], style: 'RALLY' }))).sort()).toEqual(['sort.0.field', 'style']);
    });

    it('names the result files the import reads', async () => {
      const sources = await json<ResultSourceDto[]>(await t.request('/api/competitions/external/sources'));
      expect(sources.map((source) => source.id)).toEqual(['ACC', 'AC', 'RF2']);
    });

    it('tells every open browser a competition changed', async () => {
      const socket = await open(t.baseUrl);
      const told = nextMessage(socket, 'competitions.changed', (message) => message.competitionId === sprint.id);
      await json(
        await saveCompetition({ id: sprint.id, name: 'GT3 Sprint Cup', style: 'TEAM', group: { id: groupId }, game: { id: game.id }, platforms: ['PC'], current: true }),
      );
      await told;
    });
  });

  describe('seasons', () => {
    let competition: CompetitionDto;
    let season: SeasonDto;

    beforeAll(async () => {
      competition = await json<CompetitionDto>(await saveCompetition({ name: 'Season Cup', style: 'SOLO', game: { id: game.id }, platforms: ['PC'], current: true }));
    });

    it('lets an organizer create a season with its rules and points system, and update it by id', async () => {
      const system = pointsSystem({ bonuses: { pole: 1, fastestLap: 1, onlyInsideTop: 10 }, countBestRounds: 6, neverDropLastRounds: 1, noShowPenalty: 5 });
      season = await json<SeasonDto>(await saveSeason(competition.id, { name: '2026 Season 1', rules: 'Be nice', pointsSystem: system }));
      expect(season).toMatchObject({ name: '2026 Season 1', rules: 'Be nice', pointsSystem: system, events: [], competition: { id: competition.id, name: 'Season Cup' } });
      const updated = await json<SeasonDto>(
        await saveSeason(competition.id, { id: season.id, name: '2026 Season One', rules: null, pointsSystem: { ...system, preset: 'CUSTOM', tables: { RACE: [10, 5, 1] } } }),
      );
      expect(updated).toMatchObject({ id: season.id, name: '2026 Season One', rules: null, pointsSystem: { preset: 'CUSTOM', tables: { RACE: [10, 5, 1] } } });
      expect(updated.pointsSystem.tables).toEqual({ RACE: [10, 5, 1] });
      const details = await json<CompetitionDto>(await t.request(`/api/competitions/${competition.id}`));
      expect(details.seasons).toEqual([{ id: season.id, name: '2026 Season One', rounds: 0, roundsWithResults: 0 }]);
      expect(details.currentSeason).toEqual({ id: season.id, name: '2026 Season One' });
      // A season of another competition is not this one's.
      const other = await newCompetition(t.em());
      expect((await saveSeason(other.id, { id: season.id, name: 'Moved', pointsSystem: system })).status).toBe(404);
      expect((await saveSeason(999_999, { name: 'Nowhere', pointsSystem: system })).status).toBe(404);
    });

    it('refuses a points system that is incomplete or out of range, naming each field', async () => {
      const errors = await errorsOf(
        await saveSeason(competition.id, {
          name: 'Bad',
          pointsSystem: {
            ...pointsSystem({ minimumDistancePercent: 150, countBestRounds: 0, dnfScores: 'yes' as unknown as boolean }),
            preset: 'NASCAR',
            tables: { RACE: [25, -1] },
            bonuses: { pole: 1, fastestLap: 1 },
            teamBestDrivers: undefined,
          },
        }),
      );
      expect(Object.keys(errors).sort()).toEqual([
        'pointsSystem.bonuses.onlyInsideTop',
        'pointsSystem.countBestRounds',
        'pointsSystem.dnfScores',
        'pointsSystem.minimumDistancePercent',
        'pointsSystem.preset',
        'pointsSystem.tables.RACE',
        'pointsSystem.teamBestDrivers',
      ]);
      expect(Object.keys(await errorsOf(await saveSeason(competition.id, { name: 'Bad', pointsSystem: { ...pointsSystem(), tables: { RALLY: [1] } } })))).toEqual([
        'pointsSystem.tables.RALLY',
      ]);
    });

    it('makes exactly the given events the rounds; shows them to everyone in date order with their races, unpublished ones to organizers only', async () => {
      const em = t.em();
      const later = await newEvent(em, { game, startsAt: new Date(Date.now() + 14 * DAY), name: 'Round at Spa' });
      const sooner = await newEvent(em, { game, startsAt: new Date(Date.now() + 7 * DAY), name: 'Round at Monza' });
      const draft = await newEvent(em, { game, startsAt: new Date(Date.now() + 21 * DAY), name: 'Draft round', published: false });
      const linked = await json<SeasonDto>(await setEvents(season.id, [later.id, sooner.id, draft.id]));
      expect(linked.events.map((event) => [event.name, event.round, event.published])).toEqual([
        ['Round at Monza', 1, true],
        ['Round at Spa', 2, true],
        ['Draft round', 3, false],
      ]);
      const monza = await t.em().findOneOrFail(LeagueEvent, sooner.id, { populate: ['raceEvents.races', 'raceEvents.trackVariant.track'] });
      const raceEvent = monza.raceEvents.getItems()[0];
      expect(linked.events[0].raceEvents).toEqual([
        {
          id: raceEvent.id,
          position: 0,
          trackName: raceEvent.trackVariant!.track.name,
          races: [{ id: raceEvent.races.getItems()[0].id, position: 0, raceEventType: 'RACE', laps: 10, lengthMinutes: null, hasResults: false }],
        },
      ]);
      const publicView = await json<SeasonDto>(await t.request(`/api/seasons/${season.id}`));
      expect(publicView.events.map((event) => event.name)).toEqual(['Round at Monza', 'Round at Spa']);
      const organizerView = await json<SeasonDto>(await t.request(`/api/seasons/${season.id}`, { as: organizer }));
      expect(organizerView.events).toHaveLength(3);
      expect(await json(await t.request(`/api/seasons/${season.id}/events/${sooner.id}`))).toMatchObject({
        id: sooner.id,
        round: 1,
        seasonId: season.id,
        results: [{ revision: null, results: [] }],
      });
      expect((await t.request(`/api/seasons/${season.id}/events/${draft.id}`)).status).toBe(404);
      expect((await t.request(`/api/seasons/${season.id}/events/${draft.id}`, { as: organizer })).status).toBe(200);
      expect((await t.request('/api/seasons/999999')).status).toBe(404);
      // Taking one out: the others stay.
      const fewer = await json<SeasonDto>(await setEvents(season.id, [sooner.id]));
      expect(fewer.events.map((event) => event.id)).toEqual([sooner.id]);
      expect((await t.em().findOneOrFail(LeagueEvent, later.id)).season).toBeNull();
      expect((await t.request(`/api/seasons/${season.id}/events/${later.id}`)).status).toBe(404);
    });

    it('refuses unknown and assessment events and events of another game (400), and events of another season (409)', async () => {
      const em = t.em();
      const assessment = await newEvent(em, { game, assessment: true });
      const otherGame = await newEvent(em);
      const elsewhere = await newEvent(em, { game });
      const otherSeason = await newSeason(em, await newCompetition(em), { events: [elsewhere] });
      expect(Object.keys(await errorsOf(await setEvents(season.id, [999_999])))).toEqual(['eventIds.0']);
      expect(await errorsOf(await setEvents(season.id, [assessment.id]))).toEqual({
        'eventIds.0': [`event ${assessment.id} is an assessment event: it cannot be a round of a season`],
      });
      expect(await errorsOf(await setEvents(season.id, [otherGame.id]))).toEqual({ 'eventIds.0': [`event ${otherGame.id} is of another game than the competition`] });
      const taken = await setEvents(season.id, [elsewhere.id]);
      expect(taken.status).toBe(409);
      expect(((await taken.json()) as { message: string }).message).toBe(
        `Event ${elsewhere.id} is a round of season ${otherSeason.id} already: take it out of that season first`,
      );
      expect(Object.keys(await errorsOf(await setEvents(season.id, [1, 1])))).toEqual(['eventIds']);
      expect((await setEvents(999_999, [])).status).toBe(404);
    });

    it('offers competitions with a season on the Series leaderboard, each with its seasons', async () => {
      const leaderboards = await json<CompetitionDto[]>(await t.request('/api/competitions/leaderboards'));
      const entry = leaderboards.find((each) => each.id === competition.id);
      expect(entry?.seasons.map((each) => each.id)).toEqual([season.id]);
      expect(leaderboards.every((each) => each.seasons.length > 0 && each.leaderboardsEnabled)).toBe(true);
    });

    it('tells every open browser a season changed', async () => {
      const socket = await open(t.baseUrl);
      const told = nextMessage(socket, 'competitions.changed', (message) => message.seasonId === season.id);
      await json(await saveSeason(competition.id, { id: season.id, name: '2026 Season One', pointsSystem: pointsSystem() }));
      await told;
    });
  });
});
