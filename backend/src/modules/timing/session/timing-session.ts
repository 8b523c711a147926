import type { LiveIncident, LiveTiming, LiveTimingFrame, TimingGame } from '../../../contracts/timing.js';
import type { AccServerMessage } from '../protocols/acc-broadcasting/messages.js';
import type { AcServerMessage } from '../protocols/ac-server-plugin/messages.js';

/** A decoded packet of either source, tagged with its game. */
export type TimingMessage = { game: 'ACC'; message: AccServerMessage } | { game: 'AC'; message: AcServerMessage };

/**
 * One race's live timing, built from its source's messages: the ingester applies each decoded packet,
 * pushes what changed, keeps `snapshot()` in Redis so another worker can resume it, and drafts the
 * results from it at the flag.
 */
export interface TimingSession {
  readonly raceId: number;
  readonly game: TimingGame;
  /** Grows with every change. */
  readonly version: number;
  /** Applies one message received at `receivedAtMs` (epoch ms); answers whether anything shown changed. */
  apply(message: TimingMessage, receivedAtMs: number): boolean;
  /** The whole state, JSON-safe: for a viewer joining and for the snapshot kept in Redis. */
  snapshot(): LiveTiming;
  /** What changed since `version` as a delta, or the snapshot when `version` is too old to build one from. */
  frameSince(version: number): LiveTimingFrame;
  /** Incidents reported since the last call. */
  takeIncidents(): LiveIncident[];
}
