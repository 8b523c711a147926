import { PLATFORMS, type Platform } from '../../contracts/catalogue.js';
import { COMMAND_OPTION_TYPE, type DiscordCommand, type DiscordInteraction } from '../../infra/discord/interactions.js';

export type BotCommandName = 'next-race' | 'standings' | 'rivals' | 'driver' | 'my-races';

/** One call of a command: its options by name, and who called (their Discord user id). */
export interface CommandCall {
  command: BotCommandName;
  options: Record<string, string>;
  callerDiscordId: string;
}

interface BotCommand extends DiscordCommand {
  name: BotCommandName;
  /**
   * Answered later through the follow-up webhook (Discord shows "thinking…" meanwhile): the reads that
   * can take longer than Discord's 3 seconds on a busy night (standings, boards, a driver's whole record).
   */
  deferred: boolean;
}

const PLATFORM_CHOICES = PLATFORMS.map((platform) => ({ name: platform === 'PLAYSTATION' ? 'PlayStation' : platform === 'XBOX' ? 'Xbox' : 'PC', value: platform }));

/** The league bot's slash commands, as registered with Discord and dispatched here. */
export const BOT_COMMANDS: readonly BotCommand[] = [
  { name: 'next-race', description: "The league's next race", deferred: false },
  {
    name: 'standings',
    description: "A series' current standings",
    options: [{ type: COMMAND_OPTION_TYPE.STRING, name: 'series', description: 'The series (part of its name); the first current one when left out' }],
    deferred: true,
  },
  {
    name: 'rivals',
    description: 'The rivals board of a track in the rotation',
    options: [
      { type: COMMAND_OPTION_TYPE.STRING, name: 'track', description: "The track (part of its name); the rotation's current one when left out" },
      { type: COMMAND_OPTION_TYPE.STRING, name: 'platform', description: 'One platform; all of them when left out', choices: PLATFORM_CHOICES },
    ],
    deferred: true,
  },
  {
    name: 'driver',
    description: "A driver's profile and record",
    options: [{ type: COMMAND_OPTION_TYPE.USER, name: 'member', description: 'The member; yourself when left out' }],
    deferred: true,
  },
  { name: 'my-races', description: 'The races you have joined', deferred: false },
];

/** What is registered with Discord: the commands without our own dispatch flags. */
export function registeredCommands(): DiscordCommand[] {
  return BOT_COMMANDS.map(({ deferred: _deferred, ...command }) => command);
}

export function botCommand(name: string): BotCommand | undefined {
  return BOT_COMMANDS.find((command) => command.name === name);
}

/** The call an application-command interaction makes; null for an unknown command or no caller. */
export function commandCall(interaction: DiscordInteraction): CommandCall | null {
  const command = interaction.data && botCommand(interaction.data.name);
  const callerDiscordId = interaction.member?.user.id ?? interaction.user?.id;
  if (!command || !callerDiscordId) return null;
  const options = Object.fromEntries((interaction.data?.options ?? []).map((option) => [option.name, String(option.value).trim()]).filter(([, value]) => value !== ''));
  return { command: command.name, options, callerDiscordId };
}

export function platformOption(text: string | undefined): Platform | undefined | null {
  if (!text) return undefined;
  const upper = text.toUpperCase();
  return PLATFORMS.find((platform) => platform === upper) ?? null;
}
