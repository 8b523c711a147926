import { describe, expect, it } from '@jest/globals';
import { COMMAND_OPTION_TYPE, INTERACTION_TYPE, type DiscordInteraction } from '../../infra/discord/interactions.js';
import { BOT_COMMANDS, commandCall, platformOption, registeredCommands } from './bot-commands.js';

const interaction = (data: DiscordInteraction['data'], by: Partial<DiscordInteraction> = { member: { user: { id: '42', username: 'dani' } } }): DiscordInteraction => ({
  id: '1',
  application_id: '2',
  type: INTERACTION_TYPE.APPLICATION_COMMAND,
  token: 'token',
  data,
  ...by,
});

describe('the bot commands', () => {
  it('registers the five commands with Discord without the dispatch flags', () => {
    expect(registeredCommands().map((command) => command.name)).toEqual(['next-race', 'standings', 'rivals', 'driver', 'my-races']);
    expect(registeredCommands().every((command) => !('deferred' in command))).toBe(true);
    expect(BOT_COMMANDS.filter((command) => command.deferred).map((command) => command.name)).toEqual(['standings', 'rivals', 'driver']);
    expect(registeredCommands().find((command) => command.name === 'driver')?.options).toEqual([expect.objectContaining({ name: 'member', type: COMMAND_OPTION_TYPE.USER })]);
  });

  it('reads a call: its options by name (blank ones left out) and the caller in a server or a direct message', () => {
    expect(
      commandCall(
        interaction({
          name: 'rivals',
          options: [
            { name: 'track', type: 3, value: ' Brands ' },
            { name: 'platform', type: 3, value: '' },
          ],
        }),
      ),
    ).toEqual({ command: 'rivals', options: { track: 'Brands' }, callerDiscordId: '42' });
    expect(commandCall(interaction({ name: 'my-races' }, { user: { id: '7', username: 'dm' } }))).toEqual({ command: 'my-races', options: {}, callerDiscordId: '7' });
  });

  it('knows no other command, and no call without a caller', () => {
    expect(commandCall(interaction({ name: 'ban-everyone' }))).toBeNull();
    expect(commandCall(interaction({ name: 'next-race' }, {}))).toBeNull();
  });

  it('takes a platform in any case, and says when it is none', () => {
    expect(platformOption('playstation')).toBe('PLAYSTATION');
    expect(platformOption(undefined)).toBeUndefined();
    expect(platformOption('Dreamcast')).toBeNull();
  });
});
