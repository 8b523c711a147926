import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/environment.js';
import type { DomainEvent } from '../../contracts/domain-events.js';
import type { DiscordDirectMessagesApi } from '../../infra/discord/discord-direct-messages.js';
import { DiscordRateLimitedError } from '../../infra/discord/discord-rate-limits.js';
import type { UsersService } from '../users/index.js';
import { notificationEmbed } from './bot-embeds.js';
import { DirectMessages, directMessageBackoff } from './direct-messages.js';

const created = (discordDm: boolean): DomainEvent<'NotificationCreated'> => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'NotificationCreated',
  version: 1,
  aggregate: { type: 'user', id: 1 },
  occurredAt: '2026-11-26T10:00:00.000Z',
  payload: { notificationId: 9, userId: 1, kind: 'ticket-decided', title: 'Decided', body: 'See', link: '/notifications', push: false, discordDm },
});

describe("the notifications' direct messages", () => {
  it('queues nothing (and looks nobody up) without a bot token, or for a kind the user does not want by DM', async () => {
    const lookedUp: number[] = [];
    const users = { discordIdOf: (userId: number) => (lookedUp.push(userId), Promise.resolve('123456789012345678')) } as unknown as UsersService;
    const config = { publicUrl: 'https://league.test' } as AppConfig;
    // Either case returns before the queue is opened: a queue would need Redis, which this test has not.
    await new DirectMessages(config, { enabled: false } as DiscordDirectMessagesApi, users).sendNotification(created(true));
    await new DirectMessages(config, { enabled: true } as DiscordDirectMessagesApi, users).sendNotification(created(false));
    expect(lookedUp).toEqual([]);
  });

  it('retries after 2, 4, 8… s, and never before a 429 asked', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => directMessageBackoff(attempts, 'discord', new Error('503')))).toEqual([2000, 4000, 8000, 16000, 32000]);
    expect(directMessageBackoff(1, 'discord', new DiscordRateLimitedError('wait', 45_000))).toBe(45_000);
    expect(directMessageBackoff(5, 'discord', new DiscordRateLimitedError('wait', 1_000))).toBe(32_000);
  });

  it('links a notification back to its page of the site, never elsewhere', () => {
    expect(notificationEmbed({ title: 'T', body: 'B', link: '/results/4' }, 'https://league.test').url).toBe('https://league.test/results/4');
    expect(notificationEmbed({ title: 'T', body: 'B', link: '//evil.test/x' }, 'https://league.test').url).toBe('https://league.test/notifications');
  });
});
