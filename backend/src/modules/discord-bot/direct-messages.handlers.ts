import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { DiscordBotApi } from '../../infra/discord/interactions.js';
import { HandlesDomainEvent } from '../../infra/outbox/handles-domain-event.js';
import { UsersService } from '../users/index.js';
import { message, notificationEmbed } from './bot-embeds.js';

/**
 * The notification centre's notifications sent as Discord direct messages by the league's bot, to users
 * who want that kind by DM (the profile's settings). An external subscriber: a failed send throws and is
 * retried. Nothing is sent while the bot is not configured.
 */
@Injectable()
export class DirectMessages {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bot: DiscordBotApi,
    private readonly users: UsersService,
  ) {}

  @HandlesDomainEvent('NotificationCreated', { external: true })
  async sendNotification({ payload }: DomainEvent<'NotificationCreated'>): Promise<void> {
    if (!payload.discordDm || !this.config.discord.bot?.token) return;
    const discordId = await this.users.discordIdOf(payload.userId);
    if (!discordId) return;
    await this.bot.sendDirectMessage(discordId, message([notificationEmbed(payload, this.config.publicUrl)]));
  }
}
