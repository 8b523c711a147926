import type { JobsOptions } from 'bullmq';

/** The BullMQ queue domain events go through (one job per subscriber; background ones have their own, below), and how their jobs retry and are kept. */
export const DOMAIN_EVENTS_QUEUE = 'domain-events';

const FIRST_RETRY_MS = 1000;
/**
 * The longest wait between a subscriber's attempts. Doubling without a bound leaves an event that failed
 * through a long outage waiting 32 s or more after it ended; capped, it goes out within 10 s.
 */
const LONGEST_RETRY_MS = 10_000;
/** With the cap, attempts for about an hour (1 + 2 + 4 + 8 s, then every 10 s): an outage that long loses no event. */
export const DOMAIN_EVENT_ATTEMPTS = 365;
/** The worker's `settings.backoffStrategy` is `domainEventRetryDelay` for jobs of this backoff type. */
export const DOMAIN_EVENT_BACKOFF = 'capped-exponential';

/** How long a subscriber waits after its `attemptsMade`-th failed attempt: 1, 2, 4, 8 s, then 10 s each time. */
export function domainEventRetryDelay(attemptsMade: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attemptsMade - 1));
}

export const DOMAIN_EVENT_JOB_OPTIONS: JobsOptions = {
  attempts: DOMAIN_EVENT_ATTEMPTS,
  backoff: { type: DOMAIN_EVENT_BACKOFF },
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
