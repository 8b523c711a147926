import { describe, expect, it } from '@jest/globals';
import { planRoleSync, type GuildSnapshot, type StoredLink, type WantedRole } from './role-sync-plan.js';

const GUILD = '1';
const member = (id: string, username: string, roles: string[] = []) => ({ user: { id, username, global_name: null }, nick: null, roles });
const role = (id: string, name: string, color = 0, managed = false) => ({ id, name, color, managed });
const names = new Map([
  ['101', 'Ada'],
  ['102', 'Bo'],
  ['103', 'Cy'],
]);

function guild(roles: GuildSnapshot['roles'], members: GuildSnapshot['members']): GuildSnapshot {
  return { guildId: GUILD, roles: [role(GUILD, '@everyone'), ...roles], members };
}

describe('planRoleSync', () => {
  it('creates missing roles with their members, and leaves members out who are not on the server', () => {
    const wanted: WantedRole[] = [
      { key: 'team:1', kind: 'team', name: 'Red Bulls', colour: '#ff0000', holders: ['101', '999'] },
      { key: 'crew:ADMIN', kind: 'crew', name: 'Admin', colour: null, holders: ['102'] },
    ];
    const plan = planRoleSync(wanted, guild([], [member('101', 'ada'), member('102', 'bo')]), [], names);
    expect(plan.changes).toEqual([
      { key: 'crew:ADMIN', kind: 'crew', name: 'Admin', colour: null, action: 'create', discordRoleId: null, add: [{ discordId: '102', name: 'Bo' }], remove: [] },
      { key: 'team:1', kind: 'team', name: 'Red Bulls', colour: '#ff0000', action: 'create', discordRoleId: null, add: [{ discordId: '101', name: 'Ada' }], remove: [] },
    ]);
    expect(plan.notOnServer).toEqual([{ discordId: '999', name: '999' }]);
    expect(plan.steps).toBe(4);
    expect(plan.inSync).toBe(false);
  });

  it('is in sync when linked roles have their names, colours and members', () => {
    const wanted: WantedRole[] = [{ key: 'team:1', kind: 'team', name: 'Red Bulls', colour: '#ff0000', holders: ['101'] }];
    const links: StoredLink[] = [{ key: 'team:1', discordRoleId: '50', createdByLeague: true }];
    const plan = planRoleSync(wanted, guild([role('50', 'Red Bulls', 0xff0000)], [member('101', 'ada', ['50']), member('102', 'bo')]), links, names);
    expect(plan).toMatchObject({ inSync: true, changes: [], removals: [], steps: 0 });
  });

  it('renames and recolours a role it created, adds and removes members, and names them by their league name', () => {
    const wanted: WantedRole[] = [{ key: 'team:1', kind: 'team', name: 'Blue Bulls', colour: '#0000ff', holders: ['101', '103'] }];
    const links: StoredLink[] = [{ key: 'team:1', discordRoleId: '50', createdByLeague: true }];
    const plan = planRoleSync(
      wanted,
      guild([role('50', 'Red Bulls', 0xff0000)], [member('101', 'ada', ['50']), member('102', 'bo', ['50']), member('103', 'cy')]),
      links,
      names,
    );
    expect(plan.changes).toEqual([
      expect.objectContaining({ action: 'update', discordRoleId: '50', add: [{ discordId: '103', name: 'Cy' }], remove: [{ discordId: '102', name: 'Bo' }] }),
    ]);
    expect(plan.steps).toBe(3);
  });

  it('adopts an unmanaged role of the same name (keeping its colour), but never @everyone, a bot role or a role linked to another', () => {
    const wanted: WantedRole[] = [
      { key: 'crew:ADMIN', kind: 'crew', name: 'Admin', colour: null, holders: ['101'] },
      { key: 'crew:HOST', kind: 'crew', name: 'Paddock Bot', colour: null, holders: [] },
      { key: 'licence:NEW', kind: 'licence', name: 'Rookie', colour: null, holders: [] },
    ];
    const links: StoredLink[] = [{ key: 'team:9', discordRoleId: '62', createdByLeague: true }];
    const server = guild([role('60', 'Admin', 0x123456), role('61', 'Paddock Bot', 0, true), role('62', 'Rookie')], [member('101', 'ada', ['60'])]);
    const plan = planRoleSync(wanted, server, links, names);
    expect(plan.changes.map(({ key, action, discordRoleId }) => ({ key, action, discordRoleId }))).toEqual([
      { key: 'crew:ADMIN', action: 'adopt', discordRoleId: '60' },
      { key: 'crew:HOST', action: 'create', discordRoleId: null },
      { key: 'licence:NEW', action: 'create', discordRoleId: null },
    ]);
    // The adopted role keeps its colour: linked, it is in sync.
    const after = planRoleSync(wanted.slice(0, 1), server, [{ key: 'crew:ADMIN', discordRoleId: '60', createdByLeague: false }], names);
    expect(after.inSync).toBe(true);
  });

  it('deletes roles the league created and no longer uses, releases those it adopted or that are gone', () => {
    const links: StoredLink[] = [
      { key: 'team:1', discordRoleId: '50', createdByLeague: true },
      { key: 'team:2', discordRoleId: '51', createdByLeague: false },
      { key: 'team:3', discordRoleId: '52', createdByLeague: true },
    ];
    const plan = planRoleSync([], guild([role('50', 'Old Team'), role('51', 'Friends')], []), links, names);
    expect(plan.removals).toEqual([
      { key: 'team:2', name: 'Friends', discordRoleId: '51', action: 'release' },
      { key: 'team:1', name: 'Old Team', discordRoleId: '50', action: 'delete' },
      { key: 'team:3', name: 'team:3', discordRoleId: '52', action: 'release' },
    ]);
    expect(plan.steps).toBe(1);
  });

  it('recreates a linked role someone deleted on the server', () => {
    const wanted: WantedRole[] = [{ key: 'team:1', kind: 'team', name: 'Red Bulls', colour: null, holders: ['101'] }];
    const plan = planRoleSync(wanted, guild([], [member('101', 'ada')]), [{ key: 'team:1', discordRoleId: '50', createdByLeague: true }], names);
    expect(plan.changes).toEqual([expect.objectContaining({ action: 'create', discordRoleId: null, add: [{ discordId: '101', name: 'Ada' }] })]);
  });

  it('names a plan by what it does: the same changes, the same version', () => {
    const wanted: WantedRole[] = [{ key: 'team:1', kind: 'team', name: 'Red Bulls', colour: null, holders: ['101'] }];
    const server = guild([], [member('101', 'ada')]);
    expect(planRoleSync(wanted, server, [], names).version).toBe(planRoleSync(wanted, server, [], names).version);
    expect(planRoleSync(wanted, server, [], names).version).not.toBe(planRoleSync([{ ...wanted[0], name: 'Blue Bulls' }], server, [], names).version);
  });
});
