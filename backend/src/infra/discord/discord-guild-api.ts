import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { DiscordBotRest, JOB_PATIENCE, type Patience } from './discord-bot-rest.js';

export { DiscordApiError, JOB_PATIENCE, REQUEST_PATIENCE, routeOf, type Patience } from './discord-bot-rest.js';

/** A guild role as Discord answers it (the fields the role sync reads). */
export interface DiscordRole {
  id: string;
  name: string;
  /** The colour as an integer (0: none). */
  color: number;
  /** Owned by an integration (a bot's own role): never assignable. */
  managed: boolean;
}

/** A guild member as `GET /guilds/{guild}/members` answers it. */
export interface DiscordMember {
  user: { id: string; username: string; global_name: string | null };
  nick: string | null;
  roles: string[];
}

const MEMBERS_PAGE = 1000;

/**
 * Discord's guild roles and member roles REST endpoints, called as the bot (DISCORD_BOT_TOKEN) on the
 * community server, through DiscordBotRest (rate limits waited out, 5xx and timeouts retried).
 */
@Injectable()
export class DiscordGuildApi {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rest: DiscordBotRest,
  ) {}

  /** Whether a bot token is configured (else role sync is off). */
  get enabled(): boolean {
    return this.rest.enabled;
  }

  roles(patience: Patience = JOB_PATIENCE): Promise<DiscordRole[]> {
    return this.call<DiscordRole[]>('GET', this.guildPath('/roles'), undefined, { patience });
  }

  /** Every member of the server, a page of 1,000 at a time. */
  async members(patience: Patience = JOB_PATIENCE): Promise<DiscordMember[]> {
    const all: DiscordMember[] = [];
    let after = '0';
    for (;;) {
      const page = await this.call<DiscordMember[]>('GET', this.guildPath(`/members?limit=${MEMBERS_PAGE}&after=${after}`), undefined, { patience });
      all.push(...page);
      if (page.length < MEMBERS_PAGE) return all;
      after = page[page.length - 1].user.id;
    }
  }

  createRole(name: string, color: number): Promise<DiscordRole> {
    return this.call<DiscordRole>('POST', this.guildPath('/roles'), { name, color, permissions: '0', hoist: false, mentionable: false });
  }

  /** Renames the role, and recolours it unless `color` is undefined. */
  editRole(roleId: string, name: string, color: number | undefined): Promise<DiscordRole> {
    return this.call<DiscordRole>('PATCH', this.guildPath(`/roles/${roleId}`), color === undefined ? { name } : { name, color });
  }

  /** Deletes the role; one already gone counts as deleted. */
  async deleteRole(roleId: string): Promise<void> {
    await this.call<null>('DELETE', this.guildPath(`/roles/${roleId}`), undefined, { goneIsDone: true });
  }

  /** Gives the member the role; a member who left the server (404) is skipped. */
  async addMemberRole(userId: string, roleId: string): Promise<void> {
    await this.call<null>('PUT', this.guildPath(`/members/${userId}/roles/${roleId}`), undefined, { goneIsDone: true });
  }

  async removeMemberRole(userId: string, roleId: string): Promise<void> {
    await this.call<null>('DELETE', this.guildPath(`/members/${userId}/roles/${roleId}`), undefined, { goneIsDone: true });
  }

  private guildPath(rest: string): string {
    return `/v10/guilds/${this.config.discord.guildId}${rest}`;
  }

  private call<T>(method: string, path: string, body?: object, options: { goneIsDone?: boolean; patience?: Patience } = {}): Promise<T> {
    return this.rest.call<T>(method, path, body, { patience: options.patience ?? JOB_PATIENCE, goneIsDone: options.goneIsDone, auditReason: 'League role sync' });
  }
}
