import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { Page, TeamRef } from '../../contracts/api.js';
import { shownDriver } from '../../contracts/driver-name.js';
import { PRIVATE_DRIVER, type DriverListItemDto, type ProfileEventDto, type PromotedDriver, type PublicProfileDto } from '../../contracts/profiles.js';
import { CREW_ROLES, crewRolesFor, isRole, type CrewRole, type Role } from '../../contracts/roles.js';
import type { TeamDriverEntry } from '../../contracts/teams.js';
import { seesHiddenDrivers, type Principal } from '../../common/principal.js';
import { toPage } from '../../common/pagination.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { AttendanceService } from '../events/index.js';
import { TeamsService } from '../teams/index.js';
import { UsersService } from '../users/index.js';
import type { DriverListQuery } from './dto/profile.dto.js';
import { ProfilesService, profileAggregate, seesHidden, type ProfileSummary } from './profiles.service.js';

const CREW = new Set<Role>(CREW_ROLES);
const isCrewRole = (role: Role): role is CrewRole => CREW.has(role);

/** `roles=` as roles: a Crew filter value (`hosts`, `all` …) or a comma-separated list of role names. */
export function rolesParam(value: string | undefined): readonly Role[] | null {
  if (value === undefined || value.trim() === '') return null;
  const crew = crewRolesFor(value.trim().toLowerCase());
  if (crew) return crew;
  const names = value
    .split(',')
    .map((name) => name.trim().toUpperCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !isRole(name));
  if (unknown.length) {
    throw new BadRequestException({
      message: `roles: unknown role or crew filter ${unknown.join(', ')}`,
      errors: { roles: [`${unknown.join(', ')} is not a role or a crew filter (all, admin, organizers, hosts, racedirector, headstewards, stewards)`] },
    });
  }
  return names as Role[];
}

/**
 * The driver screens' reads and the promotion: profiles with their teams, roles and events, as the
 * Grid, Crew and public profile show them. It composes the profiles, teams, users and events
 * modules through their services.
 */
@Injectable()
export class DriverDirectory {
  constructor(
    private readonly em: EntityManager,
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly attendance: AttendanceService,
  ) {}

  /** The Grid (`roles` absent: complete profiles) or the Crew (`roles`: those holding any of them), filtered and paged. */
  async list(query: DriverListQuery, viewer: Principal | undefined): Promise<Page<DriverListItemDto>> {
    const roles = rolesParam(query.roles);
    let userIds: number[] | null = roles ? await this.users.userIdsWithAnyRole(roles) : null;
    if (query.team) {
      const members = await this.teams.memberUserIds(query.team);
      userIds = userIds ? userIds.filter((id) => members.includes(id)) : members;
    }
    const staff = seesHiddenDrivers(viewer);
    const page = await this.profiles.page(
      {
        userIds,
        platform: query.platform && query.platform !== 'ALL' ? query.platform : undefined,
        gameId: query.game,
        search: query.search,
        onlyCompleted: !roles,
        viewerSeesHidden: staff,
      },
      query,
    );
    const ids = page.content.map((summary) => summary.userId);
    const [teamsByUser, rolesByUser] = await Promise.all([this.teams.teamsOfUsers(ids), this.users.rolesOf(ids)]);
    const content = page.content.map((summary) =>
      this.listItem(summary, teamsByUser.get(summary.userId) ?? [], rolesByUser.get(summary.userId) ?? [], seesHidden(viewer, summary.userId)),
    );
    return toPage(content, page.totalElements, query);
  }

  /** These drivers as the Grid lists them (a hidden one as "Private driver" to others), by profile id; unknown ids are missing. One batch, whatever the count. */
  async listItems(profileIds: readonly number[], viewer: Principal | undefined): Promise<Map<number, DriverListItemDto>> {
    const summaries = [...(await this.profiles.summaries([...profileIds])).values()];
    const userIds = summaries.map((summary) => summary.userId);
    const [teamsByUser, rolesByUser] = await Promise.all([this.teams.teamsOfUsers(userIds), this.users.rolesOf(userIds)]);
    return new Map(
      summaries.map((summary) => [
        summary.id,
        this.listItem(summary, teamsByUser.get(summary.userId) ?? [], rolesByUser.get(summary.userId) ?? [], seesHidden(viewer, summary.userId)),
      ]),
    );
  }

  async publicProfile(profileId: number, viewer: Principal | undefined): Promise<PublicProfileDto> {
    const { userId, ...profile } = await this.profiles.publicProfile(profileId, viewer);
    if (profile.hidden && profile.driverName === PRIVATE_DRIVER) return profile;
    const roles = (await this.users.rolesOf([userId])).get(userId) ?? [];
    return { ...profile, isNew: roles.includes('NEW') };
  }

  /** SPEC §3's team-driver entries of the driver: one per team (a driver has at most one per game). */
  async teamsOf(profileId: number, viewer: Principal | undefined): Promise<TeamDriverEntry[]> {
    const summary = await this.visible(profileId, viewer);
    if (!summary) return [];
    return (await this.teams.teamsOf(summary.userId)).map((team) => ({ driverTeam: { id: team.id, teamName: team.name } }));
  }

  /** The driver's team (the first, by name), or `{driverTeam: null}`. */
  async teamOf(profileId: number, viewer: Principal | undefined): Promise<TeamDriverEntry | { driverTeam: null }> {
    const [first] = await this.teamsOf(profileId, viewer);
    return first ?? { driverTeam: null };
  }

  async events(profileId: number, viewer: Principal | undefined): Promise<ProfileEventDto[]> {
    if (!(await this.visible(profileId, viewer))) return [];
    return this.attendance.eventsOfProfile(profileId);
  }

  /** Removes NEW from the driver (after their assessment race), with DriverPromoted in the same transaction. Idempotent. */
  async promote(profileId: number): Promise<PromotedDriver> {
    const summary = await this.profiles.summary(profileId);
    return this.em.transactional(async (em) => {
      const before = (await this.users.rolesOf([summary.userId])).get(summary.userId) ?? [];
      const roles = await this.users.revokeRole(summary.userId, 'NEW', em);
      if (before.includes('NEW')) recordDomainEvent(em, 'DriverPromoted', profileAggregate(profileId), { profileId, userId: summary.userId });
      await em.flush();
      return { profileId, roles };
    });
  }

  /** The driver's summary when the viewer may see their details; null for a hidden profile; 404 when unknown. */
  private async visible(profileId: number, viewer: Principal | undefined): Promise<ProfileSummary | null> {
    const summary = await this.profiles.summary(profileId).catch(() => {
      throw new NotFoundException(`Driver ${profileId} not found`);
    });
    return summary.hidden && !seesHidden(viewer, summary.userId) ? null : summary;
  }

  private listItem(summary: ProfileSummary, teams: TeamRef[], roles: Role[], viewerSeesHidden: boolean): DriverListItemDto {
    const crewRoles = roles.filter(isCrewRole);
    if (summary.hidden && !viewerSeesHidden) {
      return { id: summary.id, ...shownDriver(summary, false), hidden: true, country: null, platforms: [], teams: [], crewRoles };
    }
    return {
      id: summary.id,
      driverName: summary.driverName,
      driverNumber: summary.driverNumber,
      hidden: summary.hidden,
      country: summary.country,
      platforms: summary.platforms,
      teams,
      crewRoles,
    };
  }
}
