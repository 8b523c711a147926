import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RoleSyncPlan, RoleSyncRun } from '../../backend/src/contracts/discord-roles.js';
import { demoAccount } from '../../backend/src/infra/discord/demo-accounts.js';
import { GuildRolesStandInState, type RecordedGuildCall } from '../../backend/src/infra/discord/stand-in/guild-roles.state.js';
import { Team, TeamMember } from '../../backend/src/modules/teams/team.entity.js';
import type { User } from '../../backend/src/modules/users/user.entity.js';
import { newTeam } from '../factories/teams.js';
import { newUser } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('Discord role sync', () => {
  let t: TestApp;
  let admin: CookieJar;
  let driver: CookieJar;
  let guild: GuildRolesStandInState;
  let ada: User;
  let bo: User;
  let cy: User;
  let remy: User;
  let redBulls: Team;
  let blueBulls: Team;
  let guildPath: string;

  const plan = async (): Promise<RoleSyncPlan> => {
    const response = await t.request('/api/admin/discord/roles/plan', { as: admin });
    expect(response.status).toBe(200);
    return (await response.json()) as RoleSyncPlan;
  };
  const apply = (version: string) => t.request('/api/admin/discord/roles/sync', { method: 'POST', as: admin, json: { version } });
  const latestRun = async (): Promise<RoleSyncRun> => (await (await t.request('/api/admin/discord/roles/sync', { as: admin })).json()) as RoleSyncRun;
  const completed = () =>
    eventually(async () => {
      const run = await latestRun();
      expect(run).toMatchObject({ state: 'completed', error: null });
      expect(run.done).toBe(run.total);
    }, 15_000);
  const roleNamed = async (name: string) => (await guild.read()).roles.find((role) => role.name === name);
  const holders = async (name: string) => {
    const role = await roleNamed(name);
    return (await guild.read()).members
      .filter((member) => role && member.roles.includes(role.id))
      .map((member) => member.user.id)
      .sort();
  };
  const shape = (calls: RecordedGuildCall[]) => calls.map((call) => `${call.method} ${call.path.replace(guildPath, '').replace(/\d{10,}/g, ':id')} ${call.status}`);

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    admin = await t.signIn('admin');
    driver = await t.signIn('driver');
    guild = t.app.get(GuildRolesStandInState);
    guildPath = `/v10/guilds/${t.config.discord.guildId}`;
    const em = t.em();
    ada = await newUser(em, { globalName: 'Ada Racer' });
    bo = await newUser(em, { globalName: 'Bo Racer', roles: ['STEWARD'] });
    cy = await newUser(em, { globalName: 'Cy Away' });
    remy = await newUser(em, { globalName: 'Remy New', roles: ['NEW'] });
    redBulls = await newTeam(em, { name: 'Red Bulls', captain: ada, members: [bo] });
    blueBulls = await newTeam(em, { name: 'Blue Bulls', members: [cy] });
    // Cy never joined the community server.
    await guild.addMembers([ada, bo, remy].map((user) => ({ id: user.discordId, username: user.username })));
  });
  afterAll(() => t.close());

  it('refuses visitors (401) and signed-in users who are not admins (403) on every role sync route', async () => {
    for (const [path, method] of [
      ['/api/admin/discord/roles/plan', 'GET'],
      ['/api/admin/discord/roles/sync', 'GET'],
      ['/api/admin/discord/roles/sync', 'POST'],
    ] as const) {
      const json = method === 'POST' ? { version: 'x' } : undefined;
      expect((await t.request(path, { method, json })).status).toBe(401);
      expect((await t.request(path, { method, json, as: driver })).status).toBe(403);
    }
    expect(await guild.calls()).toEqual([]);
  });

  it('plans the league roles from the teams, crew and licence status, matching members by Discord id', async () => {
    const computed = await plan();
    const byName = new Map(computed.changes.map((change) => [change.name, change]));
    expect(computed.changes.map((change) => `${change.kind} ${change.name} ${change.action}`)).toEqual([
      'crew Admin create',
      'crew Head Steward create',
      'crew Host create',
      'crew Organizer create',
      'crew Race Director create',
      'crew Race Steward create',
      'crew Steward create',
      'licence Rookie create',
      'team Blue Bulls create',
      'team Red Bulls create',
    ]);
    expect(byName.get('Admin')?.add).toEqual([{ discordId: demoAccount('admin').id, name: 'Ada Admin' }]);
    expect(byName.get('Steward')?.add).toEqual([{ discordId: bo.discordId, name: 'Bo Racer' }]);
    expect(byName.get('Rookie')?.add).toEqual([{ discordId: remy.discordId, name: 'Remy New' }]);
    expect(byName.get('Red Bulls')).toMatchObject({
      colour: '#6a1b9a',
      add: [
        { discordId: ada.discordId, name: 'Ada Racer' },
        { discordId: bo.discordId, name: 'Bo Racer' },
      ],
      remove: [],
    });
    expect(byName.get('Blue Bulls')?.add).toEqual([]);
    expect(computed.notOnServer).toEqual([{ discordId: cy.discordId, name: 'Cy Away' }]);
    expect(computed).toMatchObject({ inSync: false, removals: [], steps: 15 });
  });

  it('applies the plan as a worker job through the guild API, after which the next plan is empty', async () => {
    const { version } = await plan();
    await guild.clearCalls();
    const started = await apply(version);
    expect(started.status).toBe(200);
    expect(['waiting', 'active']).toContain(((await started.json()) as RoleSyncRun).state);
    await completed();
    expect(await latestRun()).toMatchObject({ done: 15, total: 15 });

    const calls = await guild.calls();
    const writes = shape(calls).filter((call) => !call.startsWith('GET'));
    expect(writes.filter((call) => call.startsWith('POST'))).toEqual(Array(10).fill('POST /roles 200'));
    expect(writes.filter((call) => call.startsWith('PUT')).sort()).toEqual(Array(5).fill('PUT /members/:id/roles/:id 204'));
    // The stand-in's buckets take 10 calls a second: the client waited when a bucket said it had none left.
    expect(calls.filter((call) => call.status === 429)).toEqual([]);
    const created = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(created).toContainEqual({ name: 'Red Bulls', color: 0x6a1b9a, permissions: '0', hoist: false, mentionable: false });

    expect(await holders('Red Bulls')).toEqual([ada.discordId, bo.discordId].sort());
    expect(await holders('Steward')).toEqual([bo.discordId]);
    expect(await holders('Rookie')).toEqual([remy.discordId]);
    expect(await holders('Admin')).toEqual([demoAccount('admin').id]);
    expect(await holders('Blue Bulls')).toEqual([]);
    // The server's own roles are left alone.
    expect(await roleNamed('Moderators')).toBeDefined();

    expect(await plan()).toMatchObject({ inSync: true, changes: [], removals: [], steps: 0 });
  });

  it('is idempotent: a second run with nothing to do calls Discord for reads only', async () => {
    const { version } = await plan();
    await guild.clearCalls();
    expect((await apply(version)).status).toBe(200);
    await completed();
    expect(shape(await guild.calls()).filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it('refuses to apply without the version reviewed (400) or a plan that changed since it was reviewed (409)', async () => {
    const missing = await t.request('/api/admin/discord/roles/sync', { method: 'POST', as: admin, json: {} });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toMatch(/version/);
    const { version } = await plan();
    await t.em().nativeDelete(TeamMember, { team: redBulls.id, user: bo.id });
    const response = await apply(version);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(/review it again/);
  });

  it('waits out a 429 (Retry-After) and retries a 5xx, then removes members and deletes the roles it created that the league no longer has', async () => {
    await t.em().nativeDelete(Team, { id: blueBulls.id });
    const computed = await plan();
    expect(computed.changes).toEqual([expect.objectContaining({ name: 'Red Bulls', action: 'keep', add: [], remove: [{ discordId: bo.discordId, name: 'Bo Racer' }] })]);
    expect(computed.removals).toEqual([expect.objectContaining({ name: 'Blue Bulls', action: 'delete' })]);

    await guild.clearCalls();
    await guild.failNext({ status: 429, retryAfter: 0.4, method: 'DELETE' }, { status: 502, method: 'DELETE' });
    expect((await apply(computed.version)).status).toBe(200);
    await completed();

    const deletes = (await guild.calls()).filter((call) => call.method === 'DELETE');
    expect(shape(deletes)).toEqual(['DELETE /members/:id/roles/:id 429', 'DELETE /members/:id/roles/:id 502', 'DELETE /members/:id/roles/:id 204', 'DELETE /roles/:id 204']);
    expect(deletes[1].at - deletes[0].at).toBeGreaterThanOrEqual(400);
    expect(await holders('Red Bulls')).toEqual([ada.discordId]);
    expect(await roleNamed('Blue Bulls')).toBeUndefined();
    expect(await plan()).toMatchObject({ inSync: true });
  });
});
