import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { SCHEDULED_QUEUE } from '../../backend/src/infra/scheduling/scheduled.js';
import { ScheduledJobs } from '../../backend/src/infra/scheduling/scheduled-jobs.js';
import { startWorker } from '../../backend/src/worker-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('operations: metrics, queue dashboard, scheduled jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ worker: true, env: { METRICS_TOKEN: 'a-metrics-token-for-prometheus' } });
  });
  afterAll(() => t.close());

  it('serves Prometheus metrics to the metrics token and to admins only', async () => {
    expect((await t.request('/api/metrics')).status).toBe(401);
    expect((await t.request('/api/metrics', { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(401);
    expect((await t.request('/api/metrics', { as: await t.signIn('organizer') })).status).toBe(403);
    const byToken = await t.request('/api/metrics', { headers: { authorization: 'Bearer a-metrics-token-for-prometheus' } });
    expect(byToken.status).toBe(200);
    const byAdmin = await t.request('/api/metrics', { as: await t.signIn('admin') });
    expect(byAdmin.status).toBe(200);
    const text = await byAdmin.text();
    for (const metric of [
      'paddock_http_request_duration_seconds_bucket',
      'paddock_queue_jobs{queue="domain-events",state="failed"}',
      'paddock_queue_jobs{queue="push-deliveries",state="failed"}',
      'paddock_outbox_lag_seconds',
      'paddock_outbox_pending',
      'paddock_connected_sockets',
    ]) {
      expect(text).toContain(metric);
    }
    expect(text).toMatch(/paddock_http_request_duration_seconds_count\{method="GET",route="\/api\/health"|route="\/api\/metrics"/);
  });

  it('labels requests by route template only: ids, unknown paths and query strings never become labels', async () => {
    const garbage = [
      '/api/events/987654',
      '/api/events/987654/drivers?x=1',
      '/api/no-such-thing/abc123',
      '/api/%2e%2e/etc/passwd',
      '/api/teams/zz9-plural-z-alpha',
      '/some/page/777777',
      '/assets/nope-55555.js',
    ];
    for (const path of garbage) await t.request(path);
    await t.request('/api/graphql', { method: 'POST', json: { query: '{ plannedEvents(pageSize: 1) { content { name } } }' } });
    await t.request('/api/admin/queues/api/queues?activeQueue=x', { as: await t.signIn('admin') });
    const text = await (await t.request('/api/metrics', { headers: { authorization: 'Bearer a-metrics-token-for-prometheus' } })).text();
    const routes = new Set([...text.matchAll(/^paddock_http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map((match) => match[1]));
    expect([...routes].filter((route) => /\d{4,}|no-such|passwd|zz9|nope|\?/.test(route))).toEqual([]);
    for (const route of ['/api/events/:id', '/api/events/:id/drivers', '/api/graphql', '/api/admin/queues/api/queues', 'unmatched', 'web'])
      expect([route, routes.has(route)]).toEqual([route, true]);
  });

  it('shows the queue dashboard to admins only', async () => {
    expect((await t.request('/api/admin/queues')).status).toBe(401);
    const forDriver = await t.request('/api/admin/queues', { as: await t.signIn('driver') });
    expect(forDriver.status).toBe(403);
    expect(await forDriver.json()).toMatchObject({ status: 403, path: '/api/admin/queues' });
    const forAdmin = await t.request('/api/admin/queues', { as: await t.signIn('admin') });
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.headers.get('content-type')).toContain('text/html');
    const queues = await t.request('/api/admin/queues/api/queues', { as: await t.signIn('admin') });
    const listed = JSON.stringify(await queues.json());
    expect(listed).toContain('domain-events');
    expect(listed).toContain('push-deliveries');
    expect(listed).toContain('discord-direct-messages');
  });

  it('keeps one scheduler per scheduled job however many workers start', async () => {
    const SCHEDULED_JOBS = [
      'notify-races-starting',
      'prune-event-log',
      'prune-idempotency-keys',
      'prune-notifications',
      'rivals-rotation',
      'score-started-rounds',
      'settle-bidding',
    ];
    const second = await startWorker(t.config, { logger: false });
    const connection = new Redis(t.config.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(SCHEDULED_QUEUE, { connection, prefix: t.config.redisPrefix });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((scheduler) => scheduler.key).sort()).toEqual(SCHEDULED_JOBS);
      // Found at boot from @Scheduled methods (the event log's pruning lives beside the outbox).
      expect(second.get(ScheduledJobs).names().sort()).toEqual(SCHEDULED_JOBS);
    } finally {
      await queue.close();
      connection.disconnect();
      await second.close();
    }
  });

  it('prunes handled events older than the retention and keeps recent ones', async () => {
    const em = t.em();
    const [old, recent] = [randomUUID(), randomUUID()];
    for (const [id, age] of [
      [old, '8 days'],
      [recent, '1 hour'],
    ]) {
      await em.execute(
        `insert into outbox_events (id, name, version, aggregate_type, aggregate_id, payload, occurred_at, published_at)
         values (?, 'HeadlineCreated', 1, 'headline', '0', '{}', now() - interval '${age}', now() - interval '${age}')`,
        [id],
      );
      await em.execute(
        `insert into processed_events (event_id, subscriber, name, processed_at) values (?, 'HeadlinesHandlers.onCreated', 'HeadlineCreated', now() - interval '${age}')`,
        [id],
      );
    }
    await t.worker!.get(ScheduledJobs).run({ name: 'prune-event-log' });
    const left = await t.em().execute<{ id: string }[]>('select id from outbox_events where id in (?, ?)', [old, recent]);
    expect(left.map((row) => row.id)).toEqual([recent]);
    const handled = await t.em().execute<{ event_id: string }[]>('select event_id from processed_events where event_id in (?, ?)', [old, recent]);
    expect(handled.map((row) => row.event_id)).toEqual([recent]);
  });
});
