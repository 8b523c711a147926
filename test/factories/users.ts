import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../backend/src/contracts/roles.js';
import { demoAccount, type DemoUsername } from '../../backend/src/infra/discord/demo-accounts.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import type { Team } from '../../backend/src/modules/teams/team.entity.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { nextDriverNumber, nextNumber } from './sequence.js';
import { newTeam } from './teams.js';

export interface UserOverrides {
  /**
   * The Discord account of the sign-in stand-in this user is (its id, username and global name), so
   * `t.signIn(account)` signs this very user in. Without it the user has a Discord id of its own and
   * can act only by API key.
   */
  account?: DemoUsername;
  discordId?: string;
  username?: string;
  globalName?: string | null;
  nickName?: string | null;
  roles?: Role[];
  createdAt?: Date;
  lastSeenAt?: Date | null;
  lastLoginAt?: Date | null;
}

/** A league member as the sign-in would have stored them, with the roles given (none by default). */
export async function newUser(em: EntityManager, overrides: UserOverrides = {}): Promise<User> {
  const { account, ...fields } = overrides;
  const n = nextNumber();
  const identity = account
    ? { discordId: demoAccount(account).id, username: demoAccount(account).username, globalName: demoAccount(account).globalName }
    : { discordId: `8${String(process.pid).padStart(7, '0')}${String(n).padStart(10, '0')}`, username: `member${n}`, globalName: `Member ${n}` };
  const user = em.create(User, { ...identity, roles: [], ...fields });
  await em.persist(user).flush();
  return user;
}

export interface ProfileOverrides {
  driverNumber?: number | null;
  name?: string | null;
  xboxUsername?: string | null;
  steamUsername?: string | null;
  steamId?: string | null;
  psnName?: string | null;
  alternativeName?: string | null;
  /** Completed by default (a driver who may sign up); `false` leaves an empty, incomplete profile. */
  completed?: boolean;
}

/** The user's driver profile: completed with a unique number and their name unless told otherwise. */
export async function newProfile(em: EntityManager, user: User, overrides: ProfileOverrides = {}): Promise<DriverProfile> {
  const { completed = true, ...fields } = overrides;
  const defaults = completed ? { driverNumber: nextDriverNumber(), name: user.globalName ?? user.username } : {};
  const profile = em.create(DriverProfile, { user, ...defaults, ...fields, profileCompleted: completed });
  await em.persist(profile).flush();
  return profile;
}

/** A member with a completed profile: someone who can sign up for events. */
export async function newDriver(em: EntityManager, overrides: UserOverrides & { profile?: ProfileOverrides } = {}) {
  const { profile, ...userOverrides } = overrides;
  const user = await newUser(em, userOverrides);
  return { user, profile: await newProfile(em, user, profile) };
}

/** What each stand-in account is in the league when a test signs in as it without arranging it. */
export const PERSONAS: Record<Exclude<DemoUsername, 'notmember'>, { roles: Role[]; completed: boolean }> = {
  admin: { roles: ['ADMIN'], completed: true },
  organizer: { roles: ['ORGANIZER'], completed: true },
  steward: { roles: ['STEWARD'], completed: true },
  captain: { roles: ['TEAM_CAPTAIN', 'TEAM'], completed: true },
  driver: { roles: [], completed: true },
  rookie: { roles: ['NEW'], completed: false },
};

export interface Member {
  user: User;
  profile: DriverProfile;
  /** The team the captain captains (captain only). */
  team?: Team;
}

/**
 * The league member behind a stand-in account, as its persona says: the roles, a profile (the
 * rookie's incomplete) and, for the captain, a team they captain. Overrides refine it.
 */
export async function newMember(
  em: EntityManager,
  account: Exclude<DemoUsername, 'notmember'>,
  overrides: Omit<UserOverrides, 'account'> & { profile?: ProfileOverrides } = {},
): Promise<Member> {
  const persona = PERSONAS[account];
  const { profile: profileOverrides, ...userOverrides } = overrides;
  const user = await newUser(em, { account, roles: persona.roles, ...userOverrides });
  const profile = await newProfile(em, user, { completed: persona.completed, ...profileOverrides });
  const team = account === 'captain' ? await newTeam(em, { captain: user }) : undefined;
  return { user, profile, team };
}

/**
 * The member behind a stand-in account, created by `newMember` unless this database has them already
 * (a test arranged them, or signed in as them before). `notmember` is never a member.
 */
export async function ensureMember(em: EntityManager, account: DemoUsername): Promise<void> {
  if (account === 'notmember') return;
  if (await em.count(User, { discordId: demoAccount(account).id })) return;
  try {
    await newMember(em, account);
  } catch (error) {
    // Two sign-ins as the same account at once: the other one created the member.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
}
