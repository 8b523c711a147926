import type { LiveTiming, TimingGame } from '../../../contracts/timing.js';
import { createTimingSession, restoreTimingSession } from '../session/live-timing-session.js';
import type { TimingSessionState } from '../session/session-state.js';
import type { ResolveDriver, TimingSession } from '../session/timing-session.js';

/**
 * What a race's state key in Redis holds: the timing viewers are shown (read by the API for a viewer
 * joining and for `GET /races/{raceId}/timing`), and the session's state the next holder resumes from.
 */
export interface StoredTiming {
  timing: LiveTiming;
  session: TimingSessionState;
}

export function newSession(raceId: number, game: TimingGame, resolveDriver: ResolveDriver): TimingSession {
  return createTimingSession({ raceId, game, resolveDriver });
}

/** Null when the saved state cannot be resumed (another race or game, or a format of another release). */
export function resumeSession(raceId: number, game: TimingGame, saved: TimingSessionState, resolveDriver: ResolveDriver): TimingSession | null {
  return saved.raceId === raceId && saved.game === game ? restoreTimingSession(saved, resolveDriver) : null;
}

export function storedTiming(session: TimingSession): StoredTiming {
  return { timing: session.snapshot(), session: session.state() };
}
