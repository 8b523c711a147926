import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, ServiceUnavailableException, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { PushPayload } from '../../contracts/push.js';
import { boundedRedis, queueOptions } from '../../infra/redis/redis-options.js';
import { PUSH_NOT_SET_UP } from './push-devices.service.js';
import { PUSH_JOB_OPTIONS, PUSH_QUEUE, type PushJob } from './push-queue.js';
import { PushSubscription } from './push.entities.js';
import { VapidKeys } from './vapid-keys.js';

/** A day: a notification about league life is stale after that. */
export const DEFAULT_TTL_SECONDS = 24 * 3600;
const TEST_TTL_SECONDS = 5 * 60;
const QUEUE_TIMEOUT_MS = 2000;

export interface SendOptions {
  /**
   * Names this notification (e.g. `notification-42`): queued again for the same device within a day,
   * it is not sent twice. Without one, every call sends.
   */
  key?: string;
  ttlSeconds?: number;
}

/** A payload that fits a push message (4 KB encrypted) and opens a page of this site, never another. */
export function pushPayload(payload: PushPayload): PushPayload {
  const link = payload.link.startsWith('/') && !payload.link.startsWith('//') && !payload.link.includes('\\') ? payload.link : '/';
  return {
    title: payload.title.slice(0, 120),
    body: payload.body.slice(0, 1000),
    link: link.slice(0, 500),
    ...(payload.tag ? { tag: payload.tag.slice(0, 64) } : {}),
  };
}

/**
 * Web push to a user's devices. Sending queues one job per device on the push queue; a worker encrypts
 * and posts each (push-delivery.ts), so a failing device is retried alone, with backoff, and a device
 * whose push service answered is never sent that notification again.
 */
@Injectable()
export class PushService implements OnApplicationShutdown {
  private readonly logger = new Logger(PushService.name);
  private connection?: Redis;
  private queue?: Queue<PushJob>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly vapid: VapidKeys,
  ) {}

  /** Queues the notification for every device of the user; answers how many. Nothing is queued when web push is off. */
  async sendToUser(userId: number, payload: PushPayload, options: SendOptions = {}): Promise<number> {
    if (!(await this.vapid.get())) return 0;
    const devices = await this.em.fork().find(PushSubscription, { user: userId }, { fields: ['id'] });
    await this.enqueue(
      devices.map((device) => device.id),
      payload,
      options,
    );
    return devices.length;
  }

  /** Queues a test notification for one device (already checked to be the caller's). */
  async sendTest(subscriptionId: number): Promise<number> {
    if (!(await this.vapid.get())) throw new ServiceUnavailableException(PUSH_NOT_SET_UP);
    const payload = { title: `${this.config.leagueName}: test notification`, body: 'Notifications reach this device.', link: '/profile', tag: 'push-test' };
    try {
      await this.enqueue([subscriptionId], payload, { ttlSeconds: TEST_TTL_SECONDS });
    } catch (error) {
      this.logger.warn(`Test notification not queued: ${(error as Error).message}`);
      throw new ServiceUnavailableException('The notification could not be queued for a moment. Try again shortly.');
    }
    return 1;
  }

  private async enqueue(subscriptionIds: number[], payload: PushPayload, options: SendOptions): Promise<void> {
    if (!subscriptionIds.length) return;
    const key = (options.key ?? randomUUID()).replaceAll(':', '_');
    const data = { payload: pushPayload(payload), ttlSeconds: options.ttlSeconds ?? DEFAULT_TTL_SECONDS };
    const jobs = subscriptionIds.map((subscriptionId) => ({
      name: 'push',
      data: { ...data, subscriptionId },
      opts: { ...PUSH_JOB_OPTIONS, jobId: `${key}@${subscriptionId}` },
    }));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not take the push jobs within ${QUEUE_TIMEOUT_MS} ms`)), QUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.pushQueue().addBulk(jobs), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private pushQueue(): Queue<PushJob> {
    if (!this.queue) {
      this.connection = boundedRedis(this.config.redisUrl);
      this.connection.on('error', () => undefined);
      this.queue = new Queue<PushJob>(PUSH_QUEUE, queueOptions(this.connection, this.config.redisPrefix));
      this.queue.on('error', () => undefined);
    }
    return this.queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
