import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';

/** Discord's wire format for HTTP interactions, as far as the league's bot uses it. */
export const INTERACTION_TYPE = { PING: 1, APPLICATION_COMMAND: 2 } as const;
export const INTERACTION_RESPONSE = { PONG: 1, CHANNEL_MESSAGE: 4, DEFERRED_CHANNEL_MESSAGE: 5 } as const;
export const COMMAND_OPTION_TYPE = { STRING: 3, USER: 6 } as const;
/** Message flag: only the caller sees the answer. */
export const EPHEMERAL = 64;

export interface DiscordInteractionUser {
  id: string;
  username: string;
  global_name?: string | null;
}

export interface DiscordCommandOptionValue {
  name: string;
  type: number;
  value: string | number | boolean;
}

export interface DiscordInteraction {
  id: string;
  application_id: string;
  type: number;
  token: string;
  guild_id?: string;
  data?: { id?: string; name: string; type?: number; options?: DiscordCommandOptionValue[] };
  /** In a server: the member who called, with their user. */
  member?: { user: DiscordInteractionUser; nick?: string | null };
  /** In a direct message: the user who called. */
  user?: DiscordInteractionUser;
}

export interface DiscordEmbed {
  title: string;
  url?: string;
  description?: string;
  timestamp?: string;
  color?: number;
  fields?: { name: string; value: string; inline: boolean }[];
  footer?: { text: string };
}

/** A message the bot sends: never a ping by accident. */
export interface DiscordMessage {
  content?: string;
  embeds?: DiscordEmbed[];
  flags?: number;
  allowed_mentions: { parse: never[] };
}

export type DiscordInteractionResponse = { type: typeof INTERACTION_RESPONSE.PONG } | { type: 4 | 5; data?: DiscordMessage };

export interface DiscordCommandOption {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  choices?: { name: string; value: string }[];
}

/** A global slash command as registered with `PUT /applications/{id}/commands`. */
export interface DiscordCommand {
  name: string;
  description: string;
  options?: DiscordCommandOption[];
}

export class DiscordBotUnavailableError extends Error {}

const TIMEOUT_MS = 10_000;

/**
 * The bot's calls to Discord's API (or the stand-in, at the configured API base): completing a
 * deferred answer through the interaction's follow-up webhook, and registering the slash commands.
 * Any answer but 2xx throws, so the caller's queue retries.
 */
@Injectable()
export class DiscordBotApi {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Replaces the deferred "thinking…" answer of an interaction with the real one. Who sees it was
   * settled when it was deferred, so the message's flags are not sent.
   */
  async editOriginal(token: string, message: DiscordMessage): Promise<void> {
    const bot = this.bot();
    const { flags: _settledAtDeferral, ...edit } = message;
    await this.send('PATCH', `/webhooks/${bot.applicationId}/${encodeURIComponent(token)}/messages/@original`, edit, {});
  }

  /** Replaces the application's global commands with these (Discord's bulk overwrite). */
  async registerCommands(commands: DiscordCommand[]): Promise<unknown> {
    const bot = this.bot();
    if (!bot.token) throw new DiscordBotUnavailableError('DISCORD_BOT_TOKEN is not set: commands cannot be registered');
    return this.send('PUT', `/applications/${bot.applicationId}/commands`, commands, { authorization: `Bot ${bot.token}` });
  }

  private bot(): NonNullable<AppConfig['discord']['bot']> {
    const bot = this.config.discord.bot;
    if (!bot) throw new DiscordBotUnavailableError('The Discord bot is not configured (DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY)');
    return bot;
  }

  private async send(method: 'PATCH' | 'PUT', path: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.config.discord.apiUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DiscordBotUnavailableError(`Discord could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const retryAfter = response.status === 429 ? response.headers.get('retry-after') : null;
      throw new DiscordBotUnavailableError(
        `Discord answered ${response.status} for ${method} ${path.replace(/\/webhooks\/(\d+)\/[^/]+/, '/webhooks/$1/…')}${retryAfter ? ` (retry after ${retryAfter} s)` : ''}`,
      );
    }
    return response.status === 204 ? null : ((await response.json()) as unknown);
  }
}
