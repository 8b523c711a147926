import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../backend/src/config/environment.js';
import { DOMAIN_EVENT_QUEUES } from '../../backend/src/infra/outbox/queues.js';
import { queueOptions } from '../../backend/src/infra/redis/redis-options.js';

/** Where each domain-event job is in BullMQ (state, attempts, last failure): what a test that waited in vain for it prints. */
export async function describeJobs(config: AppConfig, jobIds: string[]): Promise<string[]> {
  const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const queues = DOMAIN_EVENT_QUEUES.map(({ name }) => new Queue(name, queueOptions(connection, config.redisPrefix)));
  try {
    return await Promise.all(
      jobIds.map(async (id) => {
        for (const queue of queues) {
          const job = await queue.getJob(id);
          if (job) return `${id}: ${await job.getState()} in ${queue.name}, ${job.attemptsMade} attempts made${job.failedReason ? `, last failure: ${job.failedReason}` : ''}`;
        }
        return `${id}: no job in any queue`;
      }),
    );
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
    connection.disconnect();
  }
}
