import type { Logger } from '@nestjs/common';
import type { LiveIncident } from '../../../contracts/timing.js';
import type { ImportedClassification } from '../../competitions/index.js';
import type { ClientPush } from '../../../infra/realtime/client-push.js';
import { draftClassification } from '../session/draft-classification.js';
import type { TimingSession } from '../session/timing-session.js';
import { INCIDENTS_TTL_MS, MAX_INCIDENTS, TIMING_STATE_TTL_MS, type TimingStore } from '../timing-store.js';
import type { IngestLease } from './ingest-lease.js';
import { storedTiming } from './sessions.js';
import { openLink, type IngestSource, type TimingLink } from './udp-links.js';

/** At most 4 frames a second per race room: what changed in between is coalesced into one delta. */
export const FRAME_EVERY_MS = 250;
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
    if (session.version === this.lastPushedVersion) return this.draftAtFlag();
    const version = session.version;
    const frame = session.frameSince(this.lastPushedVersion);
    if (!(await lease.writeIfHeld(store.stateKey(source.raceId), JSON.stringify(storedTiming(session)), TIMING_STATE_TTL_MS))) return this.loseLease();
    await push.sendVolatile(`live:${source.raceId}`, 'live.frame', frame);
    this.lastPushedVersion = version;
    await this.draftAtFlag();
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
