import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/environment.js';
import { DiscordClient } from './discord-client.js';
import { DiscordStandInController } from './discord-stand-in.controller.js';
import { DiscordWebhook } from './discord-webhook.js';
import { DiscordBotApi } from './interactions.js';
import { DiscordStandInInteractionsController } from './stand-in/interactions.controller.js';

/** The Discord client, channel webhook and bot API; with no credentials configured (never in production) also the stand-in for Discord. */
@Module({})
export class DiscordModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: DiscordModule,
      global: true,
      controllers: config.discord.useStandIn ? [DiscordStandInController, DiscordStandInInteractionsController] : [],
      providers: [DiscordClient, DiscordWebhook, DiscordBotApi],
      exports: [DiscordClient, DiscordWebhook, DiscordBotApi],
    };
  }
}
