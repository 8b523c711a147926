import { describe, expect, it } from '@jest/globals';
import { connectWhenReachable } from './database-setup.js';

/** An ORM whose connect fails with each of `failures` in turn, then connects. */
function ormFailing(...failures: Error[]) {
  let attempts = 0;
  return {
    attempts: () => attempts,
    connect: async () => {
      attempts += 1;
      const failure = failures[attempts - 1];
      if (failure) throw failure;
      return undefined as never;
    },
  };
}

const timedOut = () => new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') });

describe('connectWhenReachable', () => {
  it('tries again while PostgreSQL cannot be reached, and goes on once it connects', async () => {
    const orm = ormFailing(timedOut(), Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    await connectWhenReachable(orm);
    expect(orm.attempts()).toBe(3);
  });

  it('throws any other failure at once', async () => {
    const orm = ormFailing(Object.assign(new Error('password authentication failed for user "paddock"'), { code: '28P01' }));
    await expect(connectWhenReachable(orm)).rejects.toThrow('password authentication failed');
    expect(orm.attempts()).toBe(1);
  });

  it('gives up with the last failure once its time is up', async () => {
    const orm = ormFailing(...Array.from({ length: 100 }, timedOut));
    await expect(connectWhenReachable(orm, 600)).rejects.toThrow('connection timeout');
    expect(orm.attempts()).toBeGreaterThanOrEqual(2);
    expect(orm.attempts()).toBeLessThan(100);
  });
});
