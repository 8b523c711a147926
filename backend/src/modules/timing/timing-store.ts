import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { LiveIncident, LiveStandingsMessage, LiveTiming } from '../../contracts/timing.js';
import { REDIS } from '../../infra/redis/redis.module.js';
import type { StoredTiming } from './ingest/sessions.js';

/** How long a race's timing stays readable after its last change (the night after the race). */
export const TIMING_STATE_TTL_MS = 24 * 3_600_000;
/** How long a race's incidents stay listed for the stewards after the last one. */
export const INCIDENTS_TTL_MS = 14 * 24 * 3_600_000;
/** At most this many incidents are kept per race (a wild first lap stays listed; a broken source cannot fill Redis). */
export const MAX_INCIDENTS = 2_000;

/**
 * Where a race's live state lives: in Redis, under the deployment's prefix. The ingesting worker writes
 * it (only while it holds the race's lease, see IngestLease), API instances read it for a viewer joining
 * and for `GET /races/{raceId}/timing`, and the next holder resumes from it.
 */
@Injectable()
export class TimingStore {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redisPrefix}:timing`;
  }

  /** The channel workers hear source changes on (TimingSourceChanged: the race id). */
  get sourcesChannel(): string {
    return `${this.prefix}:sources`;
  }

  leaseKey(raceId: number): string {
    return `${this.prefix}:${raceId}:lease`;
  }

  stateKey(raceId: number): string {
    return `${this.prefix}:${raceId}:state`;
  }

  incidentsKey(raceId: number): string {
    return `${this.prefix}:${raceId}:incidents`;
  }

  /** The race's latest standings projection (`live.standings`). */
  standingsKey(raceId: number): string {
    return `${this.prefix}:${raceId}:standings`;
  }

  async timing(raceId: number): Promise<LiveTiming | null> {
    return (await this.stored(raceId))?.timing ?? null;
  }

  /** What the race's last holder saved: the timing shown and the session to resume. */
  async stored(raceId: number): Promise<StoredTiming | null> {
    const stored = await this.redis.get(this.stateKey(raceId));
    return stored === null ? null : (JSON.parse(stored) as StoredTiming);
  }

  async standings(raceId: number): Promise<LiveStandingsMessage | null> {
    const stored = await this.redis.get(this.standingsKey(raceId));
    return stored === null ? null : (JSON.parse(stored) as LiveStandingsMessage);
  }

  async incidents(raceId: number): Promise<LiveIncident[]> {
    const stored = await this.redis.lrange(this.incidentsKey(raceId), 0, -1);
    return stored.map((incident) => JSON.parse(incident) as LiveIncident);
  }

  async forget(raceId: number): Promise<void> {
    await this.redis.del(this.stateKey(raceId), this.incidentsKey(raceId), this.standingsKey(raceId));
  }

  async announceSourceChange(raceId: number): Promise<void> {
    await this.redis.publish(this.sourcesChannel, String(raceId));
  }
}
