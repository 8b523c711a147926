import { describe, expect, it } from '@jest/globals';
import { CREW_FILTERS, CREW_ROLES, ROLE_FLAGS, ROLES, crewRolesFor, isRole, roleFlags, type Role, type RoleFlag } from './roles.js';

/** SPEC §6, as a table: each flag and the roles that make it true. */
const SPEC_TABLE: Record<RoleFlag, Role[]> = {
  isAdmin: ['ADMIN'],
  isOrganizer: ['ADMIN', 'ORGANIZER'],
  isSteward: ['ADMIN', 'ORGANIZER', 'STEWARD'],
  IsNew: ['NEW'],
  isTeamPlayer: ['TEAM'],
  isTeamCaptain: ['TEAM_CAPTAIN'],
  isBetaTester: ['BETA_TESTER'],
  isHost: ['HOST'],
};

describe('roleFlags (SPEC §6)', () => {
  it('knows the seven roles of the spec and the crew roles', () => {
    expect([...ROLES].sort()).toEqual([
      'ADMIN',
      'BETA_TESTER',
      'HEAD_STEWARD',
      'HOST',
      'NEW',
      'ORGANIZER',
      'RACE_DIRECTOR',
      'RACE_STEWARD',
      'STEWARD',
      'TEAM',
      'TEAM_CAPTAIN',
    ]);
  });

  it('keeps the steward flag for ADMIN, ORGANIZER and STEWARD only: crew roles name jobs, not permissions', () => {
    for (const role of ['RACE_STEWARD', 'HEAD_STEWARD', 'RACE_DIRECTOR'] as const) expect(roleFlags([role]).isSteward).toBe(false);
  });

  it('maps every crew filter of SPEC §6 onto crew roles; unknown filters map to nothing', () => {
    expect(Object.keys(CREW_FILTERS).sort()).toEqual(['admin', 'all', 'headstewards', 'hosts', 'organizers', 'racedirector', 'stewards']);
    expect(crewRolesFor(undefined)).toEqual(CREW_ROLES);
    expect(crewRolesFor('hosts')).toEqual(['HOST']);
    // Whoever holds the STEWARD role (deciding tickets) is listed among the stewards.
    expect(crewRolesFor('stewards')).toEqual(['RACE_STEWARD', 'STEWARD']);
    expect(crewRolesFor('toString')).toBeNull();
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
      isHost: false,
    });
    expect(Object.values(roleFlags([...ROLES])).every(Boolean)).toBe(true);
  });

  it('is not changed by order or repetition', () => {
    expect(roleFlags(['TEAM_CAPTAIN', 'ORGANIZER', 'ORGANIZER'])).toEqual(roleFlags(['ORGANIZER', 'TEAM_CAPTAIN']));
  });

  it('isRole accepts exactly the roles, case-sensitively', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    for (const value of ['admin', 'host', '', ' ADMIN', null, undefined, 1, ['ADMIN']]) expect(isRole(value)).toBe(false);
  });
});
