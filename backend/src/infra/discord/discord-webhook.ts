import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { DiscordEmbed } from './interactions.js';

const WEBHOOK_TIMEOUT_MS = 10_000;

/** What a Discord channel webhook accepts of ours: text, optional embeds, and never a ping by accident. */
export interface DiscordWebhookMessage {
  content: string;
  embeds?: DiscordEmbed[];
  allowed_mentions: { parse: never[] };
}

/**
 * Posts to the community's Discord channel webhook (DISCORD_WEBHOOK_URL), for the worker's external
 * subscribers. A post that fails (no answer within 10 s, or any answer but 2xx — a rate-limit 429
 * too) throws, so the queue retries it later and keeps it visible; without a webhook URL nothing is
 * posted.
 */
@Injectable()
export class DiscordWebhook {
  private readonly logger = new Logger(DiscordWebhook.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Posts what `compose` returns (null: nothing to post any more). `what` names the post in logs and
   * errors ("event 12", "the decision on ticket 4"); `compose` runs only when a webhook is set.
   */
  async post(what: string, compose: () => Promise<DiscordWebhookMessage | null>): Promise<void> {
    const url = this.config.discordWebhookUrl;
    if (!url) {
      this.logger.log(`Not posted (DISCORD_WEBHOOK_URL is not set): ${what}`);
      return;
    }
    const message = await compose();
    if (!message) return;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (response.ok) return;
    const retryAfter = response.status === 429 ? response.headers.get('retry-after') : null;
    throw new Error(`Discord webhook answered ${response.status} for ${what}${retryAfter ? ` (retry after ${retryAfter} s)` : ''}`);
  }
}
