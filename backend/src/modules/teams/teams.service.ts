import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { TeamRef } from '../../contracts/api.js';
import type { TeamDto, TeamRequest } from '../../contracts/teams.js';
import { invalidField } from '../../common/validation.js';
import { ICON_BOUNDS, imageUrl, type UploadedImage, ImagesService } from '../images/index.js';
import { Team, TeamInvite, TeamMember } from './team.entity.js';

/** A team as this module knows it: members by user id (other modules add names). */
export interface TeamRecord extends Omit<TeamDto, 'members'> {
  members: { userId: number; captain: boolean; joinedAt: Date }[];
  invited: { userId: number; invitedAt: Date }[];
}

/** A team as standings show it. */
export interface TeamBadge {
  id: number;
  name: string;
  colour: string;
}

export const teamAggregate = (id: number) => ({ type: 'team', id });

const SEAT_TAKEN = 'team_members_user_id_game_key_key';

/** True when the database refused a second team of the same game for a driver. */
export function isSecondTeamOfGame(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException && error.message.includes(SEAT_TAKEN);
}

/**
 * Teams and their members: the one place that reads teams, team_members and team_invites; other
 * modules ask here. Members are users; the database keeps a driver in at most one team per game.
 * Writes take the caller's transaction (`em`), so roles and domain events commit with them.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: ImagesService,
  ) {}

  async exists(teamId: number): Promise<boolean> {
    return (await this.em.fork().count(Team, teamId)) > 0;
  }

  /** The ids of the teams the user captains. */
  async captainOf(userId: number, em: EntityManager = this.em.fork()): Promise<number[]> {
    const memberships = await em.find(TeamMember, { user: userId, captain: true });
    return memberships.map((membership) => membership.team.id);
  }

  /** Which of these users are members of the team. */
  async membersAmong(teamId: number, userIds: number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const members = await this.em.fork().find(TeamMember, { team: teamId, user: { $in: userIds } });
    return new Set(members.map((member) => member.user.id));
  }

  async teamsOf(userId: number, em?: EntityManager): Promise<TeamRef[]> {
    return (await this.teamsOfUsers([userId], em)).get(userId) ?? [];
  }

  /** The teams of each of these users, by user id (users in no team are missing). */
  async teamsOfUsers(userIds: number[], em: EntityManager = this.em.fork()): Promise<Map<number, TeamRef[]>> {
    const byUser = new Map<number, TeamRef[]>();
    if (!userIds.length) return byUser;
    const memberships = await em.find(TeamMember, { user: { $in: userIds } }, { populate: ['team'], orderBy: { team: { name: 'asc' } } });
    for (const { user, team } of memberships) byUser.set(user.id, [...(byUser.get(user.id) ?? []), { id: team.id, name: team.name }]);
    return byUser;
  }

  /** Which of these teams exist (in `em`, the caller's transaction, when given). */
  async existing(teamIds: readonly number[], em: EntityManager = this.em.fork()): Promise<Set<number>> {
    if (!teamIds.length) return new Set();
    const teams = await em.find(Team, { id: { $in: [...teamIds] } }, { fields: ['id'] });
    return new Set(teams.map((team) => team.id));
  }

  /** These teams' names and colours, by team id (unknown ids are missing): what standings show of a team. */
  async badges(teamIds: number[], em: EntityManager = this.em.fork()): Promise<Map<number, TeamBadge>> {
    if (!teamIds.length) return new Map();
    const teams = await em.find(Team, { id: { $in: teamIds } }, { fields: ['id', 'name', 'colour'] });
    return new Map(teams.map((team) => [team.id, { id: team.id, name: team.name, colour: team.colour }]));
  }

  async memberUserIds(teamId: number): Promise<number[]> {
    const members = await this.em.fork().find(TeamMember, { team: teamId }, { fields: ['user'] });
    return members.map((member) => member.user.id);
  }

  /** Every team, by name. */
  async list(): Promise<TeamRecord[]> {
    const em = this.em.fork();
    const teams = await em.find(Team, {}, { populate: ['game'], orderBy: { name: 'asc' } });
    return this.records(em, teams);
  }

  async get(teamId: number, em: EntityManager = this.em.fork()): Promise<TeamRecord> {
    const team = await em.findOne(Team, teamId, { populate: ['game'] });
    if (!team) throw new NotFoundException(`Team ${teamId} not found`);
    return (await this.records(em, [team]))[0];
  }

  /** Creates (no `id`) or edits a team, with an optional new logo; a taken name is a 409. Returns the team id. */
  async save(em: EntityManager, body: TeamRequest, upload?: UploadedImage): Promise<number> {
    const logo = await this.images.prepare(upload, ICON_BOUNDS, 'logo');
    const fields = {
      name: body.name,
      tag: body.tag ?? null,
      colour: body.colour ?? '#6a1b9a',
      game: body.game?.id ?? null,
      platforms: body.platforms ?? [],
    };
    let team: Team;
    if (body.id) {
      const found = await em.findOne(Team, body.id);
      if (!found) throw new NotFoundException(`Team ${body.id} not found`);
      team = em.assign(found, fields);
    } else {
      team = em.create(Team, fields);
    }
    this.images.setIcon(em, team, logo);
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && error.message.includes('teams_name_key')) {
        throw new ConflictException({ message: `A team named "${body.name}" already exists`, errors: { name: ['is taken'] } });
      }
      if (isSecondTeamOfGame(error)) throw new ConflictException('A driver of this team is already in another team of that game');
      if (error instanceof Error && error.message.includes('teams_game_id_fkey')) throw invalidField('game.id', `game ${body.game?.id} does not exist`);
      throw error;
    }
    return team.id;
  }

  /** Deletes the team; returns the user ids of its members (their team roles change). */
  async remove(em: EntityManager, teamId: number): Promise<number[]> {
    const team = await em.findOne(Team, teamId);
    if (!team) throw new NotFoundException(`Team ${teamId} not found`);
    const members = await em.find(TeamMember, { team: teamId });
    this.images.removeIcon(em, team);
    em.remove(team);
    await em.flush();
    return members.map((member) => member.user.id);
  }

  /** Seats the user (as captain or not); a seat already held keeps it with the new captaincy. A second team of the same game is a 409. */
  async seat(em: EntityManager, teamId: number, userId: number, captain: boolean): Promise<void> {
    try {
      await em.execute('insert into team_members (team_id, user_id, captain) values (?, ?, ?) on conflict (team_id, user_id) do update set captain = excluded.captain', [
        teamId,
        userId,
        captain,
      ]);
    } catch (error) {
      if (isSecondTeamOfGame(error) || String(error).includes(SEAT_TAKEN)) {
        throw new ConflictException('This driver is already in another team of this game');
      }
      throw error;
    }
    await em.nativeDelete(TeamInvite, { team: teamId, user: userId });
  }

  /** Removes the user's seat; returns whether they had one. */
  async unseat(em: EntityManager, teamId: number, userId: number): Promise<boolean> {
    return (await em.nativeDelete(TeamMember, { team: teamId, user: userId })) > 0;
  }

  /** Makes exactly these members captains (others stay as drivers). */
  async setCaptains(em: EntityManager, teamId: number, userIds: number[]): Promise<void> {
    await em.nativeUpdate(TeamMember, { team: teamId, user: { $nin: userIds } }, { captain: false });
    for (const userId of userIds) await this.seat(em, teamId, userId, true);
  }

  async invite(em: EntityManager, teamId: number, userId: number): Promise<void> {
    if (await em.count(TeamMember, { team: teamId, user: userId })) throw new ConflictException('This driver is in the team already');
    await em.execute('insert into team_invites (team_id, user_id) values (?, ?) on conflict do nothing', [teamId, userId]);
  }

  /** Withdraws (or declines) an invitation; returns whether there was one. */
  async dropInvite(em: EntityManager, teamId: number, userId: number): Promise<boolean> {
    return (await em.nativeDelete(TeamInvite, { team: teamId, user: userId })) > 0;
  }

  async isInvited(em: EntityManager, teamId: number, userId: number): Promise<boolean> {
    return (await em.count(TeamInvite, { team: teamId, user: userId })) > 0;
  }

  /** The teams that invited the user, newest first. */
  async invitesOf(userId: number): Promise<{ teamId: number; teamName: string; invitedAt: Date }[]> {
    const invites = await this.em.fork().find(TeamInvite, { user: userId }, { populate: ['team'], orderBy: { invitedAt: 'desc' } });
    return invites.map((invite) => ({ teamId: invite.team.id, teamName: invite.team.name, invitedAt: invite.invitedAt }));
  }

  /** Whether the user is in any team, and captains any, as the roles TEAM and TEAM_CAPTAIN should say. */
  async standing(em: EntityManager, userId: number): Promise<{ member: boolean; captain: boolean }> {
    const seats = await em.find(TeamMember, { user: userId });
    return { member: seats.length > 0, captain: seats.some((seat) => seat.captain) };
  }

  private async records(em: EntityManager, teams: Team[]): Promise<TeamRecord[]> {
    const ids = teams.map((team) => team.id);
    const [members, invites] = await Promise.all([
      em.find(TeamMember, { team: { $in: ids } }, { orderBy: { captain: 'desc', joinedAt: 'asc' } }),
      em.find(TeamInvite, { team: { $in: ids } }, { orderBy: { invitedAt: 'asc' } }),
    ]);
    return teams.map((team) => ({
      id: team.id,
      name: team.name,
      tag: team.tag,
      colour: team.colour,
      logo: imageUrl(team.icon?.id),
      game: team.game ? { id: team.game.id, name: team.game.name } : null,
      platforms: team.platforms,
      members: members.filter((member) => member.team.id === team.id).map((member) => ({ userId: member.user.id, captain: member.captain, joinedAt: member.joinedAt })),
      invited: invites.filter((invite) => invite.team.id === team.id).map((invite) => ({ userId: invite.user.id, invitedAt: invite.invitedAt })),
    }));
  }
}
