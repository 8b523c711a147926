import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/environment.js';
import { DiscordBotRest } from './discord-bot-rest.js';
import { DiscordClient } from './discord-client.js';
import { DiscordDirectMessagesApi } from './discord-direct-messages.js';
import { DiscordGuildApi } from './discord-guild-api.js';
import { DiscordStandInController } from './discord-stand-in.controller.js';
import { DiscordWebhook } from './discord-webhook.js';
import { DiscordBotApi } from './interactions.js';
import { DiscordStandInDirectMessagesController } from './stand-in/direct-messages.controller.js';
import { DirectMessagesStandInState } from './stand-in/direct-messages.state.js';
import { DiscordStandInGuildRolesController } from './stand-in/guild-roles.controller.js';
import { GuildRolesStandInState } from './stand-in/guild-roles.state.js';
import { DiscordStandInInteractionsController } from './stand-in/interactions.controller.js';

/** The Discord client, channel webhook, bot API, the bot's REST calls (guild API, direct messages); with no credentials configured (never in production) also the stand-in for Discord. */
@Module({})
export class DiscordModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: DiscordModule,
      global: true,
      controllers: config.discord.useStandIn
        ? [DiscordStandInController, DiscordStandInInteractionsController, DiscordStandInGuildRolesController, DiscordStandInDirectMessagesController]
        : [],
      providers: [
        DiscordClient,
        DiscordWebhook,
        DiscordBotApi,
        DiscordBotRest,
        DiscordGuildApi,
        DiscordDirectMessagesApi,
        ...(config.discord.useStandIn ? [GuildRolesStandInState, DirectMessagesStandInState] : []),
      ],
      exports: [DiscordClient, DiscordWebhook, DiscordBotApi, DiscordGuildApi, DiscordDirectMessagesApi],
    };
  }
}
