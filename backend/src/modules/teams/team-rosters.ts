import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { seesHiddenDrivers, type Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import { shownDriver } from '../../contracts/driver-name.js';
import type { MyTeamDto, TeamDto, TeamInviteDto, TeamRequest } from '../../contracts/teams.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange, snapshotOf } from '../audit/index.js';
import type { UploadedImage } from '../images/index.js';
import { ProfilesService, type ProfileSummary } from '../profiles/index.js';
import { UsersService } from '../users/index.js';
import { TeamsService, teamAggregate, type TeamRecord } from './teams.service.js';

/** A team as the audit log keeps it: its settings and who sits in it (user ids, captains marked). */
function auditedTeam(team: TeamRecord): { name: string } & Record<string, unknown> {
  return {
    name: team.name,
    ...snapshotOf(team, ['tag', 'colour', 'game', 'platforms'] as const),
    members: team.members.map((member) => ({ userId: member.userId, captain: member.captain })),
  };
}

/**
 * The team screens' commands and reads: admins create teams and appoint captains; captains invite,
 * remove and hand over; invited drivers accept or decline. Every change runs in one transaction with
 * the roles it implies (TEAM for members, TEAM_CAPTAIN for captains) and its domain event.
 */
@Injectable()
export class TeamRosters {
  constructor(
    private readonly em: EntityManager,
    private readonly teams: TeamsService,
    private readonly profiles: ProfilesService,
    private readonly users: UsersService,
  ) {}

  async list(viewer: Principal | undefined): Promise<TeamDto[]> {
    return this.withNames(await this.teams.list(), seesHiddenDrivers(viewer));
  }

  async get(teamId: number, viewer: Principal | undefined): Promise<TeamDto> {
    const [team] = await this.withNames([await this.teams.get(teamId)], seesHiddenDrivers(viewer));
    return team;
  }

  /** The team as the admin or captain who just changed it sees it: every driver by name. */
  private async rosterForStaff(teamId: number): Promise<TeamDto> {
    const [team] = await this.withNames([await this.teams.get(teamId)], true);
    return team;
  }

  /** The teams the caller captains, with the invitations still open. */
  async mine(principal: Principal): Promise<MyTeamDto[]> {
    const ids = await this.teams.captainOf(principal.userId);
    const records = await Promise.all(ids.map((id) => this.teams.get(id)));
    const invitedIds = records.flatMap((record) => record.invited.map((invite) => invite.userId));
    const invited = await this.profiles.summariesByUser(invitedIds);
    // A captain knows who is on their team.
    const teams = await this.withNames(records, true);
    return teams.map((team, index) => ({
      ...team,
      invited: records[index].invited.map((invite) => ({
        profileId: invited.get(invite.userId)?.id ?? 0,
        driverName: invited.get(invite.userId)?.driverName ?? '',
        invitedAt: invite.invitedAt.toISOString(),
      })),
    }));
  }

  async invitesOf(principal: Principal): Promise<TeamInviteDto[]> {
    return (await this.teams.invitesOf(principal.userId)).map((invite) => ({ ...invite, invitedAt: invite.invitedAt.toISOString() }));
  }

  async save(admin: Principal, body: TeamRequest, logo?: UploadedImage): Promise<TeamDto> {
    const teamId = await this.changeByAdmin(admin, body.id ? 'saved' : 'created', body.id, async (em) => {
      const id = await this.teams.save(em, body, logo);
      return { teamId: id, userIds: [] };
    });
    return this.rosterForStaff(teamId);
  }

  async remove(admin: Principal, teamId: number): Promise<void> {
    await this.changeByAdmin(admin, 'deleted', teamId, async (em) => ({ teamId, userIds: await this.teams.remove(em, teamId) }));
  }

  /** Admins appoint exactly these captains (drivers not yet in the team join it); former captains stay as drivers. */
  async setCaptains(admin: Principal, teamId: number, profileIds: number[]): Promise<TeamDto> {
    const drivers = await this.drivers(profileIds, 'profileIds');
    await this.changeByAdmin(admin, 'captains appointed', teamId, async (em) => {
      const before = await this.teams.get(teamId, em);
      const userIds = drivers.map((driver) => driver.userId);
      await this.teams.setCaptains(em, teamId, userIds);
      return { teamId, userIds: [...new Set([...userIds, ...before.members.filter((member) => member.captain).map((member) => member.userId)])] };
    });
    return this.rosterForStaff(teamId);
  }

  /** A captain invites a driver with a completed profile who is not in the team. */
  async invite(principal: Principal, teamId: number, profileId: number): Promise<MyTeamDto> {
    await this.requireCaptain(principal, teamId);
    const [driver] = await this.drivers([profileId], 'profileId');
    if (!driver.profileCompleted) throw invalidField('profileId', 'this driver has not completed their profile yet');
    await this.em.transactional(async (em) => {
      await this.teams.invite(em, teamId, driver.userId);
      recordDomainEvent(em, 'TeamInviteChanged', teamAggregate(teamId), { teamId, userId: driver.userId });
      await em.flush();
    });
    return this.captainView(principal, teamId);
  }

  async withdrawInvite(principal: Principal, teamId: number, profileId: number): Promise<MyTeamDto> {
    await this.requireCaptain(principal, teamId);
    const [driver] = await this.drivers([profileId], 'profileId');
    await this.em.transactional(async (em) => {
      if (await this.teams.dropInvite(em, teamId, driver.userId)) recordDomainEvent(em, 'TeamInviteChanged', teamAggregate(teamId), { teamId, userId: driver.userId });
      await em.flush();
    });
    return this.captainView(principal, teamId);
  }

  /** The invited driver accepts (takes a seat: 409 when already in another team of the game) or declines. */
  async respond(principal: Principal, teamId: number, accept: boolean): Promise<TeamInviteDto[]> {
    await this.change(async (em) => {
      if (!(await this.teams.isInvited(em, teamId, principal.userId))) throw new NotFoundException(`You have no invitation from team ${teamId}`);
      recordDomainEvent(em, 'TeamInviteChanged', teamAggregate(teamId), { teamId, userId: principal.userId });
      if (!accept) {
        await this.teams.dropInvite(em, teamId, principal.userId);
        return { teamId, userIds: [] };
      }
      await this.teams.seat(em, teamId, principal.userId, false);
      return { teamId, userIds: [principal.userId] };
    });
    return this.invitesOf(principal);
  }

  /** A captain removes a driver (captains step down by handing over first). */
  async removeMember(principal: Principal, teamId: number, profileId: number): Promise<MyTeamDto> {
    await this.requireCaptain(principal, teamId);
    const [driver] = await this.drivers([profileId], 'profileId');
    if (driver.userId === principal.userId) throw new ConflictException('Hand the captaincy over before leaving your team');
    await this.change(async (em) => {
      if (!(await this.teams.unseat(em, teamId, driver.userId))) throw new NotFoundException(`Driver ${profileId} is not in this team`);
      return { teamId, userIds: [driver.userId] };
    });
    return this.captainView(principal, teamId);
  }

  /** The captain makes a member captain and stays on as a driver. */
  async handOver(principal: Principal, teamId: number, profileId: number): Promise<TeamDto> {
    await this.requireCaptain(principal, teamId);
    const [driver] = await this.drivers([profileId], 'profileId');
    await this.change(async (em) => {
      const team = await this.teams.get(teamId, em);
      if (!team.members.some((member) => member.userId === driver.userId)) throw invalidField('profileId', 'only a driver of the team can become its captain');
      const captains = team.members.filter((member) => member.captain && member.userId !== principal.userId).map((member) => member.userId);
      await this.teams.setCaptains(em, teamId, [...new Set([...captains, driver.userId])]);
      return { teamId, userIds: [principal.userId, driver.userId] };
    });
    return this.rosterForStaff(teamId);
  }

  /** Runs a roster change with the team roles of the drivers it touched and TeamChanged, in one transaction. Returns the team id. */
  private async change(apply: (em: EntityManager) => Promise<{ teamId: number; userIds: number[] }>): Promise<number> {
    return this.em.transactional(async (em) => {
      const { teamId, userIds } = await apply(em);
      for (const userId of userIds) {
        const standing = await this.teams.standing(em, userId);
        await this.users.setRole(userId, 'TEAM', standing.member, em);
        await this.users.setRole(userId, 'TEAM_CAPTAIN', standing.captain, em);
      }
      recordDomainEvent(em, 'TeamChanged', teamAggregate(teamId), { teamId, userIds });
      await em.flush();
      return teamId;
    });
  }

  /** An admin's change of a team, written to the audit log with the team before and after (null: created / deleted). */
  private async changeByAdmin(
    admin: Principal,
    action: string,
    teamId: number | undefined,
    apply: (em: EntityManager) => Promise<{ teamId: number; userIds: number[] }>,
  ): Promise<number> {
    return this.change(async (em) => {
      const before = teamId === undefined ? null : auditedTeam(await this.teams.get(teamId, em));
      const changed = await apply(em);
      const after = action === 'deleted' ? null : auditedTeam(await this.teams.get(changed.teamId, em));
      recordStaffChange(em, { actorId: admin.userId, kind: 'team', entityId: changed.teamId, label: (after ?? before)!.name, action, before, after });
      return changed;
    });
  }

  private async requireCaptain(principal: Principal, teamId: number): Promise<void> {
    if (!(await this.teams.exists(teamId))) throw new NotFoundException(`Team ${teamId} not found`);
    if (!(await this.teams.captainOf(principal.userId)).includes(teamId)) throw new ForbiddenException(`You are not the captain of team ${teamId}`);
  }

  private async captainView(principal: Principal, teamId: number): Promise<MyTeamDto> {
    const team = (await this.mine(principal)).find((candidate) => candidate.id === teamId);
    if (!team) throw new NotFoundException(`Team ${teamId} not found`);
    return team;
  }

  /** The profiles, in the order given; a 400 naming `field` for an unknown one. */
  private async drivers(profileIds: number[], field: string): Promise<ProfileSummary[]> {
    const found = await this.profiles.summaries(profileIds);
    return profileIds.map((id, index) => {
      const summary = found.get(id);
      if (!summary) throw invalidField(profileIds.length > 1 || field.endsWith('s') ? `${field}.${index}` : field, `driver ${id} does not exist`);
      return summary;
    });
  }

  /** The rosters with drivers' names; a hidden driver is "Private driver", without a number, unless `showHidden`. */
  private async withNames(records: TeamRecord[], showHidden: boolean): Promise<TeamDto[]> {
    const userIds = records.flatMap((record) => record.members.map((member) => member.userId));
    const profiles = await this.profiles.summariesByUser(userIds);
    return records.map(({ invited: _invited, members, ...team }) => ({
      ...team,
      members: members
        .filter((member) => profiles.has(member.userId))
        .map((member) => {
          const profile = profiles.get(member.userId)!;
          return {
            profileId: profile.id,
            ...shownDriver(profile, showHidden),
            captain: member.captain,
            joinedAt: member.joinedAt.toISOString(),
          };
        }),
    }));
  }
}
