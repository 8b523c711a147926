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
/**
 * A frame waits this long after the first packet that changed something, so that the rest of the source's
 * burst (ACC sends the session and then every car at each update) goes out in the same frame.
 */
export const SETTLE_MS = 15;
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
 * decoded packet to the session, and pushes what changed to `live:<raceId>` after saving the session to
 * Redis. Saving before pushing keeps the saved version at least the last one pushed, so a successor
 * resumes above anything a viewer has.
 *
 * A frame follows the packets: SETTLE_MS after the first change since the last frame, or FRAME_EVERY_MS
 * after the last frame was built if that is later. So a source updating every 250 ms (as asked) is
 * shown about SETTLE_MS after each update, not up to 250 ms later as a fixed clock out of step with
 * it would; and at most one flush is pending, so a slow Redis makes frames rarer, never a backlog.
 */
export class RaceIngester {
  private readonly link: TimingLink;
  /** Runs the flush that reports, retries the draft and pushes incidents while no packet comes. */
  private housekeeping: NodeJS.Timeout | null = null;
  /** The next flush, when one is due. */
  private next: NodeJS.Timeout | null = null;
  /** When the last frame was built (ms, this process's clock). */
  private framedAt = -Infinity;
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
    // While packets come, their flushes do this; a flush with nothing new only reports and retries the draft.
    this.housekeeping = setInterval(() => {
      if (!this.next) void this.flush();
    }, FRAME_EVERY_MS);
  }

  /** Stops reading; `final` saves and pushes what is left first (a graceful stop, not a lost lease). */
  async stop(final: boolean): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.housekeeping) clearInterval(this.housekeeping);
    if (this.next) clearTimeout(this.next);
    this.link.close();
    await this.flushing;
    if (final) await this.flushNow();
    await this.projecting;
  }

  private apply(message: Parameters<TimingSession['apply']>[0], receivedAtMs: number): void {
    try {
      this.deps.session.apply(message, receivedAtMs);
      this.pendingIncidents.push(...this.deps.session.takeIncidents());
      if (this.deps.session.version !== this.lastPushedVersion || this.pendingIncidents.length > 0) this.schedule();
    } catch (error) {
      // A message the session cannot make sense of is dropped like a malformed packet.
      this.rejected += 1;
      if (this.rejected === 1) this.deps.logger.warn(`Race ${this.raceId}: a ${message.message.kind} message was rejected: ${(error as Error).message}`);
    }
  }

  /** Arms the next flush unless one is armed already (see the class's note for when it fires). */
  private schedule(): void {
    if (this.stopped || this.next) return;
    const wait = Math.max(SETTLE_MS, this.framedAt + FRAME_EVERY_MS - performance.now());
    this.next = setTimeout(() => {
      this.next = null;
      void this.flush();
    }, wait);
  }

  private flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.flushNow())
      .catch((error: Error) => this.deps.logger.warn(`Race ${this.raceId}: push failed: ${error.message}`))
      // What came in while this frame was saved and pushed goes in the next one.
      .then(() => {
        if (this.deps.session.version !== this.lastPushedVersion) this.schedule();
      });
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const { session, lease, store, push, source } = this.deps;
    this.report();
    const incidents = this.pendingIncidents;
    // Counted from the start of a flush with something to send: a failing Redis is retried at the frame rate, not faster.
    if (incidents.length > 0 || session.version !== this.lastPushedVersion) this.framedAt = performance.now();
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
