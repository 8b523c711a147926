import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { CREW_ROLE_NAMES, LICENCE_ROLE_NAMES, type RoleSyncPlan } from '../../contracts/discord-roles.js';
import { CREW_ROLES, type Role } from '../../contracts/roles.js';
import { DiscordApiError, DiscordGuildApi, REQUEST_PATIENCE, type Patience } from '../../infra/discord/discord-guild-api.js';
import { DiscordRateLimitedError } from '../../infra/discord/discord-rate-limits.js';
import { TeamsService } from '../teams/index.js';
import { UsersService } from '../users/index.js';
import { DiscordRoleLink } from './discord-roles.entities.js';
import { colourNumber, planRoleSync, type WantedRole } from './role-sync-plan.js';

const LICENCE_ROLES = Object.keys(LICENCE_ROLE_NAMES) as (keyof typeof LICENCE_ROLE_NAMES)[];

export type Progress = (done: number, total: number) => Promise<void>;

/**
 * The role sync: the league's roles (teams, crew roles, the licence status) as Discord roles on the
 * community server. `plan` reads the league, the stored links and the server and says what would
 * change; `apply` computes the plan afresh and carries it out, so running it twice changes nothing
 * the second time.
 */
@Injectable()
export class RoleSyncService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly discord: DiscordGuildApi,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
  ) {}

  /** The plan for the admins' screen: Discord is read with a request's patience (a 503 rather than a long wait). */
  async plan(): Promise<RoleSyncPlan> {
    try {
      return await this.computePlan(REQUEST_PATIENCE);
    } catch (error) {
      if (error instanceof DiscordApiError || error instanceof DiscordRateLimitedError) throw new ServiceUnavailableException(error.message);
      throw error;
    }
  }

  /** Computes the plan now and applies it, reporting progress after each Discord call. */
  async apply(progress: Progress): Promise<{ done: number; total: number }> {
    const plan = await this.computePlan();
    const em = this.em.fork();
    let done = 0;
    const step = async () => progress(++done, plan.steps);
    await progress(0, plan.steps);
    for (const change of plan.changes) {
      let roleId = change.discordRoleId;
      if (change.action === 'create') {
        roleId = (await this.discord.createRole(change.name, colourNumber(change.colour))).id;
        // Linked at once: a retry after a crash finds the role it made.
        await this.link(em, change.key, roleId, true);
        await step();
      } else if (change.action === 'adopt' && roleId) {
        await this.link(em, change.key, roleId, false);
      } else if (change.action === 'update' && roleId) {
        const link = await em.findOneOrFail(DiscordRoleLink, { key: change.key });
        await this.discord.editRole(roleId, change.name, link.createdByLeague ? colourNumber(change.colour) : undefined);
        await step();
      }
      if (!roleId) continue;
      for (const member of change.add) {
        await this.discord.addMemberRole(member.discordId, roleId);
        await step();
      }
      for (const member of change.remove) {
        await this.discord.removeMemberRole(member.discordId, roleId);
        await step();
      }
    }
    for (const removal of plan.removals) {
      if (removal.action === 'delete') {
        await this.discord.deleteRole(removal.discordRoleId);
        await step();
      }
      await em.nativeDelete(DiscordRoleLink, { key: removal.key });
    }
    return { done, total: plan.steps };
  }

  private async computePlan(patience?: Patience): Promise<RoleSyncPlan> {
    if (!this.discord.enabled) throw new ServiceUnavailableException('Discord role sync is off: DISCORD_BOT_TOKEN is not set');
    const [roles, members, links, league] = await Promise.all([
      this.discord.roles(patience),
      this.discord.members(patience),
      this.em.fork().find(DiscordRoleLink, {}, { orderBy: { key: 'asc' } }),
      this.leagueRoles(),
    ]);
    const plan = planRoleSync(league.wanted, { guildId: this.config.discord.guildId, roles, members }, links, league.names);
    return { ...plan, computedAt: new Date().toISOString() };
  }

  /** Every role the server should show: one per team (its roster), one per crew role, and the licence status. */
  private async leagueRoles(): Promise<{ wanted: WantedRole[]; names: Map<string, string> }> {
    const teams = await this.teams.list();
    const accounts = await this.users.discordAccounts(
      teams.flatMap((team) => team.members.map((member) => member.userId)),
      [...CREW_ROLES, ...LICENCE_ROLES] as Role[],
    );
    const discordIdOf = new Map(accounts.map((account) => [account.userId, account.discordId]));
    const holdersOf = (role: Role) => accounts.filter((account) => account.roles.includes(role)).map((account) => account.discordId);
    const wanted: WantedRole[] = [
      ...CREW_ROLES.map((role) => ({ key: `crew:${role}`, kind: 'crew' as const, name: CREW_ROLE_NAMES[role], colour: null, holders: holdersOf(role) })),
      ...LICENCE_ROLES.map((role) => ({ key: `licence:${role}`, kind: 'licence' as const, name: LICENCE_ROLE_NAMES[role], colour: null, holders: holdersOf(role) })),
      ...teams.map((team) => ({
        key: `team:${team.id}`,
        kind: 'team' as const,
        name: team.name,
        colour: team.colour,
        holders: team.members.flatMap((member) => discordIdOf.get(member.userId) ?? []),
      })),
    ];
    return { wanted, names: new Map(accounts.map((account) => [account.discordId, account.name])) };
  }

  private async link(em: EntityManager, key: string, discordRoleId: string, createdByLeague: boolean): Promise<void> {
    await em.upsert(DiscordRoleLink, { key, discordRoleId, createdByLeague, linkedAt: new Date() }, { onConflictFields: ['key'] });
  }
}
