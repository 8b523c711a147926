import type { JobsOptions } from 'bullmq';

/** The BullMQ queue every domain event goes through (one job per subscriber), and how its jobs retry and are kept. */
export const DOMAIN_EVENTS_QUEUE = 'domain-events';

export const DOMAIN_EVENT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  // Completed jobs are kept a day so a re-sent job id is still recognised and skipped.
  removeOnComplete: { age: 24 * 3600, count: 50_000 },
  // Failed jobs stay for inspection in the queue dashboard.
  removeOnFail: false,
};
