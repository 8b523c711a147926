import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/environment.js';
import { DiscordClient } from './discord-client.js';
import { DiscordStandInController } from './discord-stand-in.controller.js';
import { DiscordWebhook } from './discord-webhook.js';

/** The Discord client and channel webhook; with no credentials configured (never in production) also the stand-in for Discord. */
@Module({})
export class DiscordModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: DiscordModule,
      global: true,
      controllers: config.discord.useStandIn ? [DiscordStandInController] : [],
      providers: [DiscordClient, DiscordWebhook],
      exports: [DiscordClient, DiscordWebhook],
    };
  }
}
