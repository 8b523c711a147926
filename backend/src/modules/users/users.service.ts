import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { CurrentUserDto, DiscordIdentity, Page, RoleInfo, UserListItem } from '../../contracts/api.js';
import { driverDisplayName } from '../../contracts/driver-name.js';
import { roleFlags, type Role } from '../../contracts/roles.js';
import type { Principal } from '../../common/principal.js';
import { toPage, type PageQuery } from '../../common/pagination.js';
import { DriverProfile } from '../profiles/driver-profile.entity.js';
import { ProfilesService } from '../profiles/profiles.service.js';
import { TeamsService } from '../teams/teams.service.js';
import type { UserPageBody } from './dto/user-page.dto.js';
import { User } from './user.entity.js';

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
};

@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
  ) {}

  /** Creates or refreshes the league's copy of a Discord account at sign-in. */
  async recordDiscordSignIn(identity: DiscordIdentity): Promise<User> {
    const now = new Date();
    return this.em.fork().upsert(User, { ...identity, lastLoginAt: now, lastSeenAt: now }, { onConflictFields: ['discordId'] });
  }

  /** Who a user is for access decisions, read fresh per request so role changes apply at once. */
  async principalFor(userId: number, via: Principal['via']): Promise<Principal | null> {
    const user = await this.em.findOne(User, userId, { fields: ['id', 'roles'] });
    return user ? { userId: user.id, roles: user.roles, flags: roleFlags(user.roles), via } : null;
  }

  async currentUser(userId: number): Promise<CurrentUserDto> {
    const [user, driverProfile, teams] = await Promise.all([
      this.em.findOneOrFail(User, userId),
      this.profiles.findForUser(userId),
      this.teams.teamsOf(userId),
    ]);
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
    const orderBy = [
      ...(body.sort ?? []).map(({ field, direction }) => ({ [field]: direction?.toUpperCase() === 'DESC' ? 'desc' : 'asc' })),
      { id: 'asc' },
    ] as Record<string, 'asc' | 'desc'>[];
    const [users, total] = await this.em.findAndCount(User, {}, { orderBy, limit: query.pageSize, offset: query.offset });
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

  /** Adds a role in one statement, so grants arriving together never overwrite each other. */
  async grantRole(userId: number, role: Role): Promise<Role[]> {
    return this.updateRoles(userId, 'case when ? = any(roles) then roles else array_append(roles, ?) end', [role, role]);
  }

  async revokeRole(userId: number, role: Role): Promise<Role[]> {
    return this.updateRoles(userId, 'array_remove(roles, ?)', [role]);
  }

  private async updateRoles(userId: number, newRoles: string, params: string[]): Promise<Role[]> {
    const [row] = await this.em
      .getConnection()
      .execute<{ roles: Role[] }[]>(`update users set roles = ${newRoles} where id = ? returning roles`, [...params, userId]);
    if (!row) throw new NotFoundException(`User ${userId} not found`);
    return row.roles;
  }

  private async listItems(users: User[]): Promise<UserListItem[]> {
    const profiles = await this.em.find(DriverProfile, { user: { $in: users.map((user) => user.id) } });
    const profileByUser = new Map(profiles.map((profile) => [profile.user.id, profile]));
    return users.map((user) => {
      const profile = profileByUser.get(user.id);
      return {
        id: user.id,
        ...identityOf(user),
        roles: user.roles,
        driverNumber: profile?.driverNumber ?? null,
        driverName: profile ? driverDisplayName(profile) : null,
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
