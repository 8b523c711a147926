import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig } from '../../../config/environment.js';
import { LiveDraftsService, StandingsService } from '../../competitions/index.js';
import { ClientPush } from '../../../infra/realtime/client-push.js';
import { REDIS } from '../../../infra/redis/redis.module.js';
import { TimingSource } from '../timing.entities.js';
import { TimingStore } from '../timing-store.js';
import { IngestLease, LEASE_TRY_EVERY_MS } from './ingest-lease.js';
import type { ResolveDriver } from '../session/timing-session.js';
import { raceDriverResolver } from './race-drivers.js';
import { RaceIngester } from './race-ingester.js';
import { newSession, resumeSession } from './sessions.js';
import type { IngestSource } from './udp-links.js';

/** Every source is read from the database this often besides the change notices (a notice lost while Redis was away). */
const RELOAD_EVERY_MS = 15_000;
/** A source that could not be opened (a host that does not resolve, a port in use) is tried again after this. */
const RETRY_FAILED_AFTER_MS = 10_000;

/**
 * The worker's side of live timing: knows every race's source (from the database, and at once when an
 * organizer changes one: TimingSourceChanged → the sources channel), and ingests those whose lease it
 * holds. Every second it renews its leases and tries to take the free ones, so exactly one worker
 * ingests each source and another takes over within LEASE_TTL_MS + LEASE_TRY_EVERY_MS of a death.
 */
