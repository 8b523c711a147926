import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import webpush from 'web-push';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { PUSH_QUEUE, type PushJob } from './push-queue.js';
import { PushSubscription } from './push.entities.js';
import { VapidKeys } from './vapid-keys.js';

/** A push service that does not answer within this long is tried again later. */
const SEND_TIMEOUT_MS = 10_000;

export type DeliveryOutcome = 'sent' | 'removed' | 'unsubscribed';

/** The device is gone for good (RFC 8030 §6.2: 404, 410): its subscription is removed, not retried. */
const GONE = new Set([404, 410]);
/** The message itself is refused (malformed, too large): sending it again cannot succeed. */
const REFUSED = new Set([400, 413]);

/**
 * Sends one notification to one device (one job of the push queue): the payload encrypted to the
 * browser's keys (RFC 8291, aes128gcm), signed with VAPID (RFC 8292), with a TTL. A device gone (404,
 * 410) loses its subscription; any other failure throws, and BullMQ retries this job alone with
 * exponential backoff, so a device that got the message is never sent it again by another's retry.
 */
@Injectable()
export class PushDelivery {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly vapid: VapidKeys,
  ) {}

  async deliver(job: PushJob): Promise<DeliveryOutcome> {
    const em = this.em.fork();
    const subscription = await em.findOne(PushSubscription, job.subscriptionId);
    if (!subscription) return 'unsubscribed';
    const keys = await this.vapid.get();
    if (!keys) throw new UnrecoverableError('Web push is not set up on this server (no VAPID keys)');
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(job.payload),
      {
        vapidDetails: { subject: this.config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: job.ttlSeconds,
        contentEncoding: 'aes128gcm',
      },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (GONE.has(response.status)) {
      await em.nativeDelete(PushSubscription, { id: subscription.id, endpoint: subscription.endpoint });
      return 'removed';
    }
    if (REFUSED.has(response.status)) throw new UnrecoverableError(`The push service refused the message: ${response.status}`);
    if (response.status < 200 || response.status >= 300) throw new Error(`The push service answered ${response.status}`);
    await em.nativeUpdate(PushSubscription, { id: subscription.id }, { lastSentAt: new Date() });
    return 'sent';
  }
}

/** Consumes the push queue in a worker process (never in an API instance). */
@Injectable()
export class PushDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PushDeliveryWorker.name);
  private connection?: Redis;
  private worker?: Worker<PushJob, DeliveryOutcome>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: PushDelivery,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.worker = new Worker<PushJob, DeliveryOutcome>(PUSH_QUEUE, (job: Job<PushJob>) => this.delivery.deliver(job.data), {
      connection: this.connection,
      prefix: this.config.redisPrefix,
      concurrency: 8,
      lockDuration: this.config.worker.stalledMs,
      stalledInterval: this.config.worker.stalledMs,
    });
    this.worker.on('failed', (job, error) => this.logger.warn(`push ${job?.id ?? ''} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`));
    this.worker.on('error', (error) => this.logger.warn(`Push worker: ${error.message}`));
    await this.worker.waitUntilReady();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.connection?.disconnect();
  }
}
