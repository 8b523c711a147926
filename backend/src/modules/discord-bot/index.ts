/** The Discord bot module's public face: the bot (API and worker), its worker's part, and the direct messages' queue (the ops dashboard lists it). */
export { DiscordBotModule, DiscordBotWorkerModule } from './discord-bot.module.js';
export { registeredCommands } from './bot-commands.js';
export { DIRECT_MESSAGES_QUEUE } from './direct-messages.js';
