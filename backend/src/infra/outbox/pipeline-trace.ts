import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { SubscriberJob } from './subscriber-registry.js';

/**
 * `bench:realtime`'s view of the live pipeline, off unless PADDOCK_PIPELINE_TRACE=1 (a benchmark
 * switch, not a setting: it is read here, not in the configuration). When on, the relay adds to each
 * job when it was woken and when it picked the event up, and the worker appends one line per job to
 * the Redis list `<REDIS_PREFIX>:pipeline-trace` once the subscriber ran. The list is trimmed to the
 * last TRACE_KEPT lines.
 */
export const PIPELINE_TRACE = process.env.PADDOCK_PIPELINE_TRACE === '1';

const TRACE_KEPT = 5000;

/** What the relay adds to a job's data, in milliseconds since the epoch (fractional: `traceClock`). */
export interface RelayTrace {
  /** When the relay pass that picked the event up was asked for: NOTIFY, the commit hook or the poll. */
  wokenAt: number;
  /** When the pending rows were read. */
  pickedAt: number;
  /** When the jobs were handed to the queue (after the cached reads were dropped). */
  enqueuedAt: number;
}

/** One job's way through the pipeline, as the worker records it. */
export interface PipelineTraceLine extends RelayTrace {
  event: string;
  eventId: string;
  subscriber: string;
  /** When the event was recorded in its transaction (the outbox row's `occurredAt`). */
  occurredAt: number;
  /** When the worker's processor received the job. */
  startedAt: number;
  /** When the subscriber (and its idempotency row) was done. */
  doneAt: number;
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes of one machine. */
export const traceClock = (): number => performance.timeOrigin + performance.now();

export const traceListKey = (redisPrefix: string): string => `${redisPrefix}:pipeline-trace`;

/** Appends the job's trace line (when the relay traced it); never fails the job. */
export async function recordTrace(redis: Redis, redisPrefix: string, job: Job<SubscriberJob & { trace?: RelayTrace }>, startedAt: number): Promise<void> {
  const { event, subscriber, trace } = job.data;
  if (!trace) return;
  const line: PipelineTraceLine = { event: event.name, eventId: event.id, subscriber, occurredAt: Date.parse(event.occurredAt), ...trace, startedAt, doneAt: traceClock() };
  const key = traceListKey(redisPrefix);
  await redis
    .multi()
    .rpush(key, JSON.stringify(line))
    .ltrim(key, -TRACE_KEPT, -1)
    .exec()
    .catch(() => undefined);
}
