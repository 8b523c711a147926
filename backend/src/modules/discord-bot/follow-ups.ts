import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { queueOptions } from '../../infra/redis/redis-options.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { DiscordBotApi } from '../../infra/discord/interactions.js';
import { BotAnswers } from './bot-answers.service.js';
import type { CommandCall } from './bot-commands.js';
import { notice } from './bot-embeds.js';

/** The queue of deferred slash-command answers: the API queues, a worker answers through the follow-up webhook. */
export const FOLLOW_UPS_QUEUE = 'discord-follow-ups';

export interface FollowUpJob {
  call: CommandCall;
  /** The interaction's token: its follow-up webhook takes edits for 15 minutes. */
  token: string;
}

const ATTEMPTS = 5;
const JOB_OPTIONS: JobsOptions = {
  attempts: ATTEMPTS,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
};
/** Queueing waits at most this long: Discord wants the deferral within 3 s. */
const QUEUE_TIMEOUT_MS = 1500;

/** The API's side: queues a deferred answer (fails fast when Redis cannot take it). */
@Injectable()
export class FollowUps implements OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<FollowUpJob>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async enqueue(interactionId: string, job: FollowUpJob): Promise<void> {
    const queue = this.open();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The follow-up queue did not answer in time')), QUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([queue.add('answer', job, { ...JOB_OPTIONS, jobId: interactionId }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private open(): Queue<FollowUpJob> {
    if (!this.queue) {
      this.connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: 1 });
      this.connection.on('error', () => undefined);
      this.queue = new Queue<FollowUpJob>(FOLLOW_UPS_QUEUE, queueOptions(this.connection, this.config.redisPrefix));
      this.queue.on('error', () => undefined);
    }
    return this.queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close();
    this.connection?.disconnect();
  }
}

/**
 * The worker's side: computes each deferred answer and puts it in place of Discord's "thinking…"
 * (PATCH …/messages/@original). A failure retries with backoff; the last failed attempt still tells
 * the caller the bot could not answer, when Discord can be reached.
 */
@Injectable()
export class FollowUpWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FollowUpWorker.name);
  private connection?: Redis;
  private worker?: Worker<FollowUpJob>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly answers: BotAnswers,
    private readonly discord: DiscordBotApi,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.worker = new Worker<FollowUpJob>(FOLLOW_UPS_QUEUE, (job) => this.complete(job), {
      connection: this.connection,
      prefix: this.config.redisPrefix,
      concurrency: 4,
      lockDuration: this.config.worker.stalledMs,
      stalledInterval: this.config.worker.stalledMs,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`Follow-up of /${job?.data.call.command ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.warn(`Follow-ups: ${error.message}`));
    await this.worker.waitUntilReady();
  }

  /** Answers one deferred command (tests call it too). */
  async complete(job: Pick<Job<FollowUpJob>, 'data' | 'attemptsMade'>): Promise<void> {
    const { call, token } = job.data;
    try {
      const answer = await RequestContext.create(this.orm.em, () => this.answers.answer(call));
      await this.discord.editOriginal(token, answer);
    } catch (error) {
      if (job.attemptsMade + 1 >= ATTEMPTS) {
        await this.discord.editOriginal(token, notice('Sorry, the league bot could not answer this time. Try again in a moment.')).catch(() => undefined);
      }
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.connection?.disconnect();
  }
}
