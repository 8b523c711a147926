import { Injectable } from '@nestjs/common';
import { DiscordBotRest, JOB_PATIENCE, type Patience } from './discord-bot-rest.js';
import type { DiscordMessage } from './interactions.js';

/** Direct messages from the league's bot to a Discord user, through DiscordBotRest (its rate limits and retries). */
@Injectable()
export class DiscordDirectMessagesApi {
  constructor(private readonly rest: DiscordBotRest) {}

  /** Whether a bot token is configured (else no direct message can be sent). */
  get enabled(): boolean {
    return this.rest.enabled;
  }

  /**
   * Opens the DM channel with the user (Discord answers the same channel each time), then posts the
   * message in it. Throws DiscordApiError with Discord's status: 403 when the user takes no DMs from
   * the bot (no shared server, or DMs closed).
   */
  async send(recipientId: string, message: DiscordMessage, patience: Patience = JOB_PATIENCE): Promise<void> {
    const channel = await this.rest.call<{ id: string }>('POST', '/v10/users/@me/channels', { recipient_id: recipientId }, { patience });
    await this.rest.call<unknown>('POST', `/v10/channels/${channel.id}/messages`, message, { patience });
  }
}
