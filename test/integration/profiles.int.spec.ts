import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../backend/src/contracts/api.js';
import { PROFILE_TEXT_RULES, type DriverListItemDto, type MyProfileDto, type PublicProfileDto, type StatsSummaryDto } from '../../backend/src/contracts/profiles.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { ApiKeysService } from '../../backend/src/modules/users/api-keys.service.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { newGame } from '../factories/catalogue.js';
import { newDriver, newMember } from '../factories/users.js';
import { connectSocket, nextMessage } from '../support/sockets.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Profiles: editing with its rules, the number race, completion, public profiles, the Grid and Crew, promotion. */
describe('driver profiles', () => {
  let t: TestApp;
  let rookie: CookieJar;
  let driver: CookieJar;
  let organizer: CookieJar;
  let driverProfileId: number;
  let gameId: number;

  const patch = (path: string, as: CookieJar, json: unknown) => t.request(`/api/profile${path}`, { method: 'PATCH', as, json });
  const keyFor = async (userId: number) => `Bearer ${await t.app.get(ApiKeysService).issue(userId)}`;

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    await newMember(t.em(), 'admin');
    const organizerMember = await newMember(t.em(), 'organizer');
    const driverMember = await newMember(t.em(), 'driver', { profile: { driverNumber: 77, steamUsername: 'DaniDrives', name: 'Dani Driver' } });
    await t.em().nativeUpdate(DriverProfile, driverMember.profile.id, { platforms: ['PC'], country: 'ES' });
    await t.em().nativeUpdate(DriverProfile, organizerMember.profile.id, { platforms: ['XBOX'], xboxUsername: 'OllyOnXbox', driverNumber: 7 });
    driverProfileId = driverMember.profile.id;
    await newMember(t.em(), 'rookie');
    gameId = (await newGame(t.em(), { platforms: ['PC', 'XBOX'] })).id;
    [rookie, driver, organizer] = [await t.signIn('rookie'), await t.signIn('driver'), await t.signIn('organizer')];
  });
  afterAll(() => t.close());

  describe('who may call', () => {
    it('refuses visitors on the own-profile routes and drivers on promote and the champion setting', async () => {
      for (const [method, path] of [
        ['GET', '/api/profile'],
        ['PATCH', '/api/profile'],
        ['PATCH', '/api/profile/account'],
        ['PATCH', '/api/profile/connections'],
        ['PATCH', '/api/profile/socials'],
        ['PATCH', '/api/profile/games'],
        ['GET', '/api/profile/takenDriverNumbers'],
        ['POST', '/api/profile/promote'],
      ]) {
        expect([method, path, (await t.request(path, { method, json: method === 'GET' ? undefined : {} })).status]).toEqual([method, path, 401]);
      }
      expect((await t.request('/api/profile/promote', { method: 'POST', as: driver, json: { profileId: driverProfileId } })).status).toBe(403);
      expect((await t.request('/api/profile/championNumber', { method: 'PUT', as: organizer, json: { profileId: driverProfileId } })).status).toBe(403);
    });
  });

  describe('the rookie completes the profile (SPEC §4)', () => {
    it('starts incomplete and says what is missing', async () => {
      const me = (await (await t.request('/api/profile', { as: rookie })).json()) as MyProfileDto;
      expect(me).toMatchObject({ profileCompleted: false, driverName: 'Incomplete profile', platforms: [], hidden: false });
      expect(me.missing).toEqual(['a driver number', 'a platform you race on']);
    });

    it('refuses bad fields with human messages, naming each field', async () => {
      const response = await patch('', rookie, {
        driverNumber: 1000,
        xboxUsername: 'x',
        psnName: '1abc',
        country: 'Narnia',
        timeZone: 'Mars/Base',
        platforms: ['WII'],
        socials: { twitch: 'http://x' },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string[]>; timestamp: string; path: string };
      expect(body).toMatchObject({ status: 400, path: '/api/profile' });
      expect(body.errors.driverNumber).toEqual(['A driver number is a whole number from 1 to 999']);
      expect(body.errors.xboxUsername[0]).toMatch(/3 to 15/);
      expect(body.errors.psnName[0]).toMatch(/3 to 16/);
      expect(Object.keys(body.errors).sort()).toEqual(['country', 'driverNumber', 'platforms', 'psnName', 'socials.twitch', 'timeZone', 'xboxUsername']);
      expect((await patch('', rookie, { unknownField: 1 })).status).toBe(400);
    });

    it('refuses null for what cannot be empty with a 400 naming the field, and changes nothing', async () => {
      const before = await t.em().findOneOrFail(DriverProfile, driverProfileId);
      const refusals: [string, Record<string, unknown>, string, string][] = [
        ['/account', { hidden: null }, 'hidden', 'hidden must be true or false'],
        ['', { hidden: null }, 'hidden', 'hidden must be true or false'],
        ['/games', { platforms: null }, 'platforms', 'platforms must be a list'],
        ['/games', { gameIds: null }, 'gameIds', 'gameIds must be a list of game ids'],
        ['', { socials: null }, 'socials', 'socials must be an object like {"twitch": "https://…"}'],
      ];
      for (const [path, body, field, message] of refusals) {
        const response = await patch(path, driver, body);
        const answer = (await response.json()) as { status: number; errors: Record<string, string[]> };
        expect([path, field, response.status, answer.errors[field]?.[0]]).toEqual([path, field, 400, message]);
      }
      const after = await t.em().findOneOrFail(DriverProfile, driverProfileId);
      expect([after.hidden, after.platforms, after.socials]).toEqual([before.hidden, before.platforms, before.socials]);
    });

    it('is complete with a number and an id on a platform raced on; /users/me says so', async () => {
      const partial = (await (await patch('', rookie, { driverNumber: 31, xboxUsername: 'RemyRookie' })).json()) as MyProfileDto;
      expect(partial.profileCompleted).toBe(false);
      expect(partial.missing).toEqual(['a platform you race on']);
      const steamOnly = (await (await patch('/games', rookie, { platforms: ['PC'], gameIds: [gameId] })).json()) as MyProfileDto;
      expect(steamOnly).toMatchObject({ profileCompleted: false, missing: ['your id on PC (Steam)'], games: [{ id: gameId }] });
      const done = (await (await patch('/games', rookie, { platforms: ['PC', 'XBOX'] })).json()) as MyProfileDto;
      expect(done).toMatchObject({ profileCompleted: true, missing: [], driverName: '[ 31 ] - RemyRookie' });
      const me = await (await t.request('/api/users/me', { as: rookie })).json();
      expect(me.driverProfile).toMatchObject({ profileCompleted: true, driverNumber: 31 });
    });

    it('saves account, connections and socials; empty text clears a field', async () => {
      const account = (await (await patch('/account', rookie, { name: 'Remy Rookie', country: 'fr', timeZone: 'Europe/Paris' })).json()) as MyProfileDto;
      expect(account).toMatchObject({ name: 'Remy Rookie', country: 'FR', timeZone: 'Europe/Paris' });
      const socials = (await (await patch('/socials', rookie, { socials: { twitch: 'https://twitch.tv/remy', youtube: '' } })).json()) as MyProfileDto;
      expect(socials.socials).toEqual({ twitch: 'https://twitch.tv/remy' });
      const connections = (await (await patch('/connections', rookie, { steamUsername: 'RemySteam' })).json()) as MyProfileDto;
      expect(connections.steamUsername).toBe('RemySteam');
      const cleared = (await (await patch('/connections', rookie, { steamUsername: '' })).json()) as MyProfileDto;
      expect(cleared.steamUsername).toBeNull();
      expect((await patch('/account', rookie, { driverNumber: 5 })).status).toBe(400);
    });

    it('keeps a SteamID64 of its own: 17 digits, never the shown name; a Steam name stays the name', async () => {
      const saved = (await (await patch('/connections', rookie, { steamId: ' 76561198031000031 ', steamUsername: 'RemySteam' })).json()) as MyProfileDto;
      expect(saved).toMatchObject({ steamId: '76561198031000031', steamUsername: 'RemySteam', driverName: '[ 31 ] - RemyRookie' });
      const bad = await patch('/connections', rookie, { steamId: 'RemySteam' });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { errors: Record<string, string[]> }).errors).toEqual({ steamId: [PROFILE_TEXT_RULES.steamId.message] });
      const other = await newDriver(t.em(), { profile: { steamId: '76561198031000032' } });
      const taken = await patch('/connections', rookie, { steamId: other.profile.steamId });
      expect(taken.status).toBe(409);
      expect((await taken.json()).message).toBe('The SteamID64 76561198031000032 belongs to another driver');
      expect(((await (await patch('/connections', rookie, { steamId: '', steamUsername: '' })).json()) as MyProfileDto).steamId).toBeNull();
    });

    it('keeps name changes for the public profile', async () => {
      await patch('/connections', rookie, { xboxUsername: 'RemyFast' });
      const me = (await (await t.request('/api/profile', { as: rookie })).json()) as MyProfileDto;
      expect(me.nameHistory.map((change) => change.name)).toContain('RemyRookie');
    });

    it('pushes me.changed to the driver when the profile changes', async () => {
      const socket = await connectSocket(t.baseUrl, { as: rookie });
      try {
        const message = nextMessage(socket, 'me.changed');
        await patch('/account', rookie, { timeZone: 'Europe/Madrid' });
        expect(await message).toEqual({ reason: 'profile' });
      } finally {
        socket.disconnect();
      }
    });
  });

  describe('driver numbers and platform ids are unique', () => {
    it('answers 409 "Number 77 is taken" and lists taken numbers without the caller\'s own', async () => {
      const response = await patch('', rookie, { driverNumber: 77 });
      expect(response.status).toBe(409);
      expect((await response.json()).message).toBe('Number 77 is taken');
      const taken = (await (await t.request('/api/profile/takenDriverNumbers', { as: rookie })).json()) as number[];
      expect(taken).toContain(77);
      expect(taken).not.toContain(31);
    });

    it('refuses a platform id another driver holds, whatever the case', async () => {
      const response = await patch('/connections', rookie, { steamUsername: 'danidrives' });
      expect(response.status).toBe(409);
      expect((await response.json()).message).toMatch(/Steam name danidrives belongs to another driver/);
    });

    it('lets exactly one of two drivers saving the same number at once have it', async () => {
      const racers = await Promise.all([newDriver(t.em()), newDriver(t.em())]);
      const keys = await Promise.all(racers.map(({ user }) => keyFor(user.id)));
      for (let round = 0; round < 5; round += 1) {
        const number = 500 + round;
        const answers = await Promise.all(
          keys.map((authorization) => t.request('/api/profile', { method: 'PATCH', headers: { authorization }, json: { driverNumber: number } })),
        );
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses).toEqual([200, 409]);
        const refused = answers.find((answer) => answer.status === 409)!;
        expect((await refused.json()).message).toBe(`Number ${number} is taken`);
        const holders = await t.em().getConnection().execute('select count(*)::int as n from driver_profiles where driver_number = ?', [number]);
        expect(holders[0].n).toBe(1);
      }
    });

    it('keeps number 1 for the champion when an admin says so', async () => {
      const admin = await t.signIn('admin');
      expect((await t.request('/api/profile/championNumber', { method: 'PUT', as: admin, json: { profileId: driverProfileId } })).status).toBe(200);
      const refused = await patch('', rookie, { driverNumber: 1 });
      expect(refused.status).toBe(409);
      expect((await refused.json()).message).toMatch(/reigning champion/);
      expect((await (await t.request('/api/profile/takenDriverNumbers', { as: rookie })).json()) as number[]).toContain(1);
      expect((await patch('', driver, { driverNumber: 1 })).status).toBe(200);
      expect((await t.request('/api/profile/championNumber', { method: 'PUT', as: admin, json: { profileId: 999999 } })).status).toBe(400);
      await patch('', driver, { driverNumber: 77 });
      await t.request('/api/profile/championNumber', { method: 'PUT', as: admin, json: { profileId: null } });
    });
  });

  describe('public profile, Grid and Crew', () => {
    it('shows the public profile with number, platforms, country, events and empty stats', async () => {
      const profile = (await (await t.request(`/api/profile/${driverProfileId}`)).json()) as PublicProfileDto;
      expect(profile).toMatchObject({
        id: driverProfileId,
        driverName: '[ 77 ] - DaniDrives',
        driverNumber: 77,
        platforms: ['PC'],
        platformIds: { PC: 'DaniDrives' },
        country: 'ES',
        hidden: false,
      });
      expect(await (await t.request(`/api/profile/${driverProfileId}/events`)).json()).toEqual([]);
      expect(await (await t.request(`/api/profile/${driverProfileId}/results`)).json()).toEqual([]);
      expect(await (await t.request(`/api/profile/${driverProfileId}/team`)).json()).toEqual({ driverTeam: null });
      expect(await (await t.request(`/api/profile/${driverProfileId}/teams`)).json()).toEqual([]);
      const stats = (await (await t.request(`/api/profile/${driverProfileId}/stats-summary`)).json()) as StatsSummaryDto;
      expect(stats).toEqual({ profileId: driverProfileId, starts: 0, wins: 0, podiums: 0, poles: 0, fastestLaps: 0, dnfs: 0, averageFinish: null, points: 0 });
      expect((await t.request('/api/profile/999999')).status).toBe(404);
      expect((await t.request('/api/profile/abc')).status).toBe(400);
    });

    it('shows a hidden profile as "Private driver" to visitors, and in full to its owner', async () => {
      await patch('/account', driver, { hidden: true });
      const visitor = (await (await t.request(`/api/profile/${driverProfileId}`)).json()) as PublicProfileDto;
      expect(visitor).toMatchObject({ hidden: true, driverName: 'Private driver', driverNumber: null, platforms: [] });
      const owner = (await (await t.request(`/api/profile/${driverProfileId}`, { as: driver })).json()) as PublicProfileDto;
      expect(owner.driverName).toBe('[ 77 ] - DaniDrives');
      const grid = (await (await t.request('/api/profile/list?search=Dani')).json()) as Page<DriverListItemDto>;
      expect(grid.content).toEqual([]);
      await patch('/account', driver, { hidden: false });
    });

    it('lists complete drivers on the Grid, paged and filtered by platform, game and name', async () => {
      const grid = (await (await t.request('/api/profile/list')).json()) as Page<DriverListItemDto>;
      expect(grid.pageSize).toBe(25);
      expect(grid.content.every((item) => item.driverName !== 'Incomplete profile')).toBe(true);
      const numbers = grid.content.map((item) => item.driverNumber ?? 1000);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      const onXbox = (await (await t.request('/api/profile/list?platform=XBOX')).json()) as Page<DriverListItemDto>;
      expect(onXbox.content.map((item) => item.driverName)).toEqual(expect.arrayContaining(['[ 7 ] - OllyOnXbox', '[ 31 ] - RemyFast']));
      expect(onXbox.content.every((item) => item.platforms.includes('XBOX'))).toBe(true);
      const byGame = (await (await t.request(`/api/profile/list?game=${gameId}`)).json()) as Page<DriverListItemDto>;
      expect(byGame.content.map((item) => item.driverNumber)).toEqual([31]);
      const byName = (await (await t.request('/api/profile/list?search=dani')).json()) as Page<DriverListItemDto>;
      expect(byName.content.map((item) => item.id)).toEqual([driverProfileId]);
      const paged = (await (await t.request('/api/profile/list?pageSize=1&pageNumber=1')).json()) as Page<DriverListItemDto>;
      expect(paged).toMatchObject({ pageNumber: 1, pageSize: 1 });
      expect(paged.content).toHaveLength(1);
      for (const query of ['platform=WII', 'game=x', 'pageSize=0', 'roles=PILOT'])
        expect([query, (await t.request(`/api/profile/list?${query}`)).status]).toEqual([query, 400]);
    });

    it('serves the Crew by crew filter or roles, with the crew roles held', async () => {
      const all = (await (await t.request('/api/profile/list?roles=all')).json()) as Page<DriverListItemDto>;
      expect(all.content.map((item) => item.crewRoles).sort()).toEqual([['ADMIN'], ['ORGANIZER']]);
      const organizers = (await (await t.request('/api/profile/list?roles=organizers')).json()) as Page<DriverListItemDto>;
      expect(organizers.content.map((item) => item.driverName)).toEqual(['[ 7 ] - OllyOnXbox']);
      expect(((await (await t.request('/api/profile/list?roles=hosts')).json()) as Page<DriverListItemDto>).content).toEqual([]);
      const admin = await t.em().findOneOrFail(User, { username: 'admin' });
      await t.request(`/api/users/${admin.id}/roles/HOST`, { method: 'PUT', as: await t.signIn('admin') });
      const hosts = (await (await t.request('/api/profile/list?roles=HOST,RACE_DIRECTOR')).json()) as Page<DriverListItemDto>;
      expect(hosts.content.map((item) => item.crewRoles)).toEqual([['ADMIN', 'HOST']]);
      // Whoever holds STEWARD (deciding tickets) is among the Crew's stewards.
      const steward = await newMember(t.em(), 'steward', { roles: ['STEWARD'], profile: { driverNumber: 12, psnName: 'StellaPSN' } });
      const stewards = (await (await t.request('/api/profile/list?roles=stewards')).json()) as Page<DriverListItemDto>;
      expect(stewards.content.map((item) => [item.id, item.crewRoles])).toEqual([[steward.profile.id, ['STEWARD']]]);
    });
  });

  describe('promotion of new drivers', () => {
    it('removes NEW, once, and the driver hears of it live', async () => {
      const rookieMe = await (await t.request('/api/users/me', { as: rookie })).json();
      const socket = await connectSocket(t.baseUrl, { as: rookie });
      try {
        const message = nextMessage(socket, 'me.changed');
        const response = await t.request('/api/profile/promote', { method: 'POST', as: organizer, json: { profileId: rookieMe.driverProfile.id } });
        expect(response.status).toBe(200);
        expect((await response.json()).roles).not.toContain('NEW');
        expect(['promoted', 'roles']).toContain((await message).reason);
      } finally {
        socket.disconnect();
      }
      const after = await (await t.request('/api/users/me', { as: rookie })).json();
      expect(after.roles).toEqual([]);
      expect((await t.request('/api/profile/promote', { method: 'POST', as: organizer, json: { profileId: rookieMe.driverProfile.id } })).status).toBe(200);
      expect((await t.request('/api/profile/promote', { method: 'POST', as: organizer, json: { profileId: 999999 } })).status).toBe(404);
      expect((await t.request('/api/profile/promote', { method: 'POST', as: organizer, json: { profileId: 'x' } })).status).toBe(400);
    });
  });
});
