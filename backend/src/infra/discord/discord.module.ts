import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/environment.js';
import { DiscordClient } from './discord-client.js';
import { DiscordGuildApi } from './discord-guild-api.js';
import { DiscordStandInController } from './discord-stand-in.controller.js';
import { DiscordWebhook } from './discord-webhook.js';
import { DiscordBotApi } from './interactions.js';
import { DiscordStandInGuildRolesController } from './stand-in/guild-roles.controller.js';
import { GuildRolesStandInState } from './stand-in/guild-roles.state.js';
import { DiscordStandInInteractionsController } from './stand-in/interactions.controller.js';

/** The Discord client, channel webhook, bot API and guild API; with no credentials configured (never in production) also the stand-in for Discord. */
@Module({})
export class DiscordModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: DiscordModule,
      global: true,
      controllers: config.discord.useStandIn ? [DiscordStandInController, DiscordStandInInteractionsController, DiscordStandInGuildRolesController] : [],
      providers: [DiscordClient, DiscordWebhook, DiscordBotApi, DiscordGuildApi, ...(config.discord.useStandIn ? [GuildRolesStandInState] : [])],
      exports: [DiscordClient, DiscordWebhook, DiscordBotApi, DiscordGuildApi],
    };
  }
}
