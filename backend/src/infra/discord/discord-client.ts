import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';

/** What Discord's `/users/@me` answers (the fields the league keeps). */
export interface DiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  banner: string | null;
}

/** What `/users/@me/guilds/{guild}/member` answers for a member. */
export interface DiscordGuildMember {
  nick: string | null;
}

export class DiscordUnavailableError extends Error {}

/** Reads the signed-in user and their community-server membership from Discord (or its stand-in). */
@Injectable()
export class DiscordClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  fetchUser(accessToken: string): Promise<DiscordUser> {
    return this.get<DiscordUser>('/users/@me', accessToken).then((user) => {
      if (!user) throw new DiscordUnavailableError('Discord did not return the signed-in user');
      return user;
    });
  }

  /** The member record in the community server, or null when the user is not in it. */
  fetchCommunityMembership(accessToken: string): Promise<DiscordGuildMember | null> {
    return this.get<DiscordGuildMember>(`/users/@me/guilds/${this.config.discord.guildId}/member`, accessToken);
  }

  private async get<T>(path: string, accessToken: string): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${this.config.discord.apiUrl}${path}`, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new DiscordUnavailableError(`Discord could not be reached: ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new DiscordUnavailableError(`Discord answered ${response.status} for ${path}`);
    return (await response.json()) as T;
  }
}
