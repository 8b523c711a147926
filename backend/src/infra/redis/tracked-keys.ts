import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { BOUNDED_REDIS, boundedRedis } from './redis-options.js';

/** Where Redis sends invalidations to a RESP2 connection (as messages on this channel). */
const INVALIDATIONS = '__redis__:invalidate';

/**
 * Values read from Redis that the process keeps while Redis tells it when their keys change: Redis'
 * client-side caching in broadcast mode (`CLIENT TRACKING ON BCAST PREFIX …`), for every key under
 * `prefixes`, written by any client, expired or evicted. The invalidations go to a second connection,
 * subscribed to `__redis__:invalidate` over RESP2 (REDIRECT), so two connections of their own.
 *
 * A value is kept only when no invalidation arrived between the moment its read was sent (`mark`) and
 * its answer (`keep`): an answer and the invalidation of a later write come over two connections, in
 * either order. While either connection is down (or tracking is being set up again) nothing is kept
 * and nothing is served: a change made meanwhile would never be told. Nor while the invalidations have
 * not been heard of lately: the subscriber connection is pinged all along, and values are served only
 * while a ping sent in the last `commandTimeout` (500 ms) was answered — its answer comes after every
 * invalidation Redis sent before it, so a connection that silently stopped delivering (a stalled Redis,
 * a cut network) is no longer trusted within the time any command sent to it would have failed. Every
 * value also has a time of its own after which it is read again.
 *
 * Invalidations are read like any other answer, so `get` is current up to the messages the process has
 * read: a request answered from here should be answered after the turn of the event loop that read it
 * (see `afterPendingReads`), so that every change Redis told before the request arrived has been seen.
 */
export class TrackedKeys<V> {
  private readonly logger = new Logger(TrackedKeys.name);
  private readonly values = new Map<string, { value: V; until: number }>();
  private readonly subscriber: Redis;
  private readonly tracker: Redis;
  /** Counts invalidations, losses and starts of tracking: a read's mark is the count when it was sent. */
  private epoch = 0;
  /** A read marked before this may be stale whatever its key (tracking was lost or restarted, or Redis said "every key"). */
  private floor = 0;
  /** When each key was last invalidated (the count then), so reads of other keys are kept meanwhile; cleared by raising the floor. */
  private readonly invalidatedAt = new Map<string, number>();
  private live = false;
  /** The subscriber connection's client id once it listens for invalidations (a new connection has a new id). */
  private listeningAs: number | undefined;
  private setups = 0;
  /** When the last answered ping was sent: every invalidation Redis sent before then has been read. */
  private heardUpTo = 0;
  private readonly heartbeat: NodeJS.Timeout;
  /** The count when invalidations were last settled (`settle`). */
  private settledAt = 0;
  private readonly settling: NodeJS.Timeout;

  /** `name` names the two connections in Redis' client list (`<name>:invalidations`, `<name>:tracking`). */
  constructor(
    url: string,
    name: string,
    private readonly prefixes: string[],
    private readonly maxValues: number,
  ) {
    // RESP2: ioredis (6, RESP3 by default) drops RESP3 `invalidate` pushes, and reads the RESP2 messages.
    this.subscriber = boundedRedis(url, { ...BOUNDED_REDIS, protocol: 2, autoResubscribe: false, connectionName: `${name}:invalidations` });
    this.tracker = boundedRedis(url, { ...BOUNDED_REDIS, connectionName: `${name}:tracking` });
    let reported = false;
    for (const connection of [this.subscriber, this.tracker]) {
      connection.on('error', (error: Error) => {
        if (!reported) this.logger.warn(`Key tracking connection problem: ${error.message} (reconnecting; values are read from Redis meanwhile)`);
        reported = true;
      });
      connection.on('close', () => this.lose());
      connection.on('ready', () => {
        reported = false;
        // ioredis hears of a closed connection in the event loop's close phase, after the requests read in
        // the same turn were answered (`afterPendingReads`): the socket's end is read with them.
        connection.stream.once('end', () => this.lose());
        void this.track();
      });
    }
    this.subscriber.on('close', () => (this.listeningAs = undefined));
    this.subscriber.on('messageBuffer', (channel: Buffer, keys: Buffer[] | null) => {
      if (channel.toString() === INVALIDATIONS) this.invalidate(keys);
    });
    this.heartbeat = setInterval(() => void this.ping(), HEARTBEAT_MS).unref();
    this.settling = setInterval(() => this.settle(), SETTLE_EVERY_MS).unref();
  }

  /** Whether values are kept now. */
  get tracking(): boolean {
    return this.live;
  }

