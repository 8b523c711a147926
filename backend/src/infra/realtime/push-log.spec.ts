import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config/environment.js';
import { PushLog } from './push-log.js';

describe('PushLog without Redis', () => {
  // Nothing listens on port 1 and there is no offline queue: every command fails at once, as during an outage.
  const redis = new Redis({ port: 1, enableOfflineQueue: false, retryStrategy: () => null });
  redis.on('error', () => undefined);
  const pushLog = new PushLog(redis, { redisPrefix: 'unit' } as AppConfig);
  afterAll(() => redis.disconnect());

  it('serves a page without a cursor, so it refetches what it shows on connect', async () => {
    await expect(pushLog.cursor()).resolves.toBeNull();
  });

  it('counts every room as missed, so the page refetches', async () => {
    await expect(pushLog.missedSince({ cursor: 'a1b2c3d4.7', ageMs: 10 }, ['everyone'])).resolves.toBe(true);
  });
});
