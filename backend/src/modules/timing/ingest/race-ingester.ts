import type { Logger } from '@nestjs/common';
import type { LiveIncident } from '../../../contracts/timing.js';
import type { ImportedClassification, RaceProjection, ScoredLine } from '../../competitions/index.js';
import type { ClientPush } from '../../../infra/realtime/client-push.js';
import { draftClassification } from '../session/draft-classification.js';
import { projectedClassification } from '../session/projected-classification.js';
import type { TimingSession } from '../session/timing-session.js';
import { INCIDENTS_TTL_MS, MAX_INCIDENTS, TIMING_STATE_TTL_MS, type TimingStore } from '../timing-store.js';
import type { IngestLease } from './ingest-lease.js';
import { storedTiming } from './sessions.js';
import { openLink, type IngestSource, type TimingLink } from './udp-links.js';

/** At most 4 frames a second per race room: what changed in between is coalesced into one delta. */
export const FRAME_EVERY_MS = 250;
/** The standings "if the race ended now" are projected at most this often, and only when the classification changed. */
export const PROJECT_EVERY_MS = 1_000;
/** The link's counts are logged this often while packets are dropped. */
const REPORT_EVERY_MS = 60_000;

export interface RaceIngesterDeps {
  source: IngestSource;
  session: TimingSession;
  lease: IngestLease;
  store: TimingStore;
  push: ClientPush;
  logger: Logger;
  /** Called once when the ingester finds it lost its lease (another worker has the race now). */
  lost: () => void;
  /** Keeps the race's results draft at the flag; storing it again (after a takeover) changes nothing. */
  storeDraft: (raceId: number, classification: ImportedClassification) => Promise<unknown>;
  /** The season's standings were the race to end with these lines (competitions' one points rule). */
  project: (raceId: number, lines: ScoredLine[]) => Promise<RaceProjection>;
}

/**
 * One race's ingester, run by the worker holding its lease: reads the source over UDP, applies each
 * decoded packet to the session, and every FRAME_EVERY_MS saves the session to Redis and then pushes
 * what changed to `live:<raceId>`. Saving before pushing keeps the saved version at least the last
 * one pushed, so a successor resumes above anything a viewer has.
 */
export class RaceIngester {
  private readonly link: TimingLink;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private lastPushedVersion: number;
  private pendingIncidents: LiveIncident[] = [];
  private rejected = 0;
  private reportedAt = Date.now();
  private stopped = false;
  /** The race session's draft at the flag was handed over (the store keeps only the first per race). */
  private drafted = false;
  /** The classification last projected (its JSON), when, and the projection on its way. */
  private projectedKey: string | null = null;
  private projectedAt = 0;
  private projecting: Promise<void> | null = null;

  constructor(private readonly deps: RaceIngesterDeps) {
    this.lastPushedVersion = deps.session.version;
    this.link = openLink(deps.source, (message, receivedAtMs) => this.apply(message, receivedAtMs));
  }

  get raceId(): number {
    return this.deps.source.raceId;
  }

  get source(): IngestSource {
    return this.deps.source;
  }

  async start(): Promise<void> {
    await this.link.start();
    this.timer = setInterval(() => void this.flush(), FRAME_EVERY_MS);
  }

