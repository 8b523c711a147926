/**
 * Registers the league bot's slash commands with Discord (PUT /applications/{id}/commands, a bulk
 * overwrite: commands no longer listed are removed), at the configured Discord API base:
 *
 *   npm run discord:register-commands
 *
 * With Discord credentials set it needs DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY and DISCORD_BOT_TOKEN.
 * Without them (the demo), the stand-in served by the running site (PORT) takes the registration.
 */
import { ConfigError, loadConfig } from '../backend/src/config/environment.js';
import { DiscordBotApi } from '../backend/src/infra/discord/interactions.js';
import { registeredCommands } from '../backend/src/modules/discord-bot/bot-commands.js';

try {
  const config = loadConfig();
  const commands = registeredCommands();
  await new DiscordBotApi(config).registerCommands(commands);
  console.log(`Registered ${commands.length} commands (${commands.map((command) => `/${command.name}`).join(', ')}) at ${config.discord.apiUrl}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Could not register the commands: ${(error as Error).message}`);
  process.exit(1);
}
