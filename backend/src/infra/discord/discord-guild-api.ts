import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { DiscordRateLimits } from './discord-rate-limits.js';

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

export class DiscordApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * How long one call may take: attempts while Discord answers 5xx or nothing (backing off 0.5, 1, 2 s),
 * each attempt's timeout, and the longest rate-limit wait; past them the call fails.
 */
export interface Patience {
  attempts: number;
  timeoutMs: number;
  longestWaitMs: number;
}

/** A job's: a longer outage or rate limit fails the job, which the queue retries later. */
export const JOB_PATIENCE: Patience = { attempts: 4, timeoutMs: 10_000, longestWaitMs: 60_000 };
/** A request's: answered within about 2 s (then 503). */
export const REQUEST_PATIENCE: Patience = { attempts: 2, timeoutMs: 800, longestWaitMs: 1_000 };
const FIRST_BACKOFF_MS = 500;
const MEMBERS_PAGE = 1000;

/**
 * Discord's guild roles and member roles REST endpoints, called as the bot (DISCORD_BOT_TOKEN) on the
 * community server. Every call waits out the rate limits Discord announces (`X-RateLimit-*` headers,
 * per bucket, and a 429's `retry_after`, per bucket or global) and is retried on 5xx and timeouts.
 */
@Injectable()
export class DiscordGuildApi {
  private readonly logger = new Logger(DiscordGuildApi.name);
  private readonly limits: DiscordRateLimits;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.limits = new DiscordRateLimits();
  }

  /** Whether a bot token is configured (else role sync is off). */
  get enabled(): boolean {
    return this.config.discord.botToken !== null;
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

  private async call<T>(method: string, path: string, body?: object, options: { goneIsDone?: boolean; patience?: Patience } = {}): Promise<T> {
    const patience = options.patience ?? JOB_PATIENCE;
    const token = this.config.discord.botToken;
    if (!token) throw new DiscordApiError('Discord role sync is off: DISCORD_BOT_TOKEN is not set', null);
    const route = routeOf(method, path);
    let failures = 0;
    for (;;) {
      await this.limits.waitTurn(route, patience.longestWaitMs);
      let response: Response;
      try {
        response = await fetch(`${this.config.discord.apiUrl}${path}`, {
          method,
          headers: {
            Authorization: `Bot ${token}`,
            Accept: 'application/json',
            'X-Audit-Log-Reason': 'League role sync',
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(patience.timeoutMs),
        });
      } catch (error) {
        failures = await this.backOff(failures, patience, `${method} ${path}: Discord could not be reached (${(error as Error).message})`);
        continue;
      }
      this.limits.observe(route, response.headers);
      if (response.status === 429) {
        const retryAfter = await this.limits.limited(route, response, patience.longestWaitMs);
        this.logger.debug(`${method} ${path}: rate limited, retrying in ${retryAfter} ms`);
        continue;
      }
      if (response.status >= 500) {
        failures = await this.backOff(failures, patience, `${method} ${path}: Discord answered ${response.status}`);
        continue;
      }
      if (response.status === 404 && options.goneIsDone) return null as T;
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new DiscordApiError(`${method} ${path}: Discord answered ${response.status} ${text.slice(0, 200)}`.trim(), response.status);
      }
      return (response.status === 204 ? null : await response.json()) as T;
    }
  }

  /** Waits before the next attempt (0.5, 1, 2 s), or throws once the attempts are used up. */
  private async backOff(failures: number, patience: Patience, problem: string): Promise<number> {
    const failed = failures + 1;
    if (failed >= patience.attempts) throw new DiscordApiError(`${problem} (${patience.attempts} attempts)`, null);
    await this.limits.sleep(FIRST_BACKOFF_MS * 2 ** (failed - 1));
    return failed;
  }
}

/** The route a rate limit is tracked under: the guild (a major parameter) stays, other ids do not. */
export function routeOf(method: string, path: string): string {
  const [bare] = path.split('?');
  return `${method} ${bare.replace(/\/(members|roles)\/\d+/g, '/$1/:id')}`;
}
