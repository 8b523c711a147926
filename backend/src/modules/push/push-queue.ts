import type { JobsOptions } from 'bullmq';
import type { PushPayload } from '../../contracts/push.js';

/** The BullMQ queue of notifications to send: one job per (notification, device), sent by the worker. */
export const PUSH_QUEUE = 'push-deliveries';

export interface PushJob {
  subscriptionId: number;
  payload: PushPayload;
  /** How long the push service keeps it for a device that is offline (the `TTL` header). */
  ttlSeconds: number;
}

export const PUSH_JOB_OPTIONS: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 1000 },
  // Kept a day so the same notification queued again for a device (its sender retried) is recognised and skipped.
  removeOnComplete: { age: 24 * 3600, count: 50_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
