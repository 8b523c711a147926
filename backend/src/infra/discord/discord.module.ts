import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/environment.js';
import { DiscordClient } from './discord-client.js';
import { DiscordGuildApi } from './discord-guild-api.js';
import { DiscordStandInController } from './discord-stand-in.controller.js';
import { DiscordWebhook } from './discord-webhook.js';
import { DiscordStandInGuildRolesController } from './stand-in/guild-roles.controller.js';
import { GuildRolesStandInState } from './stand-in/guild-roles.state.js';

/** The Discord client, channel webhook and guild API; with no credentials configured (never in production) also the stand-in for Discord. */
@Module({})
export class DiscordModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: DiscordModule,
      global: true,
      controllers: config.discord.useStandIn ? [DiscordStandInController, DiscordStandInGuildRolesController] : [],
      providers: [DiscordClient, DiscordWebhook, DiscordGuildApi, ...(config.discord.useStandIn ? [GuildRolesStandInState] : [])],
      exports: [DiscordClient, DiscordWebhook, DiscordGuildApi],
    };
  }
}
