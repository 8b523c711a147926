import { describe, expect, it } from '@jest/globals';
import { DOMAIN_EVENT_ATTEMPTS, domainEventRetryDelay } from './queues.js';

describe('domain event retries', () => {
  it('wait 1, 2, 4 and 8 s, then never more than 10 s, so an outage that ended is caught up within seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 20, DOMAIN_EVENT_ATTEMPTS].map(domainEventRetryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000]);
  });

  it('go on for about an hour before a job is kept as failed', () => {
    let waited = 0;
    for (let made = 1; made < DOMAIN_EVENT_ATTEMPTS; made += 1) waited += domainEventRetryDelay(made);
    expect(waited).toBeGreaterThanOrEqual(3600 * 1000);
    expect(waited).toBeLessThan(3700 * 1000);
  });
});
