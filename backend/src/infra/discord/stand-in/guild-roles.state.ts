import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../config/environment.js';
import { REDIS } from '../../redis/redis.module.js';
import { DEMO_ACCOUNTS } from '../demo-accounts.js';
import type { DiscordMember, DiscordRole } from '../discord-guild-api.js';

/** The community server as the stand-in keeps it: its roles and members (with their roles). */
export interface StandInGuild {
  roles: DiscordRole[];
  members: DiscordMember[];
  nextRoleSeq: number;
}

/** One call the stand-in's guild endpoints answered. */
export interface RecordedGuildCall {
  method: string;
  /** The path under the API base, e.g. `/v10/guilds/1/roles`. */
  path: string;
  body: unknown;
  status: number;
  at: number;
}

/** An answer the stand-in gives instead of the real one, for the next call that matches. */
export interface GuildFault {
  status: 429 | 500 | 502 | 503;
  /** Seconds, for a 429 (`retry_after` in the body, rounded up in `Retry-After`). */
  retryAfter?: number;
  global?: boolean;
  /** Only calls of this method (any when absent). */
  method?: string;
}

/** Requests each bucket takes per window before the stand-in answers 429, as Discord does. */
export const STAND_IN_BUCKET_LIMIT = 10;
export const STAND_IN_BUCKET_WINDOW_MS = 1000;

/**
 * The stand-in's community server, kept in Redis (so API and worker processes see one server), with
 * the calls it answered and the faults tests ask it to answer next. It starts with `@everyone`, a
 * moderators' role the league did not make, the bot's own role, and the demo accounts who are members.
 */
@Injectable()
export class GuildRolesStandInState {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  get guildId(): string {
    return this.config.discord.guildId;
  }

  async read(): Promise<StandInGuild> {
    const stored = await this.redis.get(this.key('guild'));
    return stored ? (JSON.parse(stored) as StandInGuild) : this.initial();
  }

  /** Changes the server; changes run one at a time (the stand-in is served by one API process). */
  change<T>(apply: (guild: StandInGuild) => T): Promise<T> {
    const next = this.queue.then(async () => {
      const guild = await this.read();
      const result = apply(guild);
      await this.redis.set(this.key('guild'), JSON.stringify(guild));
      return result;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Puts these accounts on the server (tests: league members whose Discord ids the factories made up). */
  addMembers(members: { id: string; username: string }[]): Promise<void> {
    return this.change((guild) => {
      for (const { id, username } of members) {
        if (!guild.members.some((member) => member.user.id === id)) guild.members.push({ user: { id, username, global_name: null }, nick: null, roles: [] });
      }
    });
  }

  async record(call: RecordedGuildCall): Promise<void> {
    await this.redis.rpush(this.key('calls'), JSON.stringify(call));
  }

  async calls(): Promise<RecordedGuildCall[]> {
    return (await this.redis.lrange(this.key('calls'), 0, -1)).map((text) => JSON.parse(text) as RecordedGuildCall);
  }

  async clearCalls(): Promise<void> {
    await this.redis.del(this.key('calls'));
  }

  /** The next calls (matching each fault's method) get these answers, in order. */
  async failNext(...faults: GuildFault[]): Promise<void> {
    if (faults.length) await this.redis.rpush(this.key('faults'), ...faults.map((fault) => JSON.stringify(fault)));
  }

  /** The fault this call gets, if one is waiting for it. */
  async takeFault(method: string): Promise<GuildFault | null> {
    const waiting = await this.redis.lrange(this.key('faults'), 0, -1);
    const index = waiting.findIndex((text) => {
      const fault = JSON.parse(text) as GuildFault;
      return !fault.method || fault.method === method;
    });
    if (index < 0) return null;
    await this.redis.lrem(this.key('faults'), 1, waiting[index]);
    return JSON.parse(waiting[index]) as GuildFault;
  }

  /**
   * Counts a call against its bucket's window; answers what the rate-limit headers say (and whether
   * the bucket was already empty, which Discord answers with 429).
   */
  async spend(bucket: string): Promise<{ remaining: number; resetAfterMs: number; exceeded: boolean }> {
    const key = this.key(`bucket:${bucket}`);
    const [[, used], [, ttl]] = (await this.redis.multi().incr(key).pttl(key).exec()) as [[null, number], [null, number]];
    let resetAfterMs = ttl;
    if (ttl < 0) {
      await this.redis.pexpire(key, STAND_IN_BUCKET_WINDOW_MS);
      resetAfterMs = STAND_IN_BUCKET_WINDOW_MS;
    }
    return { remaining: Math.max(0, STAND_IN_BUCKET_LIMIT - used), resetAfterMs, exceeded: used > STAND_IN_BUCKET_LIMIT };
  }

  private initial(): StandInGuild {
    return {
      roles: [
        { id: this.guildId, name: '@everyone', color: 0, managed: false },
        { id: '1200000000000000001', name: 'Moderators', color: 0x1abc9c, managed: false },
        { id: '1200000000000000002', name: 'Paddock Bot', color: 0, managed: true },
      ],
      members: DEMO_ACCOUNTS.filter((account) => account.inCommunityServer).map((account) => ({
        user: { id: account.id, username: account.username, global_name: account.globalName },
        nick: account.nick,
        roles: [],
      })),
      nextRoleSeq: 100,
    };
  }

  private key(what: string): string {
    return `${this.config.redisPrefix}:discord-stand-in:guild-roles:${what}`;
  }
}