  /** To take before sending a read whose answer may be kept (`keep`). */
  mark(): number {
    return this.live ? this.epoch : -1;
  }

  /** Keeps `value` for `key` until `until` (ms since the epoch), if nothing changed since `mark` was taken. */
  keep(key: string, value: V, mark: number, until: number): void {
    if (!this.live || mark < this.floor || (this.invalidatedAt.get(key) ?? -1) > mark) return;
    if (this.values.size >= this.maxValues && !this.values.has(key)) this.values.clear();
    this.values.set(key, { value, until });
  }

  get(key: string): V | undefined {
    if (!this.live || Date.now() - this.heardUpTo > HEARD_WITHIN_MS) return undefined;
    const kept = this.values.get(key);
    if (kept === undefined) return undefined;
    if (kept.until > Date.now()) return kept.value;
    this.values.delete(key);
    return undefined;
  }

  /** Keys the process itself just changed: forgotten at once, as Redis' message about them will say. */
  changed(keys: Iterable<string>): void {
    this.epoch += 1;
    for (const key of keys) this.forget(key);
  }

  close(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.settling);
    this.lose();
    this.subscriber.disconnect();
    this.tracker.disconnect();
  }

  /** Tracking (re)started: both connections ready, the subscriber listening, the tracker's invalidations sent to it. */
  private async track(): Promise<void> {
    const setup = ++this.setups;
    this.lose();
    if (this.subscriber.status !== 'ready' || this.tracker.status !== 'ready') return;
    try {
      if (this.listeningAs === undefined) {
        const id = Number(await this.subscriber.call('CLIENT', 'ID'));
        await this.subscriber.subscribe(INVALIDATIONS);
        this.listeningAs = id;
      }
      // Off first: a tracker that still sends to a subscriber connection that was replaced cannot be re-pointed.
      await this.tracker.call('CLIENT', 'TRACKING', 'OFF');
      await this.tracker.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', String(this.listeningAs), 'BCAST', ...this.prefixes.flatMap((prefix) => ['PREFIX', prefix]));
    } catch (error) {
      this.logger.warn(`Key tracking could not start: ${(error as Error).message} (values are read from Redis)`);
      return;
    }
    if (setup !== this.setups || this.subscriber.status !== 'ready' || this.tracker.status !== 'ready') return;
    this.forgetAll();
    this.heardUpTo = Date.now();
    this.live = true;
  }

  private async ping(): Promise<void> {
    if (!this.live) return;
    const sentAt = Date.now();
    try {
      await this.subscriber.ping();
      this.heardUpTo = Math.max(this.heardUpTo, sentAt);
    } catch {
      // Unanswered: the values stop being served once the last answer is too old.
    }
  }

  /** Keys Redis says changed; none (a flush, or tracking redirected elsewhere) means every key. */
  private invalidate(keys: Buffer[] | null): void {
    this.epoch += 1;
    if (!Array.isArray(keys)) return this.forgetAll();
    for (const key of keys) this.forget(key.toString());
  }

  /**
   * Reads marked before the last settling are no longer kept (none takes that long: a command times
   * out sooner), so the invalidations before it need not be remembered: a deployment's steady stream of
   * session writes would otherwise fill the record and make the process forget every value it keeps.
   */
  private settle(): void {
    this.floor = Math.max(this.floor, this.settledAt);
    for (const [key, at] of this.invalidatedAt) if (at <= this.floor) this.invalidatedAt.delete(key);
    this.settledAt = this.epoch;
  }

  private forget(key: string): void {
    if (this.invalidatedAt.size >= MAX_INVALIDATIONS_REMEMBERED) return this.forgetAll();
    this.values.delete(key);
    this.invalidatedAt.set(key, this.epoch);
  }

  private lose(): void {
    this.live = false;
    this.forgetAll();
  }

  private forgetAll(): void {
    this.epoch += 1;
    this.floor = this.epoch;
    this.invalidatedAt.clear();
    this.values.clear();
  }
}

/** How often the invalidations connection is pinged, and how recent its last answered ping must be for the values to be served. */
const HEARTBEAT_MS = 100;
const HEARD_WITHIN_MS = BOUNDED_REDIS.commandTimeout!;

/** Keys whose last invalidation is remembered at most (then every read in flight is let go instead). */
const MAX_INVALIDATIONS_REMEMBERED = 10_000;
/** How often the invalidations record is settled: a read is kept only if answered within one to two of these. */
const SETTLE_EVERY_MS = 1000;

/** Resolves after the current turn's I/O has been read (`setImmediate` runs after it): invalidations that arrived with a request are seen first. */
export const afterPendingReads = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
