import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { CurrentUserDto, DiscordIdentity, Page, RoleInfo, UserListItem } from '../../contracts/api.js';
import { roleFlags, type Role } from '../../contracts/roles.js';
import type { Principal } from '../../common/principal.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { ReadCache } from '../../infra/read-cache/read-cache.js';
import { toPage, type PageQuery } from '../../common/pagination.js';
import { recordStaffChange } from '../audit/index.js';
import { ProfilesService } from '../profiles/index.js';
import { TeamsService } from '../teams/index.js';
import type { UserPageBody } from './dto/user-page.dto.js';
import { User } from './user.entity.js';
import { CURRENT_USER_READS } from './users.reads.js';

function identityOf(user: User): DiscordIdentity {
  const { discordId, username, globalName, nickName, avatar, banner } = user;
  return { discordId, username, globalName, nickName, avatar, banner };
}

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  ADMIN: 'Runs the site: catalogue, users, roles, teams and affiliates',
  ORGANIZER: 'Creates and runs events, competitions and assessments',
  STEWARD: 'Handles incident tickets',
  NEW: 'New driver who has not passed an assessment race yet',
  TEAM: 'Drives for a team',
  TEAM_CAPTAIN: 'Enters and manages a team',
  BETA_TESTER: 'Sees features before everyone else',
  HOST: 'Crew: hosts event lobbies',
  RACE_STEWARD: 'Crew: stewards races',
  HEAD_STEWARD: 'Crew: leads the stewards',
  RACE_DIRECTOR: 'Crew: directs races',
};

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
    private readonly reads: ReadCache,
  ) {}

  /** Creates or refreshes the league's copy of a Discord account at sign-in; the caller's cached `/users/me` then shows the new identity. */
  async recordDiscordSignIn(identity: DiscordIdentity): Promise<User> {
    const now = new Date();
    const user = await this.em.fork().upsert(User, { ...identity, lastLoginAt: now, lastSeenAt: now }, { onConflictFields: ['discordId'] });
    await this.reads.invalidate([CURRENT_USER_READS.name]).catch((error: Error) => this.logger.warn(`Cached current users not dropped at sign-in: ${error.message}`));
    return user;
  }

  /** The account signed in with this Discord user, or null (never signed in here). */
  async idByDiscordId(discordId: string): Promise<number | null> {
    const user = await this.em.fork().findOne(User, { discordId }, { fields: ['id'] });
    return user?.id ?? null;
  }

  /** The Discord user id of a user, or null when there is no such user. */
  async discordIdOf(userId: number): Promise<string | null> {
    return (await this.em.fork().findOne(User, userId, { fields: ['discordId'] }))?.discordId ?? null;
  }

  /** Who a user is for access decisions, read fresh per request so role changes apply at once. */
  async principalFor(userId: number, via: Principal['via']): Promise<Principal | null> {
    const user = await this.em.findOne(User, userId, { fields: ['id', 'roles'] });
    return user ? { userId: user.id, roles: user.roles, flags: roleFlags(user.roles), via } : null;
  }

  async currentUser(userId: number): Promise<CurrentUserDto> {
    const [user, driverProfile, teams] = await Promise.all([this.em.findOneOrFail(User, userId), this.profiles.findByUser(userId), this.teams.teamsOf(userId)]);
    return {
      id: user.id,
      ...identityOf(user),
      driverProfile: driverProfile ?? {},
      roles: user.roles.map((role) => ({ role })),
      teams,
    };
  }

  async recordVisit(userId: number): Promise<void> {
    await this.em.nativeUpdate(User, userId, { lastSeenAt: new Date() });
  }

  async page(query: PageQuery, body: UserPageBody): Promise<Page<UserListItem>> {
    const orderBy = [...(body.sort ?? []).map(({ field, direction }) => ({ [field]: direction?.toUpperCase() === 'DESC' ? 'desc' : 'asc' })), { id: 'asc' }] as Record<
      string,
      'asc' | 'desc'
    >[];
    const where = body.role ? { roles: { $contains: [body.role] } } : {};
    const [users, total] = await this.em.findAndCount(User, where, { orderBy, limit: query.pageSize, offset: query.offset });
    return toPage(await this.listItems(users), total, query);
  }

  /** Every user as CSV, for the admins' spreadsheets. */
  async exportCsv(): Promise<string> {
    const users = await this.em.find(User, {}, { orderBy: { id: 'asc' } });
    const items = await this.listItems(users);
    const header = ['id', 'discordId', 'username', 'globalName', 'nickName', 'roles', 'driverNumber', 'driverName', 'createdAt', 'lastSeenAt'];
    const rows = items.map((item) => [
      item.id,
      item.discordId,
      item.username,
      item.globalName,
      item.nickName,
      item.roles.join(' '),
      item.driverNumber,
      item.driverName,
      item.createdAt,
      item.lastSeenAt,
    ]);
    return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
  }

  roles(): RoleInfo[] {
    return (Object.keys(ROLE_DESCRIPTIONS) as Role[]).map((role) => ({ role, description: ROLE_DESCRIPTIONS[role] }));
  }

  /** Adds a role in one statement, so grants arriving together never overwrite each other; in `em`'s transaction when given. */
  async grantRole(userId: number, role: Role, em?: EntityManager): Promise<Role[]> {
    return this.updateRoles(userId, 'case when ? = any(roles) then roles else array_append(roles, ?) end', [role, role], em);
  }

  async revokeRole(userId: number, role: Role, em?: EntityManager): Promise<Role[]> {
    return this.updateRoles(userId, 'array_remove(roles, ?)', [role], em);
  }

  /** An admin grants or revokes a role: the change and its audit entry commit together (none when nothing changed). */
  async setRoleByAdmin(admin: Principal, userId: number, role: Role, held: boolean): Promise<Role[]> {
    return this.em.transactional(async (em) => {
      const user = await em.findOne(User, userId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new NotFoundException(`User ${userId} not found`);
      const before = [...user.roles];
      const roles = await this.setRole(userId, role, held, em);
      if (before.length !== roles.length || before.some((each) => !roles.includes(each))) {
        recordStaffChange(em, {
          actorId: admin.userId,
          kind: 'user',
          entityId: userId,
          label: user.globalName ?? user.username,
          action: held ? `role ${role} granted` : `role ${role} revoked`,
          before: { roles: before },
          after: { roles },
        });
      }
      return roles;
    });
  }

  /** Grants or revokes `role` as `held` says (team roles follow membership). */
  async setRole(userId: number, role: Role, held: boolean, em?: EntityManager): Promise<Role[]> {
    return held ? this.grantRole(userId, role, em) : this.revokeRole(userId, role, em);
  }

  /** The ids of the users holding any of these roles. */
  async userIdsWithAnyRole(roles: readonly Role[]): Promise<number[]> {
    if (!roles.length) return [];
    const rows = await this.em.fork().find(User, { roles: { $overlap: [...roles] } }, { fields: ['id'] });
    return rows.map((user) => user.id);
  }

  /** The names of these users (Discord display name, else username), by user id; unknown ids are missing. */
  async namesOf(userIds: number[], em: EntityManager = this.em.fork()): Promise<Map<number, string>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return new Map();
    const rows = await em.find(User, { id: { $in: ids } }, { fields: ['id', 'globalName', 'username'] });
    return new Map(rows.map((user) => [user.id, user.globalName ?? user.username]));
  }

  /** The Discord accounts of these users and of every holder of any of these roles: id, Discord id, name and roles. */
  async discordAccounts(userIds: readonly number[], withAnyRole: readonly Role[]): Promise<{ userId: number; discordId: string; name: string; roles: Role[] }[]> {
    const rows = await this.em
      .fork()
      .find(
        User,
        { $or: [{ id: { $in: [...userIds] } }, { roles: { $overlap: [...withAnyRole] } }] },
        { fields: ['id', 'discordId', 'globalName', 'username', 'roles'], orderBy: { id: 'asc' } },
      );
    return rows.map((user) => ({ userId: user.id, discordId: user.discordId, name: user.globalName ?? user.username, roles: user.roles }));
  }

  /** The roles of these users, by user id. */
  async rolesOf(userIds: number[]): Promise<Map<number, Role[]>> {
    if (!userIds.length) return new Map();
    const rows = await this.em.fork().find(User, { id: { $in: userIds } }, { fields: ['id', 'roles'] });
    return new Map(rows.map((user) => [user.id, user.roles]));
  }

  /** Changes the roles in one statement; when they did change, records UserRolesChanged in the same transaction (the caller's, when given). */
  private async updateRoles(userId: number, newRoles: string, params: string[], em?: EntityManager): Promise<Role[]> {
    const apply = async (tx: EntityManager) => {
      const [row] = await tx.execute<{ roles: Role[]; changed: boolean }[]>(
        `update users u set roles = ${newRoles} from (select id, roles as before from users where id = ? for update) old
         where u.id = old.id returning u.roles, u.roles is distinct from old.before as changed`,
        [...params, userId],
      );
      if (!row) throw new NotFoundException(`User ${userId} not found`);
      if (row.changed) recordDomainEvent(tx, 'UserRolesChanged', { type: 'user', id: userId }, { userId });
      await tx.flush();
      return row.roles;
    };
    return em ? apply(em) : this.em.transactional(apply);
  }

  private async listItems(users: User[]): Promise<UserListItem[]> {
    const profileByUser = await this.profiles.summariesByUser(users.map((user) => user.id));
    return users.map((user) => {
      const profile = profileByUser.get(user.id);
      return {
        id: user.id,
        ...identityOf(user),
        roles: user.roles,
        driverNumber: profile?.driverNumber ?? null,
        driverName: profile?.driverName ?? null,
        createdAt: user.createdAt.toISOString(),
        lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
      };
    });
  }
}

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
