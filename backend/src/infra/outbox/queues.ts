import type { JobsOptions } from 'bullmq';

/** The BullMQ queue domain events go through (one job per subscriber; background ones have their own, below), and how their jobs retry and are kept. */
export const DOMAIN_EVENTS_QUEUE = 'domain-events';

export const DOMAIN_EVENT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  // Completed jobs are kept a day so a re-sent job id is still recognised and skipped.
  removeOnComplete: { age: 24 * 3600, count: 50_000 },
  // Failed jobs stay for inspection in the queue dashboard.
  removeOnFail: false,
};

/**
 * Background subscribers' jobs (SubscriberOptions.background): notifications, Discord posts, web push.
 * A queue of their own with few slots, so a burst of them (a results save tells dozens of drivers)
 * never holds every slot while a recompute or a push a page waits on is queued.
 */
export const BACKGROUND_EVENTS_QUEUE = 'domain-events-background';

/** How many jobs of each queue one worker process runs at once. */
export const DOMAIN_EVENT_QUEUES = [
  { name: DOMAIN_EVENTS_QUEUE, concurrency: 8 },
  { name: BACKGROUND_EVENTS_QUEUE, concurrency: 4 },
] as const;
