import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** This process' Prometheus registry (one per app, so tests can run several apps in one process). */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'paddock_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly queueJobs = new Gauge({
    name: 'paddock_queue_jobs',
    help: 'Jobs in each BullMQ queue by state',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  readonly outboxPending = new Gauge({ name: 'paddock_outbox_pending', help: 'Domain events not yet published', registers: [this.registry] });

  readonly outboxLag = new Gauge({
    name: 'paddock_outbox_lag_seconds',
    help: 'Age of the oldest unpublished domain event',
    registers: [this.registry],
  });

  readonly sockets = new Gauge({ name: 'paddock_connected_sockets', help: 'Sockets connected to this instance', registers: [this.registry] });

  readonly httpErrors = new Counter({
    name: 'paddock_http_errors_total',
    help: 'HTTP responses with status 500 or more',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'paddock_' });
  }
}
