import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { AppConfig } from '../../config/environment.js';
import { DiscordWebhook, type DiscordWebhookMessage } from './discord-webhook.js';

const MESSAGE: DiscordWebhookMessage = { content: 'Hello', allowed_mentions: { parse: [] } };
const webhook = (discordWebhookUrl: string | null) => new DiscordWebhook({ discordWebhookUrl } as AppConfig);
const answer = (status: number, headers: Record<string, string> = {}) => jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status, headers }));

afterEach(() => {
  jest.restoreAllMocks();
});

describe('DiscordWebhook', () => {
  it('posts the composed message as JSON to the webhook, with a timeout', async () => {
    const fetch = answer(204);
    await webhook('https://discord.test/api/webhooks/1/token').post('a test post', () => Promise.resolve(MESSAGE));
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://discord.test/api/webhooks/1/token');
    expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MESSAGE) });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('neither composes nor posts without a webhook URL, nor posts when there is nothing to post any more', async () => {
    const fetch = answer(204);
    const compose = jest.fn(() => Promise.resolve(MESSAGE));
    await webhook(null).post('a test post', compose);
    await webhook('https://discord.test/api/webhooks/1/token').post('a test post', () => Promise.resolve(null));
    expect(compose).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('throws on any answer but 2xx, so the queue retries the post; a rate limit says when Discord takes posts again', async () => {
    answer(500);
    await expect(webhook('https://discord.test/hook').post('the decision on ticket 4', () => Promise.resolve(MESSAGE))).rejects.toThrow(
      'Discord webhook answered 500 for the decision on ticket 4',
    );
    answer(429, { 'retry-after': '3' });
    await expect(webhook('https://discord.test/hook').post('the decision on ticket 4', () => Promise.resolve(MESSAGE))).rejects.toThrow(
      'Discord webhook answered 429 for the decision on ticket 4 (retry after 3 s)',
    );
  });
});
