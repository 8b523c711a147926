/** League roles (SPEC §6) and the flags derived from them — the one place this rule lives. */
export const ROLES = ['ADMIN', 'ORGANIZER', 'STEWARD', 'NEW', 'TEAM', 'TEAM_CAPTAIN', 'BETA_TESTER'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleFlags {
  isAdmin: boolean;
  isOrganizer: boolean;
  isSteward: boolean;
  IsNew: boolean;
  isTeamPlayer: boolean;
  isTeamCaptain: boolean;
  isBetaTester: boolean;
}
export type RoleFlag = keyof RoleFlags;

export const ROLE_FLAGS: readonly RoleFlag[] = [
  'isAdmin',
  'isOrganizer',
  'isSteward',
  'IsNew',
  'isTeamPlayer',
  'isTeamCaptain',
  'isBetaTester',
];

/** Which roles grant each flag: organizers and admins are stewards too (SPEC §6). */
const FLAG_GRANTED_BY: Record<RoleFlag, readonly Role[]> = {
  isAdmin: ['ADMIN'],
  isOrganizer: ['ADMIN', 'ORGANIZER'],
  isSteward: ['ADMIN', 'ORGANIZER', 'STEWARD'],
  IsNew: ['NEW'],
  isTeamPlayer: ['TEAM'],
  isTeamCaptain: ['TEAM_CAPTAIN'],
  isBetaTester: ['BETA_TESTER'],
};

export function roleFlags(roles: readonly Role[]): RoleFlags {
  const held = new Set(roles);
  const has = (flag: RoleFlag) => FLAG_GRANTED_BY[flag].some((role) => held.has(role));
  return {
    isAdmin: has('isAdmin'),
    isOrganizer: has('isOrganizer'),
    isSteward: has('isSteward'),
    IsNew: has('IsNew'),
    isTeamPlayer: has('isTeamPlayer'),
    isTeamCaptain: has('isTeamCaptain'),
    isBetaTester: has('isBetaTester'),
  };
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
