/**
 * League roles (SPEC §6) and the flags derived from them — the one place this rule lives. The crew
 * roles (HOST, RACE_STEWARD, HEAD_STEWARD, RACE_DIRECTOR) are granted like the others; only HOST
 * gives a flag (isHost: the Admin menu shows, empty); the others name who does what on the Crew page.
 */
export const ROLES = ['ADMIN', 'ORGANIZER', 'STEWARD', 'NEW', 'TEAM', 'TEAM_CAPTAIN', 'BETA_TESTER', 'HOST', 'RACE_STEWARD', 'HEAD_STEWARD', 'RACE_DIRECTOR'] as const;
export type Role = (typeof ROLES)[number];

/** The crew of SPEC §6, in the order the Crew page lists them; STEWARD (who decides tickets) is a steward of the crew too. */
export const CREW_ROLES = ['ADMIN', 'ORGANIZER', 'HOST', 'RACE_DIRECTOR', 'HEAD_STEWARD', 'RACE_STEWARD', 'STEWARD'] as const satisfies readonly Role[];
export type CrewRole = (typeof CREW_ROLES)[number];

/** The Crew page's filter values (`/grid/crew/{adminType?}`) and the crew roles each shows. */
export const CREW_FILTERS = {
  all: CREW_ROLES,
  admin: ['ADMIN'],
  organizers: ['ORGANIZER'],
  hosts: ['HOST'],
  racedirector: ['RACE_DIRECTOR'],
  headstewards: ['HEAD_STEWARD'],
  stewards: ['RACE_STEWARD', 'STEWARD'],
} as const satisfies Record<string, readonly CrewRole[]>;
export type CrewFilter = keyof typeof CREW_FILTERS;

export function crewRolesFor(filter: string | undefined): readonly CrewRole[] | null {
  if (filter === undefined || filter === '') return CREW_FILTERS.all;
  return Object.hasOwn(CREW_FILTERS, filter) ? CREW_FILTERS[filter as CrewFilter] : null;
}

export interface RoleFlags {
  isAdmin: boolean;
  isOrganizer: boolean;
  isSteward: boolean;
  IsNew: boolean;
  isTeamPlayer: boolean;
  isTeamCaptain: boolean;
  isBetaTester: boolean;
  isHost: boolean;
}
export type RoleFlag = keyof RoleFlags;

export const ROLE_FLAGS: readonly RoleFlag[] = ['isAdmin', 'isOrganizer', 'isSteward', 'IsNew', 'isTeamPlayer', 'isTeamCaptain', 'isBetaTester', 'isHost'];

/** Which roles grant each flag: organizers and admins are stewards too (SPEC §6). */
const FLAG_GRANTED_BY: Record<RoleFlag, readonly Role[]> = {
  isAdmin: ['ADMIN'],
  isOrganizer: ['ADMIN', 'ORGANIZER'],
  isSteward: ['ADMIN', 'ORGANIZER', 'STEWARD'],
  IsNew: ['NEW'],
  isTeamPlayer: ['TEAM'],
  isTeamCaptain: ['TEAM_CAPTAIN'],
  isBetaTester: ['BETA_TESTER'],
  isHost: ['HOST'],
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
    isHost: has('isHost'),
  };
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
