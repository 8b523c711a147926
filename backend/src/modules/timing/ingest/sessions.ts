import type { LiveTiming, TimingGame } from '../../../contracts/timing.js';
import type { TimingSession } from '../session/timing-session.js';
import { createInterimSession, restoreInterimSession } from './interim-session.js';
import type { DriverResolver } from './race-drivers.js';

/**
 * The one seam between the ingester and the session model: how a session is made, saved and resumed.
 * What a race's state key in Redis holds: the timing viewers are shown, and what the next holder resumes from.
 */
export interface StoredTiming {
  timing: LiveTiming;
  session: SavedSession;
}

export type SavedSession = LiveTiming;

export function newSession(raceId: number, game: TimingGame, resolveDriver: DriverResolver): TimingSession {
  return createInterimSession(raceId, game, resolveDriver);
}

/** Null when the saved state cannot be resumed (another game, or a shape of another release). */
export function resumeSession(raceId: number, game: TimingGame, saved: SavedSession, resolveDriver: DriverResolver): TimingSession | null {
  return saved.raceId === raceId && saved.game === game ? restoreInterimSession(saved, resolveDriver) : null;
}

export function storedTiming(session: TimingSession): StoredTiming {
  const timing = session.snapshot();
  return { timing, session: timing };
}