@Injectable()
export class TimingIngestService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TimingIngest');
  /** This process' name on the leases it holds. */
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly sources = new Map<number, IngestSource>();
  private readonly running = new Map<number, RaceIngester>();
  /** Races being started or stopped: the tick leaves them alone meanwhile. */
  private readonly busy = new Set<number>();
  /** When a race's source last failed to open here. */
  private readonly failedAt = new Map<number, number>();
  private subscriber: Redis | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private reloader: NodeJS.Timeout | null = null;
  private ticking = false;
  private shuttingDown = false;
  /** Reloads, ticks and stops under way: shutdown waits for them, so none starts a query on a database being closed. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly orm: MikroORM,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: TimingStore,
    private readonly push: ClientPush,
    private readonly drafts: LiveDraftsService,
    private readonly standings: StandingsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const subscriber = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, raceId: string) => this.inBackground(() => this.reload(Number(raceId))));
    this.subscriber = subscriber;
    await subscriber.subscribe(this.store.sourcesChannel).catch((error: Error) => this.logger.warn(`Source notices unavailable: ${error.message}`));
    await this.reloadAll().catch((error: Error) => this.logger.warn(`Timing sources not read: ${error.message}`));
    this.ticker = setInterval(() => this.inBackground(() => this.tick()), LEASE_TRY_EVERY_MS);
    this.reloader = setInterval(() => this.inBackground(() => this.reloadAll()), RELOAD_EVERY_MS);
    this.inBackground(() => this.tick());
  }

  /**
   * Stops taking notices and starting work, waits for the work under way, then stops every race it
   * ingests (saving what is left). The database closes after this: a query started meanwhile could take
   * a connection the closing pool then waited for without end (a worker told to stop that never exited).
   */
  async onApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    if (this.ticker) clearInterval(this.ticker);
    if (this.reloader) clearInterval(this.reloader);
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
    await Promise.allSettled(this.inFlight);
    await Promise.allSettled([...this.running.keys()].map((raceId) => this.stopRace(raceId, true)));
  }

  /** Runs work a timer or a notice started, unless shutting down. */
  private inBackground(work: () => Promise<unknown>): void {
    if (!this.shuttingDown) this.track(work());
  }

  /** Work nothing awaits: its failure is logged, and shutdown waits for it. */
  private track(work: Promise<unknown>): void {
    const running = work.catch((error: Error) => this.logger.warn(`Timing: ${error.message}`)).finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** The races this worker ingests now (for tests and the logs). */
  ingesting(): number[] {
    return [...this.running.keys()];
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.shuttingDown) return;
    this.ticking = true;
    try {
      for (const [raceId, ingester] of this.running) {
        if (this.busy.has(raceId)) continue;
        const held = await this.lease(raceId)
          .renew()
          .catch(() => true);
        if (!held) await this.stopRace(raceId, false);
        else if (!this.sources.has(raceId) || this.sources.get(raceId)?.updatedAt !== ingester.source.updatedAt) await this.stopRace(raceId, true);
      }
      for (const source of this.sources.values()) {
        if (this.running.has(source.raceId) || this.busy.has(source.raceId)) continue;
        if (Date.now() - (this.failedAt.get(source.raceId) ?? 0) < RETRY_FAILED_AFTER_MS) continue;
        if (await this.lease(source.raceId).acquire()) await this.startRace(source);
      }
    } catch (error) {
      this.logger.warn(`Timing leases not renewed: ${(error as Error).message}`);
    } finally {
      this.ticking = false;
    }
  }

  private async startRace(source: IngestSource): Promise<void> {
    this.busy.add(source.raceId);
    const lease = this.lease(source.raceId);
    try {
      const stored = await this.store.stored(source.raceId);
      const resolveDriver = await raceDriverResolver(this.orm.em.fork(), source.raceId).catch((error: Error): ResolveDriver => {
        this.logger.warn(`Race ${source.raceId}: entrants not read, every driver shown as a guest: ${error.message}`);
        return () => null;
      });
      const session = (stored && resumeSession(source.raceId, source.game, stored.session, resolveDriver)) ?? newSession(source.raceId, source.game, resolveDriver);
      const ingester = new RaceIngester({
        source,
        session,
        lease,
        store: this.store,
        push: this.push,
        logger: this.logger,
        lost: () => this.track(this.stopRace(source.raceId, false)),
        storeDraft: (raceId, classification) => this.drafts.store(raceId, classification),
        project: (raceId, lines) => this.standings.projectRace(raceId, lines),
      });
      await ingester.start();
      this.running.set(source.raceId, ingester);
      this.failedAt.delete(source.raceId);
      this.logger.log(`Ingesting race ${source.raceId} (${source.game} ${source.host}:${source.port}) from version ${session.version}`);
    } catch (error) {
      this.logger.warn(`Race ${source.raceId}: timing source not opened: ${(error as Error).message}`);
      this.failedAt.set(source.raceId, Date.now());
      await lease.release().catch(() => undefined);
    } finally {
      this.busy.delete(source.raceId);
    }
  }

  /** `graceful`: save what is left and free the lease for the next holder; else the lease is another's already. */
  private async stopRace(raceId: number, graceful: boolean): Promise<void> {
    const ingester = this.running.get(raceId);
    if (!ingester || this.busy.has(raceId)) return;
    this.busy.add(raceId);
    try {
      await ingester.stop(graceful).catch((error: Error) => this.logger.warn(`Race ${raceId}: last frame not saved: ${error.message}`));
      if (graceful) await this.lease(raceId).release();
    } finally {
      this.running.delete(raceId);
      this.busy.delete(raceId);
    }
  }

  private lease(raceId: number): IngestLease {
    return new IngestLease(this.redis, this.store.leaseKey(raceId), this.holder);
  }

  private async reloadAll(): Promise<void> {
    const rows = await this.orm.em.fork().find(TimingSource, {});
    this.sources.clear();
    for (const row of rows) this.sources.set(row.race.id, toIngestSource(row));
  }

  /** A notice: the race's source was saved or removed. The next tick starts, restarts or stops it. */
  private async reload(raceId: number): Promise<void> {
    if (!Number.isInteger(raceId) || raceId < 1) return;
    const row = await this.orm.em
      .fork()
      .findOne(TimingSource, { race: raceId })
      .catch(() => undefined);
    if (row === undefined) return;
    this.failedAt.delete(raceId);
    if (row) this.sources.set(raceId, toIngestSource(row));
    else this.sources.delete(raceId);
    await this.tick();
  }
}

function toIngestSource(row: TimingSource): IngestSource {
  return {
    raceId: row.race.id,
    game: row.game,
    host: row.host,
    port: row.port,
    localPort: row.localPort,
    password: row.password,
    commandPassword: row.commandPassword,
    updatedAt: row.updatedAt.getTime(),
  };
}
