/** The Discord bot module's public face: the bot (API and worker) and its worker's part. */
export { DiscordBotModule, DiscordBotWorkerModule } from './discord-bot.module.js';
export { registeredCommands } from './bot-commands.js';
