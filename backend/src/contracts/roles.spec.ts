import { describe, expect, it } from '@jest/globals';
import { ROLE_FLAGS, ROLES, isRole, roleFlags, type Role, type RoleFlag } from './roles.js';

/** SPEC §6, as a table: each flag and the roles that make it true. */
const SPEC_TABLE: Record<RoleFlag, Role[]> = {
  isAdmin: ['ADMIN'],
  isOrganizer: ['ADMIN', 'ORGANIZER'],
  isSteward: ['ADMIN', 'ORGANIZER', 'STEWARD'],
  IsNew: ['NEW'],
  isTeamPlayer: ['TEAM'],
  isTeamCaptain: ['TEAM_CAPTAIN'],
  isBetaTester: ['BETA_TESTER'],
};

describe('roleFlags (SPEC §6)', () => {
  it('knows the seven roles of the spec', () => {
    expect([...ROLES].sort()).toEqual(['ADMIN', 'BETA_TESTER', 'NEW', 'ORGANIZER', 'STEWARD', 'TEAM', 'TEAM_CAPTAIN']);
  });

  it('derives exactly the flags of the spec, with IsNew spelled as the spec spells it', () => {
    expect([...ROLE_FLAGS].sort()).toEqual(Object.keys(SPEC_TABLE).sort());
    expect(Object.keys(roleFlags([])).sort()).toEqual(Object.keys(SPEC_TABLE).sort());
  });

  it('gives no flag to a user without roles', () => {
    expect(Object.values(roleFlags([]))).toEqual(ROLE_FLAGS.map(() => false));
  });

  for (const role of ROLES) {
    it(`sets for ${role} alone exactly the flags the spec's table grants it`, () => {
      const flags = roleFlags([role]);
      for (const flag of ROLE_FLAGS) expect([flag, flags[flag]]).toEqual([flag, SPEC_TABLE[flag].includes(role)]);
    });
  }

  it('combines roles: each flag is true when any held role grants it', () => {
    const flags = roleFlags(['STEWARD', 'TEAM', 'BETA_TESTER']);
    expect(flags).toEqual({
      isAdmin: false,
      isOrganizer: false,
      isSteward: true,
      IsNew: false,
      isTeamPlayer: true,
      isTeamCaptain: false,
      isBetaTester: true,
    });
    expect(Object.values(roleFlags([...ROLES])).every(Boolean)).toBe(true);
  });

  it('is not changed by order or repetition', () => {
    expect(roleFlags(['TEAM_CAPTAIN', 'ORGANIZER', 'ORGANIZER'])).toEqual(roleFlags(['ORGANIZER', 'TEAM_CAPTAIN']));
  });

  it('isRole accepts exactly the roles, case-sensitively', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    for (const value of ['admin', 'HOST', '', ' ADMIN', null, undefined, 1, ['ADMIN']]) expect(isRole(value)).toBe(false);
  });
});
