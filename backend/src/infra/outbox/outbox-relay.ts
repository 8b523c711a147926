import type { EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { outsideRequests } from '../../common/request-abandonment.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { ReadInvalidation } from '../read-cache/read-invalidation.js';
import { queueOptions } from '../redis/redis-options.js';
import { toDomainEvent } from './domain-events.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { PIPELINE_TRACE, traceClock } from './pipeline-trace.js';
import { DOMAIN_EVENT_QUEUES } from './queues.js';
import { SubscriberRegistry, type SubscriberQueueJob } from './subscriber-registry.js';

/** PostgreSQL NOTIFY channel raised by the outbox table's insert trigger (see the migration). */
export const OUTBOX_CHANNEL = 'paddock_outbox';
/** One relay publishes at a time across all instances, so events leave in the order they were written. */
const RELAY_LOCK = 71_000_001;
const BATCH = 200;
const ADD_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Kicks the relay when a transaction of this process that recorded domain events commits: it starts
 * at once instead of on the NOTIFY round trip through PostgreSQL (which still wakes it for changes
 * made by other processes).
 */
class KickRelayAtCommit implements EventSubscriber<OutboxEvent> {
  private readonly recorded = new WeakSet<EntityManager>();

  constructor(private readonly kick: () => void) {}

  getSubscribedEntities() {
    return [OutboxEvent];
  }

  afterCreate({ em }: EventArgs<OutboxEvent>): void {
    this.recorded.add(em as EntityManager);
  }

  afterTransactionCommit({ em }: TransactionEventArgs): void {
    if (this.recorded.delete(em as EntityManager)) this.kick();
  }

  afterTransactionRollback({ em }: TransactionEventArgs): void {
    this.recorded.delete(em as EntityManager);
  }
}

/**
 * Moves committed outbox rows to the BullMQ queues: one job per subscriber of the event (the
 * registry knows them: the API loads the same modules as the worker; a background subscriber's job
 * goes to the background queue), job id
 * `<eventId>@<subscriber>`, so a re-send is a no-op and each subscriber retries on its own.
 * Before queueing, it drops the cached reads the events invalidate, so a browser refetching after a
 * push never reads the old state. Wakes when this process commits domain events, on PostgreSQL NOTIFY for other
 * processes' commits, and polls once a second as a safety net; while Redis is
 * unreachable rows simply stay pending and go out, in order, when it is back.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private connection?: Redis;
  private queues?: Map<SubscriberQueueJob['queue'], Queue>;
  private listener?: pg.Client;
  private running?: Promise<void>;
  private rerun = false;
  private stopped = false;
  /** With PIPELINE_TRACE: when the next pass was asked for. */
  private wokenAt?: number;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly subscribers: SubscriberRegistry,
    private readonly reads: ReadInvalidation,
  ) {
    // Here, not at bootstrap: ORM hooks run one after another, and this one must not wait behind the
    // read cache's (registered at module init), which awaits Redis. A kick before bootstrap does nothing.
    this.orm.em.getEventManager().registerSubscriber(new KickRelayAtCommit(() => this.kick()));
  }

  async onApplicationBootstrap(): Promise<void> {
    // Give up quickly while Redis is away: the outbox, not memory, is the buffer.
    const connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: 1 });
    connection.on('error', () => undefined);
    this.connection = connection;
    this.queues = new Map(
      DOMAIN_EVENT_QUEUES.map(({ name }) => {
        const queue = new Queue(name, queueOptions(connection, this.config.redisPrefix));
        queue.on('error', () => undefined);
        return [name, queue];
      }),
    );
    await this.listen();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.running;
    await this.listener?.end().catch(() => undefined);
    await Promise.all([...(this.queues?.values() ?? [])].map((queue) => queue.close().catch(() => undefined)));
    this.connection?.disconnect();
  }

  @Interval(1000)
  poll(): void {
    this.kick();
  }

  /**
   * Publishes what is pending now; concurrent calls fold into one more pass. Returns at once: a failed
   * pass is logged and the next kick (NOTIFY or the poll) tries again; shutdown awaits the pass running.
   */
  kick(): void {
    if (this.stopped || !this.queues) return;
    if (PIPELINE_TRACE) this.wokenAt ??= traceClock();
    if (this.running) {
      this.rerun = true;
      return;
    }
    // A pass outlives the request whose commit kicked it: it is not that request's work to abandon.
    this.running = outsideRequests(async () => {
      try {
        do {
          this.rerun = false;
          const wokenAt = this.wokenAt ?? traceClock();
          this.wokenAt = undefined;
          await this.publishPending(wokenAt);
        } while (this.rerun && !this.stopped);
      } catch (error) {
        this.logger.warn(`Outbox relay paused: ${(error as Error).message}`);
      } finally {
        this.running = undefined;
      }
    });
  }

  /** Publishes pending rows, batch after batch; `wokenAt` is the kick this pass answers (for PIPELINE_TRACE). */
  private async publishPending(wokenAt: number): Promise<void> {
    const queues = this.queues!;
    let more = true;
    while (more && !this.stopped) {
      let failure: unknown;
      more = await this.orm.em.fork().transactional(async (em: EntityManager) => {
        const [{ locked }] = await em.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?) as locked', [RELAY_LOCK]);
        if (!locked) return false;
        const pending = await em.find(OutboxEvent, { publishedAt: null }, { orderBy: { seq: 'asc' }, limit: BATCH });
        if (!pending.length) return false;
        const pickedAt = traceClock();
        // The whole batch in one addBulk per queue, in write order; when one fails nothing is marked and all is
        // re-sent later (job ids make the part that did arrive a no-op), so no event overtakes an earlier one.
        const jobs = pending.flatMap((row) => this.subscribers.jobsFor(toDomainEvent(row)));
        try {
          // Cached reads these events change are dropped before any subscriber can push them to browsers.
          await withTimeout(this.reads.after(pending.map((row) => row.name)), ADD_TIMEOUT_MS);
          if (PIPELINE_TRACE) for (const job of jobs) Object.assign(job.data, { trace: { wokenAt, pickedAt, enqueuedAt: traceClock() } });
          await withTimeout(
            Promise.all(
              [...queues].map(([name, queue]) => {
                const ofQueue = jobs.filter((job) => job.queue === name).map(({ queue: _queue, ...job }) => job);
                return ofQueue.length ? queue.addBulk(ofQueue) : undefined;
              }),
            ),
            ADD_TIMEOUT_MS,
          );
        } catch (error) {
          failure = error;
          return false;
        }
        await em.nativeUpdate(OutboxEvent, { seq: { $in: pending.map((row) => row.seq) } }, { publishedAt: new Date() });
        return pending.length === BATCH;
      });
      if (failure) throw failure;
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.databaseUrl });
    client.on('notification', () => this.kick());
    client.on('error', (error) => {
      this.logger.warn(`Outbox listener lost its connection (${error.message}); polling until it is back`);
      this.listener = undefined;
      this.relisten();
    });
    try {
      await client.connect();
      await client.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (error) {
      // This client is given up: its late errors must not start a second reconnect loop.
      client.removeAllListeners('error').on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
  }

  /** Listens again in 2 s, and again after each failed attempt; the poll carries the relay meanwhile. */
  private relisten(): void {
    setTimeout(() => {
      if (this.stopped) return;
      this.listen().catch((error: unknown) => {
        this.logger.warn(`Outbox listener could not reconnect (${(error as Error).message}); trying again`);
        this.relisten();
      });
    }, 2000).unref();
  }
}
