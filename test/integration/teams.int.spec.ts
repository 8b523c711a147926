import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PRIVATE_DRIVER } from '../../backend/src/contracts/profiles.js';
import type { MyTeamDto, TeamDto, TeamInviteDto } from '../../backend/src/contracts/teams.js';
import { Team } from '../../backend/src/modules/teams/team.entity.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { newGame } from '../factories/catalogue.js';
import { newMember } from '../factories/users.js';
import { connectSocket, nextMessage } from '../support/sockets.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Teams: admins create them and appoint captains; captains invite, remove, hand over; roles follow membership; one team per game. */
describe('teams', () => {
  let t: TestApp;
  let admin: CookieJar;
  let captain: CookieJar;
  let driver: CookieJar;
  let rookie: CookieJar;
  const profileOf: Record<string, number> = {};
  let gameId: number;

  const saveTeam = (team: Record<string, unknown>, as = admin) => {
    const form = new FormData();
    form.append('team', JSON.stringify(team));
    return t.request('/api/teams', { method: 'PUT', as, body: form });
  };
  const rolesOf = async (username: string) => (await t.em().findOneOrFail(User, { username })).roles;

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    for (const account of ['admin', 'driver', 'rookie'] as const) profileOf[account] = (await newMember(t.em(), account)).profile.id;
    // The captain starts as a plain driver: an admin appoints them.
    const captainMember = await newMember(t.em(), 'captain', { roles: [] });
    profileOf.captain = captainMember.profile.id;
    await t.em().nativeDelete(Team, captainMember.team!.id);
    gameId = (await newGame(t.em())).id;
    [admin, captain, driver, rookie] = [await t.signIn('admin'), await t.signIn('captain'), await t.signIn('driver'), await t.signIn('rookie')];
  });
  afterAll(() => t.close());

  let teamId: number;

  it('refuses visitors and non-admins on team administration, and non-captains on rosters', async () => {
    expect((await saveTeam({ name: 'Nope' }, driver)).status).toBe(403);
    expect(await (await t.request('/api/teams/mine', { as: driver })).json()).toEqual([]);
    expect((await t.request('/api/teams/mine')).status).toBe(401);
    expect((await t.request('/api/teams/invites')).status).toBe(401);
    expect((await t.request('/api/teams/1/invites', { method: 'POST', as: driver, json: { profileId: 1 } })).status).toBe(403);
    expect((await t.request('/api/teams/1/captains', { method: 'PUT', as: driver, json: { profileIds: [1] } })).status).toBe(403);
    expect((await t.request('/api/teams/1', { method: 'DELETE', as: driver })).status).toBe(403);
  });

  it('lets an admin create a team with tag, colour, game and platforms; names are unique; bad fields are 400', async () => {
    const response = await saveTeam({ name: 'Purple Haze Racing', tag: 'phr', colour: '#7B1FA2', game: { id: gameId }, platforms: ['PC', 'XBOX'] });
    expect(response.status).toBe(200);
    const team = (await response.json()) as TeamDto;
    expect(team).toMatchObject({ name: 'Purple Haze Racing', tag: 'PHR', colour: '#7b1fa2', game: { id: gameId }, platforms: ['PC', 'XBOX'], members: [] });
    teamId = team.id;
    expect((await saveTeam({ name: 'Purple Haze Racing' })).status).toBe(409);
    const bad = await saveTeam({ name: '', tag: 'toolongtag', colour: 'purple', platforms: ['WII'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: Record<string, string[]> }).errors).sort()).toEqual(['colour', 'name', 'platforms', 'tag']);
  });

  it('appoints a captain, who then holds TEAM and TEAM_CAPTAIN and sees My Teams', async () => {
    const response = await t.request(`/api/teams/${teamId}/captains`, { method: 'PUT', as: admin, json: { profileIds: [profileOf.captain] } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as TeamDto).members).toMatchObject([{ profileId: profileOf.captain, captain: true }]);
    expect([...(await rolesOf('captain'))].sort()).toEqual(['TEAM', 'TEAM_CAPTAIN']);
    const mine = (await (await t.request('/api/teams/mine', { as: captain })).json()) as MyTeamDto[];
    expect(mine.map((team) => team.id)).toEqual([teamId]);
  });

  it('lets the captain invite a driver, who accepts live and then holds TEAM; GridTeams shows it', async () => {
    expect((await t.request(`/api/teams/${teamId}/invites`, { method: 'POST', as: captain, json: { profileId: profileOf.rookie } })).status).toBe(400);
    const socket = await connectSocket(t.baseUrl, { as: driver });
    try {
      const told = nextMessage(socket, 'me.changed', (message) => message.reason === 'invites');
      const invited = await t.request(`/api/teams/${teamId}/invites`, { method: 'POST', as: captain, json: { profileId: profileOf.driver } });
      expect(invited.status).toBe(200);
      expect(((await invited.json()) as MyTeamDto).invited).toMatchObject([{ profileId: profileOf.driver }]);
      await told;
    } finally {
      socket.disconnect();
    }
    const invites = (await (await t.request('/api/teams/invites', { as: driver })).json()) as TeamInviteDto[];
    expect(invites).toMatchObject([{ teamId, teamName: 'Purple Haze Racing' }]);
    expect((await t.request(`/api/teams/${teamId}/invites/respond`, { method: 'POST', as: rookie, json: { accept: true } })).status).toBe(404);
    expect((await t.request(`/api/teams/${teamId}/invites/respond`, { method: 'POST', as: driver, json: { accept: true } })).status).toBe(200);
    expect(await rolesOf('driver')).toEqual(['TEAM']);
    const teams = (await (await t.request('/api/teams')).json()) as TeamDto[];
    expect(teams[0].members.map((member) => member.profileId).sort()).toEqual([profileOf.captain, profileOf.driver].sort());
    expect(await (await t.request(`/api/profile/${profileOf.driver}/team`)).json()).toEqual({ driverTeam: { id: teamId, teamName: 'Purple Haze Racing' } });
  });

  it('shows a hidden driver on rosters as "Private driver" to visitors and drivers, and by name to organizers and their captain', async () => {
    const hide = (hidden: boolean) => t.request('/api/profile/account', { method: 'PATCH', as: driver, json: { hidden } });
    expect((await hide(true)).status).toBe(200);
    const memberAs = async (as?: CookieJar) => {
      const team = (await (await t.request(`/api/teams/${teamId}`, as ? { as } : {})).json()) as TeamDto;
      return team.members.find((member) => member.profileId === profileOf.driver);
    };
    try {
      expect(await memberAs()).toMatchObject({ driverName: PRIVATE_DRIVER, driverNumber: null });
      expect(await memberAs(rookie)).toMatchObject({ driverName: PRIVATE_DRIVER, driverNumber: null });
      const listed = (await (await t.request('/api/teams')).json()) as TeamDto[];
      expect(listed.flatMap((team) => team.members).find((member) => member.profileId === profileOf.driver)?.driverName).toBe(PRIVATE_DRIVER);
      expect((await memberAs(admin))?.driverName).not.toBe(PRIVATE_DRIVER);
      const mine = (await (await t.request('/api/teams/mine', { as: captain })).json()) as MyTeamDto[];
      expect(mine[0].members.find((member) => member.profileId === profileOf.driver)?.driverName).not.toBe(PRIVATE_DRIVER);
    } finally {
      await hide(false);
    }
  });

  it('keeps a driver in one team per game: the database refuses a second seat', async () => {
    const other = (await (await saveTeam({ name: 'Second Team', game: { id: gameId } })).json()) as TeamDto;
    const response = await t.request(`/api/teams/${other.id}/captains`, { method: 'PUT', as: admin, json: { profileIds: [profileOf.driver] } });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toMatch(/already in another team of this game/);
    const direct = t
      .em()
      .getConnection()
      .execute('insert into team_members (team_id, user_id) select ?, user_id from driver_profiles where id = ?', [other.id, profileOf.driver]);
    await expect(direct).rejects.toThrow(/team_members_user_id_game_key_key/);
    // Another game is fine.
    const elsewhere = (await (await saveTeam({ name: 'Other Game Team' })).json()) as TeamDto;
    expect((await t.request(`/api/teams/${elsewhere.id}/captains`, { method: 'PUT', as: admin, json: { profileIds: [profileOf.driver] } })).status).toBe(200);
  });

  it('hands captaincy over and removes drivers; roles follow', async () => {
    const handed = await t.request(`/api/teams/${teamId}/captaincy`, { method: 'POST', as: captain, json: { profileId: profileOf.driver } });
    expect(handed.status).toBe(200);
    expect(await rolesOf('captain')).toEqual(['TEAM']);
    expect([...(await rolesOf('driver'))].sort()).toEqual(['TEAM', 'TEAM_CAPTAIN']);
    expect((await t.request(`/api/teams/${teamId}/members/${profileOf.driver}`, { method: 'DELETE', as: captain })).status).toBe(403);
    const removed = await t.request(`/api/teams/${teamId}/members/${profileOf.captain}`, { method: 'DELETE', as: driver });
    expect(removed.status).toBe(200);
    expect(await rolesOf('captain')).toEqual([]);
    expect((await t.request(`/api/teams/${teamId}/members/${profileOf.driver}`, { method: 'DELETE', as: driver })).status).toBe(409);
  });
});
