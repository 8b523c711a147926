import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../backend/src/contracts/api.js';
import type { EventDto, VideoDto } from '../../backend/src/contracts/events.js';
import { DEMO_ACCOUNTS } from '../../backend/src/infra/discord/demo-accounts.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { seedDemoData } from '../../backend/src/seed/demo-data.js';
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
    const users = await t.em().find(User, {}, { orderBy: { id: 'asc' } });
    const members = DEMO_ACCOUNTS.filter((account) => account.inCommunityServer);
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

  it('seeds once: a second run (every later start) changes nothing', async () => {
    const counts = () =>
      t.em().execute<Record<string, number>[]>(
        `select (select count(*)::int from users) as users, (select count(*)::int from driver_profiles) as profiles,
          (select count(*)::int from teams) as teams, (select count(*)::int from games) as games,
          (select count(*)::int from events) as events, (select count(*)::int from headlines) as headlines`,
      );
    const before = await counts();
    expect(await seedDemoData(t.em())).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
