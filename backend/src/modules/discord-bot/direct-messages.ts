import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { DiscordApiError, type Patience } from '../../infra/discord/discord-bot-rest.js';
import { DiscordDirectMessagesApi } from '../../infra/discord/discord-direct-messages.js';
import { DiscordRateLimitedError } from '../../infra/discord/discord-rate-limits.js';
import type { DiscordMessage } from '../../infra/discord/interactions.js';
import { HandlesDomainEvent } from '../../infra/outbox/handles-domain-event.js';
import { boundedRedis, queueOptions } from '../../infra/redis/redis-options.js';
import { UsersService } from '../users/index.js';
import { message, notificationEmbed } from './bot-embeds.js';

/** The BullMQ queue of direct messages to send: one job per notification, sent by the worker. */
export const DIRECT_MESSAGES_QUEUE = 'discord-direct-messages';

export interface DirectMessageJob {
  notificationId: number;
  /** The Discord user id of the notification's user. */
  recipientId: string;
  message: DiscordMessage;
}

export type DirectMessageOutcome = 'sent' | 'refused';

export const DIRECT_MESSAGE_ATTEMPTS = 6;
const FIRST_RETRY_MS = 2000;
const BACKOFF_TYPE = 'discord';

const JOB_OPTIONS: JobsOptions = {
  attempts: DIRECT_MESSAGE_ATTEMPTS,
  backoff: { type: BACKOFF_TYPE },
  // Kept a day so the same notification queued again (its subscriber retried) is recognised and skipped.
  removeOnComplete: { age: 24 * 3600, count: 50_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** One attempt's: a 5xx or timeout is tried once more at once, a rate limit waited out up to 10 s; past that the job retries later. */
const ATTEMPT_PATIENCE: Patience = { attempts: 2, timeoutMs: 10_000, longestWaitMs: 10_000 };
const QUEUE_TIMEOUT_MS = 2000;

/**
 * When a failed attempt is retried: exponential from 2 s (2, 4, 8, 16, 32 s), and never before the
 * time a 429 asked to wait (`retry_after`).
 */
export function directMessageBackoff(attemptsMade: number, _type?: string, error?: Error): number {
  const exponential = FIRST_RETRY_MS * 2 ** (attemptsMade - 1);
  return error instanceof DiscordRateLimitedError ? Math.max(exponential, error.waitMs) : exponential;
}

/** The job id of a notification's DM: queued again (its subscriber retried), it is not sent twice. */
export const directMessageJobId = (notificationId: number) => `${notificationId}-dm`;

/**
 * The notification centre's notifications sent as Discord direct messages by the league's bot, to users
 * who want that kind by DM (the profile's settings). The subscriber only queues the message (one job
 * per notification) and completes; the worker sends it. Nothing is queued while no bot token is set.
 */
@Injectable()
export class DirectMessages implements OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<DirectMessageJob>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discord: DiscordDirectMessagesApi,
    private readonly users: UsersService,
  ) {}

  @HandlesDomainEvent('NotificationCreated', { external: true, background: true })
  async sendNotification({ payload }: DomainEvent<'NotificationCreated'>): Promise<void> {
    if (!payload.discordDm || !this.discord.enabled) return;
    const recipientId = await this.users.discordIdOf(payload.userId);
    if (!recipientId) return;
    await this.enqueue({ notificationId: payload.notificationId, recipientId, message: message([notificationEmbed(payload, this.config.publicUrl)]) });
  }

  private async enqueue(job: DirectMessageJob): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not take the direct message within ${QUEUE_TIMEOUT_MS} ms`)), QUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.open().add('dm', job, { ...JOB_OPTIONS, jobId: directMessageJobId(job.notificationId) }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private open(): Queue<DirectMessageJob> {
    if (!this.queue) {
      this.connection = boundedRedis(this.config.redisUrl);
      this.connection.on('error', () => undefined);
      this.queue = new Queue<DirectMessageJob>(DIRECT_MESSAGES_QUEUE, queueOptions(this.connection, this.config.redisPrefix));
      this.queue.on('error', () => undefined);
    }
    return this.queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}

/**
 * Sends the queued direct messages (worker processes only): opens the DM channel and posts the
 * message through the bot's REST client (rate limits waited out). A failed attempt is retried with
 * backoff, at most DIRECT_MESSAGE_ATTEMPTS times; a 403 (the user takes no DMs from the bot) or 404 is
 * final: logged, not retried. A retry after Discord took the message but its answer was lost sends it
 * again (Discord has no idempotency key for messages).
 */
@Injectable()
export class DirectMessageWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DirectMessageWorker.name);
  private connection?: Redis;
  private worker?: Worker<DirectMessageJob, DirectMessageOutcome>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discord: DiscordDirectMessagesApi,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.worker = new Worker<DirectMessageJob, DirectMessageOutcome>(DIRECT_MESSAGES_QUEUE, (job: Job<DirectMessageJob>) => this.deliver(job.data), {
      connection: this.connection,
      prefix: this.config.redisPrefix,
      concurrency: 4,
      lockDuration: this.config.worker.stalledMs,
      stalledInterval: this.config.worker.stalledMs,
      settings: { backoffStrategy: directMessageBackoff },
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`DM of notification ${job?.data.notificationId ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'} of ${DIRECT_MESSAGE_ATTEMPTS}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.warn(`Direct messages worker: ${error.message}`));
    await this.worker.waitUntilReady();
  }

  async deliver(job: DirectMessageJob): Promise<DirectMessageOutcome> {
    if (!this.discord.enabled) throw new UnrecoverableError('No Discord bot token is set (DISCORD_BOT_TOKEN): direct messages are off');
    try {
      await this.discord.send(job.recipientId, job.message, ATTEMPT_PATIENCE);
      return 'sent';
    } catch (error) {
      if (!(error instanceof DiscordApiError) || error.status === null) throw error;
      if (error.status === 403 || error.status === 404) {
        this.logger.warn(`DM of notification ${job.notificationId} not sent, for good: ${error.message}`);
        return 'refused';
      }
      // Any other refusal (400, 401) cannot succeed by sending the same again.
      throw new UnrecoverableError(error.message);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.connection?.disconnect();
  }
}
