import type { LiveIncident, LiveTiming, LiveTimingFrame, TimingGame } from '../../../contracts/timing.js';
import type { AccServerMessage } from '../protocols/acc-broadcasting/messages.js';
import type { AcServerMessage } from '../protocols/ac-server-plugin/messages.js';
import type { TimingSessionState } from './session-state.js';

/** A decoded packet of either source, tagged with its game. */
export type TimingMessage = { game: 'ACC'; message: AccServerMessage } | { game: 'AC'; message: AcServerMessage };

/** The league driver (`profileId`) a game's driver is, from the race's entrants; null for a guest. */
export type ResolveDriver = (name: string, platformId: string | null) => number | null;

/**
 * One race's live timing, built from its source's messages: the ingester applies each decoded packet,
 * pushes what changed, keeps `state()` in Redis so another worker can resume it (`restoreTimingSession`),
 * and drafts the results from it at the flag (`draftClassification`).
 *
 * Extended by the session model beyond the first sketch: `state()` and `entryListWanted`.
 */
export interface TimingSession {
  readonly raceId: number;
  readonly game: TimingGame;
  /** Grows with every change. */
  readonly version: number;
  /**
   * ACC only: a car update named a car the entry list did not: the ingester should send `requestEntryList`.
   * Cleared by the next entry list.
   */
  readonly entryListWanted: boolean;
  /**
   * Applies one message received at `receivedAtMs` (epoch ms); answers whether anything shown changed.
   * An incident is not "shown": call `takeIncidents` after every message, whatever this answers.
   */
  apply(message: TimingMessage, receivedAtMs: number): boolean;
  /** The whole state, JSON-safe: for a viewer joining. */
  snapshot(): LiveTiming;
  /** What changed since `version` as a delta, or the snapshot when `version` is too old to build one from. */
  frameSince(version: number): LiveTimingFrame;
  /** Incidents reported since the last call. */
  takeIncidents(): LiveIncident[];
  /** Everything the session knows, JSON-safe (a copy): kept in Redis, restored by `restoreTimingSession`. */
  state(): TimingSessionState;
}
