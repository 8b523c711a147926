import type { EntityManager } from '@mikro-orm/postgresql';
import { Team, TeamMember } from '../../backend/src/modules/teams/team.entity.js';
import type { User } from '../../backend/src/modules/users/user.entity.js';
import { nextNumber } from './sequence.js';

/** A team with a unique name, its captain (if given) and further members. */
export async function newTeam(em: EntityManager, overrides: { name?: string; captain?: User; members?: User[] } = {}): Promise<Team> {
  const team = em.create(Team, { name: overrides.name ?? `Team ${nextNumber()}` });
  if (overrides.captain) em.create(TeamMember, { team, user: overrides.captain, captain: true });
  for (const user of overrides.members ?? []) em.create(TeamMember, { team, user });
  await em.persist(team).flush();
  return team;
}

/** Puts the user in the team (as a plain member unless `captain`). */
export async function joinTeam(em: EntityManager, team: Team, user: User, captain = false): Promise<TeamMember> {
  const member = em.create(TeamMember, { team, user, captain });
  await em.persist(member).flush();
  return member;
}