  /** Stops reading; `final` saves and pushes what is left first (a graceful stop, not a lost lease). */
  async stop(final: boolean): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.link.close();
    await this.flushing;
    if (final) await this.flushNow();
    await this.projecting;
  }

  private apply(message: Parameters<TimingSession['apply']>[0], receivedAtMs: number): void {
    try {
      this.deps.session.apply(message, receivedAtMs);
      this.pendingIncidents.push(...this.deps.session.takeIncidents());
    } catch (error) {
      // A message the session cannot make sense of is dropped like a malformed packet.
      this.rejected += 1;
      if (this.rejected === 1) this.deps.logger.warn(`Race ${this.raceId}: a ${message.message.kind} message was rejected: ${(error as Error).message}`);
    }
  }

  private flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow()).catch((error: Error) => this.deps.logger.warn(`Race ${this.raceId}: push failed: ${error.message}`));
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const { session, lease, store, push, source } = this.deps;
    this.report();
    const incidents = this.pendingIncidents;
    if (incidents.length > 0) {
      const kept = await lease.appendIfHeld(
        store.incidentsKey(source.raceId),
        incidents.map((incident) => JSON.stringify(incident)),
        INCIDENTS_TTL_MS,
        MAX_INCIDENTS,
      );
      if (!kept) return this.loseLease();
      this.pendingIncidents = this.pendingIncidents.slice(incidents.length);
      for (const incident of incidents) await push.send('flag:isSteward', 'live.incident', incident);
    }
    this.projectStandings();
    if (session.version === this.lastPushedVersion) return this.draftAtFlag();
    const version = session.version;
    const frame = session.frameSince(this.lastPushedVersion);
    if (!(await lease.writeIfHeld(store.stateKey(source.raceId), JSON.stringify(storedTiming(session)), TIMING_STATE_TTL_MS))) return this.loseLease();
    await push.sendVolatile(`live:${source.raceId}`, 'live.frame', frame);
    this.lastPushedVersion = version;
    await this.draftAtFlag();
  }

  /**
   * Projects the standings when the classification changed (order, laps, retirements, the fastest lap)
   * and PROJECT_EVERY_MS passed since the last: saved for sockets joining later, then sent to the room.
   * Off the frames' path: a slow database delays the standings, never the tower. A failure is tried
   * again on a later flush.
   */
  private projectStandings(): void {
    const { session, source, lease, store, push, project, logger } = this.deps;
    if (this.projecting || this.stopped || Date.now() - this.projectedAt < PROJECT_EVERY_MS) return;
    const lines = projectedClassification(session);
    const key = lines && JSON.stringify(lines);
    if (!lines || key === this.projectedKey) return;
    this.projectedAt = Date.now();
    const version = session.version;
    this.projecting = (async () => {
      const message = { raceId: source.raceId, version, ...(await project(source.raceId, lines)) };
      if (!(await lease.writeIfHeld(store.standingsKey(source.raceId), JSON.stringify(message), TIMING_STATE_TTL_MS))) return this.loseLease();
      await push.send(`live:${source.raceId}`, 'live.standings', message);
      this.projectedKey = key;
    })()
      .catch((error: Error) => logger.warn(`Race ${this.raceId}: standings not projected: ${error.message}`))
      .finally(() => (this.projecting = null));
  }

  /** Once the race session is FINISHED, its classification becomes the race's live results draft (stored once per race). */
  private async draftAtFlag(): Promise<void> {
    const { session, source, storeDraft } = this.deps;
    const { kind, phase } = session.state().session;
    if (this.drafted || kind !== 'RACE' || phase !== 'FINISHED') return;
    const classification = draftClassification(session);
    this.drafted = true;
    if (!classification) return;
    try {
      await storeDraft(source.raceId, classification);
    } catch (error) {
      this.drafted = false;
      this.deps.logger.warn(`Race ${this.raceId}: results draft not stored: ${(error as Error).message}`);
    }
  }

  private loseLease(): void {
    if (this.stopped) return;
    this.deps.logger.warn(`Race ${this.raceId}: lost its ingest lease to another worker`);
    this.deps.lost();
  }

  private report(): void {
    const { foreign, malformed } = this.link.counts;
    if (Date.now() - this.reportedAt < REPORT_EVERY_MS || foreign + malformed + this.rejected === 0) return;
    this.reportedAt = Date.now();
    this.deps.logger.warn(`Race ${this.raceId}: ${malformed} malformed packets dropped, ${foreign} from other addresses ignored, ${this.rejected} messages rejected so far`);
  }
}
