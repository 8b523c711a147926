import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../backend/src/contracts/api.js';
import type { CompetitionDto, CompetitionGroupDto, CompetitionSummaryDto, ResultRevisionDto, SeasonDto, StandingsDto } from '../../backend/src/contracts/competitions.js';
import type { AttendeeDto, EventDto, LiveDto, VideoDto } from '../../backend/src/contracts/events.js';
import type { RaceStewardingDto, TicketDto, TicketListItemDto } from '../../backend/src/contracts/stewarding.js';
import { DEMO_ACCOUNTS } from '../../backend/src/infra/discord/demo-accounts.js';
import { TimingSource } from '../../backend/src/modules/timing/timing.entities.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { seedDemoData } from '../../backend/src/seed/demo-data.js';
import { DEMO_LIVE_RACE } from '../../backend/src/seed/demo-live-race.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The one test of the demo league `npm start` seeds. Every other test starts from an empty database
 * and arranges its own data with test/factories.
 */
describe('the demo league seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  it('gives every demo account of the stand-in (except the outsider) a member with their roles and profile', async () => {
    const members = DEMO_ACCOUNTS.filter((account) => account.inCommunityServer);
    const users = await t.em().find(User, { discordId: { $in: DEMO_ACCOUNTS.map((account) => account.id) } }, { orderBy: { id: 'asc' } });
    expect(users.map((user) => user.discordId)).toEqual(members.map((account) => account.id));
    const byName = new Map(users.map((user) => [user.username, user]));
    expect(byName.get('admin')!.roles).toEqual(['ADMIN']);
    expect(byName.get('organizer')!.roles).toEqual(['ORGANIZER']);
    expect(byName.get('steward')!.roles).toEqual(['STEWARD']);
    expect([...byName.get('captain')!.roles].sort()).toEqual(['TEAM', 'TEAM_CAPTAIN']);
    expect(byName.get('driver')!.roles).toEqual([]);
    expect(byName.get('rookie')!.roles).toEqual(['NEW']);

    const captain = await (await t.request('/api/users/me', { as: await t.signIn('captain') })).json();
    expect(captain).toMatchObject({ username: 'captain', driverProfile: { driverNumber: 44, profileCompleted: true }, teams: [{ name: 'Purple Haze Racing' }] });
    const rookie = await (await t.request('/api/users/me', { as: await t.signIn('rookie') })).json();
    expect(rookie.driverProfile.profileCompleted).toBe(false);
  });

  it('seeds a believable league: 3 games with crossplay, 12+ tracks with variants, cars, 12+ events past and future, one full, videos', async () => {
    const games = (await (await t.request('/api/games')).json()) as { id: number; name: string; crossPlayPlatforms: unknown[] }[];
    expect(games.map((game) => game.name).sort()).toEqual(['Assetto Corsa Competizione', 'Forza Motorsport', 'Gran Turismo 7']);
    expect(games.some((game) => game.crossPlayPlatforms.length > 0)).toBe(true);
    const tracks = (await Promise.all(games.map(async (game) => (await (await t.request(`/api/games/${game.id}/tracks`)).json()) as { variants: unknown[] }[]))).flat();
    expect(tracks.length).toBeGreaterThanOrEqual(12);
    expect(tracks.every((track) => track.variants.length > 0)).toBe(true);
    const cars = (await Promise.all(games.map(async (game) => (await (await t.request(`/api/games/${game.id}/cars`)).json()) as unknown[]))).flat();
    expect(cars.length).toBeGreaterThan(6);
    const upcoming = ((await (await t.request('/api/events/planned?pageSize=1000')).json()) as Page<EventDto>).content;
    const past = ((await (await t.request('/api/events/past?pageSize=1000')).json()) as Page<EventDto>).content;
    expect(upcoming.length + past.length).toBeGreaterThanOrEqual(12);
    expect(past.length).toBeGreaterThanOrEqual(4);
    expect(upcoming.some((e) => e.seatsLeft === 0)).toBe(true);
    expect(upcoming.some((e) => e.assessmentEvent)).toBe(true);
    expect(upcoming.some((e) => e.raceEvents.length > 1)).toBe(true);
    expect(upcoming.some((e) => e.attendanceCount > 0)).toBe(true);
    const videos = (await (await t.request('/api/events/youtube/all')).json()) as Page<VideoDto>;
    expect(videos.totalElements).toBeGreaterThanOrEqual(4);
    const headlines = (await (await t.request('/api/headlines')).json()) as unknown[];
    expect(headlines.length).toBeGreaterThan(0);
  });

  it('seeds a current group with a SOLO and a TEAM series, each a season of 8 weekly rounds: 5 raced with 20+ drivers, 3 to come with driver and captain signed up', async () => {
    const groups = (await (await t.request('/api/competitions/groups/live')).json()) as CompetitionGroupDto[];
    expect(groups.map((group) => group.name)).toEqual(['GT World Series']);
    const current = ((await (await t.request('/api/competitions/current')).json()) as Page<CompetitionSummaryDto>).content;
    expect(current.map((competition) => [competition.style, competition.group?.id])).toEqual(
      expect.arrayContaining([
        ['SOLO', groups[0].id],
        ['TEAM', groups[0].id],
      ]),
    );
    expect(current).toHaveLength(2);
    const organizer = await t.signIn('organizer');
    const profileIdOf = async (username: 'driver' | 'captain') =>
      ((await (await t.request('/api/users/me', { as: await t.signIn(username) })).json()) as { driverProfile: { id: number } }).driverProfile.id;
    const [driverId, captainId] = [await profileIdOf('driver'), await profileIdOf('captain')];
    const now = Date.now();

    for (const summary of current) {
      const competition = (await (await t.request(`/api/competitions/${summary.id}`)).json()) as CompetitionDto;
      expect(competition.seasons).toEqual([expect.objectContaining({ id: summary.currentSeason!.id, rounds: 8, roundsWithResults: 5 })]);
      const season = (await (await t.request(`/api/seasons/${summary.currentSeason!.id}`)).json()) as SeasonDto;
      expect(season.events).toHaveLength(8);
      const raced = season.events.filter((event) => event.raceEvents.every((raceEvent) => raceEvent.races.every((race) => race.hasResults)));
      const upcoming = season.events.filter((event) => event.raceEvents.every((raceEvent) => raceEvent.races.every((race) => !race.hasResults)));
      expect(raced.map((event) => event.round)).toEqual([1, 2, 3, 4, 5]);
      expect(upcoming.map((event) => event.round)).toEqual([6, 7, 8]);
      expect(raced.every((event) => Date.parse(event.date) < now)).toBe(true);
      expect(upcoming.every((event) => Date.parse(event.date) > now)).toBe(true);
      // Weekly.
      const dates = season.events.map((event) => Date.parse(event.date));
      expect(dates.slice(1).map((date, index) => (date - dates[index]) / 86_400_000)).toEqual([7, 7, 7, 7, 7, 7, 7]);

      // Each raced race: one revision, saved by the organizer through the results service.
      const [firstRace] = raced[0].raceEvents[0].races;
      const revisions = (await (
        await t.request(`/api/seasons/${season.id}/events/${raced[0].id}/results/${firstRace.id}/revisions`, { as: organizer })
      ).json()) as ResultRevisionDto[];
      expect(revisions).toEqual([expect.objectContaining({ revision: 1, author: expect.objectContaining({ name: 'Olly Organizer' }) })]);

      // The rounds link to their season.
      const round = (await (await t.request(`/api/events/${upcoming[0].id}`)).json()) as EventDto;
      expect(round.season).toMatchObject({ id: season.id, competition: { id: competition.id, name: competition.name }, game: { id: competition.game!.id } });
      for (const event of upcoming) {
        const attendees = (await (await t.request(`/api/events/${event.id}/drivers`)).json()) as AttendeeDto[];
        const expected = competition.style === 'SOLO' ? [driverId, captainId] : [captainId];
        expect(attendees.map((attendee) => attendee.profileId)).toEqual(expect.arrayContaining(expected));
        if (competition.style === 'TEAM') expect(attendees.find((attendee) => attendee.profileId === captainId)?.team?.name).toBe('Purple Haze Racing');
      }

      const standings = (await (await t.request(`/api/seasons/${season.id}/standings`)).json()) as StandingsDto;
      expect(standings.drivers.length).toBeGreaterThanOrEqual(20);
      expect(standings.drivers[0]).toMatchObject({ position: 1 });
      expect(standings.drivers[0].points).toBeGreaterThan(0);
      if (competition.style === 'TEAM') expect(standings.teams.map((team) => team.team.name)).toHaveLength(6);
      else expect(standings.drivers.map((driver) => driver.profile.id)).toEqual(expect.arrayContaining([driverId, captainId]));
    }

    // The standings are stored as the worker stores them, at the seasons' latest results.
    const snapshots = await t
      .em()
      .execute<{ current: boolean }[]>('select s.version = seasons.results_version as current from season_standings s join seasons on seasons.id = s.season_id');
    expect(snapshots).toEqual([{ current: true }, { current: true }]);
  });

  it('seeds stewarding a new user can try: a race the driver raced is open for filing, and every open ticket can be decided by two of the three stewards', async () => {
    const current = ((await (await t.request('/api/competitions/current')).json()) as Page<CompetitionSummaryDto>).content;
    const solo = current.find((competition) => competition.style === 'SOLO')!;
    const season = (await (await t.request(`/api/seasons/${solo.currentSeason!.id}`)).json()) as SeasonDto;
    const lastNight = season.events.find((event) => event.round === 5)!;
    const raceId = lastNight.raceEvents[0].races[0].id;
    const status = (await (await t.request(`/api/safety-car/races/${raceId}`)).json()) as RaceStewardingDto;
    const now = Date.now();
    expect(Date.parse(status.filingOpensAt!)).toBeLessThan(now);
    expect(Date.parse(status.filingClosesAt!)).toBeGreaterThan(now);

    const steward = await t.signIn('steward');
    const open = ((await (await t.request('/api/tickets?state=OPEN', { as: steward })).json()) as Page<TicketListItemDto>).content;
    expect(open.length).toBeGreaterThan(0);
    const first = open.reduce((lowest, ticket) => (ticket.id < lowest.id ? ticket : lowest));
    const ticket = (await (await t.request(`/api/tickets/${first.id}`, { as: steward })).json()) as TicketDto;
    const outcomes = [{ kind: 'WARNING', profileId: ticket.accused[0].profileId }];
    for (const who of ['steward', 'admin'] as const) {
      const voted = await t.request(`/api/tickets/${first.id}/votes`, {
        method: 'POST',
        as: who === 'steward' ? steward : await t.signIn(who),
        json: { outcomes, reason: 'Avoidable contact.' },
      });
      expect([who, voted.status]).toEqual([who, 200]);
    }
    const decided = await t.request(`/api/tickets/${first.id}/decision`, { method: 'POST', as: steward, json: { outcomes, reason: 'Avoidable contact.' } });
    expect(decided.status).toBe(200);
    expect(((await decided.json()) as TicketDto).state).toBe('DECIDED');

    const driver = await t.signIn('driver');
    const racedLastNight = (await (await t.request(`/api/seasons/${season.id}/events/${lastNight.id}/results/${raceId}`)).json()) as { results: { profileId: number }[] };
    const driverId = ((await (await t.request('/api/users/me', { as: driver })).json()) as { driverProfile: { id: number } }).driverProfile.id;
    const other = racedLastNight.results.find((line) => line.profileId !== driverId)!;
    expect(racedLastNight.results.map((line) => line.profileId)).toContain(driverId);
    const filed = await t.request('/api/tickets', {
      method: 'POST',
      as: driver,
      json: { raceId, accusedProfileIds: [other.profileId], description: 'Pushed me wide at turn one.' },
    });
    expect(filed.status).toBe(201);
  });

  it("seeds a live event whose race reads its timing from the demo's simulated game, with entrants for the tower to link", async () => {
    const live = (await (await t.request('/api/live')).json()) as LiveDto;
    expect(live.event).toMatchObject({ name: DEMO_LIVE_RACE.eventName, attendanceCount: expect.any(Number) });
    expect(live.event!.attendanceCount).toBeGreaterThanOrEqual(10);
    const raceIds = live.event!.raceEvents.flatMap((raceEvent) => raceEvent.races.map((race) => race.id));
    const sources = await t.em().find(TimingSource, {});
    expect(sources.map(({ race, game, host, port, password }) => ({ raceId: race.id, game, host, port, password }))).toEqual([
      { raceId: raceIds[0], game: 'ACC', host: '127.0.0.1', port: DEMO_LIVE_RACE.port, password: DEMO_LIVE_RACE.password },
    ]);
  });

  it('seeds once: a second run (every later start) changes nothing', async () => {
    const counts = () =>
      t.em().execute<Record<string, number>[]>(
        `select (select count(*)::int from users) as users, (select count(*)::int from driver_profiles) as profiles,
          (select count(*)::int from teams) as teams, (select count(*)::int from games) as games,
          (select count(*)::int from events) as events, (select count(*)::int from headlines) as headlines,
          (select count(*)::int from competitions) as competitions, (select count(*)::int from result_revisions) as revisions`,
      );
    const before = await counts();
    expect(await seedDemoData(t.em())).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
