import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../config/environment.js';
import { REDIS } from '../../redis/redis.module.js';

/** Which call of a direct message: opening the DM channel, or posting the message in it. */
export type DirectMessageStep = 'channel' | 'message';

/** An answer the stand-in gives instead of the real one, for the next call (of `step`, when given). */
export interface DirectMessageFault {
  /** 403: the user takes no DMs from the bot (Discord's code 50007); 404: unknown user or channel. */
  status: 403 | 404 | 429 | 500 | 502 | 503;
  /** Seconds, for a 429 (`retry_after` in the body, rounded up in `Retry-After`). */
  retryAfter?: number;
  step?: DirectMessageStep;
}

/** One direct-message call the stand-in answered. */
export interface RecordedDirectMessageCall {
  at: string;
  step: DirectMessageStep;
  /** The path under the API base, e.g. `/v10/channels/123/messages`. */
  path: string;
  body: unknown;
  status: number;
}

const RECORDED_TTL_SECONDS = 24 * 3600;
const RECORDED_MAX = 500;

/**
 * The stand-in's side of the bot's direct messages, kept in Redis (API and worker processes see one
 * stand-in): every call it answered, the faults tests ask it to answer next, and whether it is down
 * (every call answers 503 until it is up again).
 */
@Injectable()
export class DirectMessagesStandInState {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async record(call: RecordedDirectMessageCall): Promise<void> {
    const key = this.key('calls');
    await this.redis.multi().rpush(key, JSON.stringify(call)).ltrim(key, -RECORDED_MAX, -1).expire(key, RECORDED_TTL_SECONDS).exec();
  }

  /** Every call answered, oldest first. */
  async calls(): Promise<RecordedDirectMessageCall[]> {
    return (await this.redis.lrange(this.key('calls'), 0, -1)).map((text) => JSON.parse(text) as RecordedDirectMessageCall);
  }

  /** The messages the stand-in took (posted with 200), oldest first. */
  async delivered(): Promise<RecordedDirectMessageCall[]> {
    return (await this.calls()).filter((call) => call.step === 'message' && call.status === 200);
  }

  /** The next calls (matching each fault's step) get these answers, in order. */
  async failNext(...faults: DirectMessageFault[]): Promise<void> {
    if (faults.length) await this.redis.rpush(this.key('faults'), ...faults.map((fault) => JSON.stringify(fault)));
  }

  /** The fault this call gets, if one is waiting for it. */
  async takeFault(step: DirectMessageStep): Promise<DirectMessageFault | null> {
    const waiting = await this.redis.lrange(this.key('faults'), 0, -1);
    const index = waiting.findIndex((text) => {
      const fault = JSON.parse(text) as DirectMessageFault;
      return !fault.step || fault.step === step;
    });
    if (index < 0) return null;
    await this.redis.lrem(this.key('faults'), 1, waiting[index]);
    return JSON.parse(waiting[index]) as DirectMessageFault;
  }

  async setDown(down: boolean): Promise<void> {
    if (down) await this.redis.set(this.key('down'), '1', 'EX', RECORDED_TTL_SECONDS);
    else await this.redis.del(this.key('down'));
  }

  async isDown(): Promise<boolean> {
    return (await this.redis.exists(this.key('down'))) === 1;
  }

  private key(what: string): string {
    return `${this.config.redisPrefix}:discord-stand-in:direct-messages:${what}`;
  }
}
