/**
 * Rivals servers' rotation math: pure functions of the rotation, the server's anchor and the clock, so the
 * scheduled job, the live schedule and the three-day plan agree (and are tested with a fake clock).
 */
import type { RivalRotation } from '../../contracts/rivals.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** "20:00" → minutes after midnight UTC; null when not HH:MM. */
export function dailyMinutes(dailyAt: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(dailyAt);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The first rotation moment strictly after `after`. `anchor` is when an EVERY_HOURS rotation started counting. */
export function nextBoundary(rotation: RivalRotation, anchor: Date, after: Date): Date {
  if (rotation.kind === 'EVERY_HOURS') {
    const period = Math.max(1, Math.round(rotation.everyHours * HOUR_MS));
    const elapsed = after.getTime() - anchor.getTime();
    const steps = elapsed < 0 ? 0 : Math.floor(elapsed / period) + 1;
    return new Date(anchor.getTime() + steps * period);
  }
  const minutes = dailyMinutes(rotation.dailyAt) ?? 0;
  const midnight = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  let candidate = midnight + minutes * 60_000;
  if (candidate <= after.getTime()) candidate += DAY_MS;
  return new Date(candidate);
}

export interface RotationState {
  currentIndex: number;
  /** When the current track took over. */
  currentSince: Date;
  /** When the next track takes over. */
  nextRotationAt: Date;
}

/**
 * Moves a server on to where it should be at `now`: every boundary passed since `nextRotationAt` is one
 * step (a worker that was down catches up at once). `steps` is 0 when nothing was due.
 */
export function advance(rotation: RivalRotation, anchor: Date, state: RotationState, trackCount: number, now: Date): RotationState & { steps: number } {
  let { currentIndex, currentSince, nextRotationAt } = state;
  let steps = 0;
  while (nextRotationAt.getTime() <= now.getTime() && steps < 10_000) {
    currentSince = nextRotationAt;
    nextRotationAt = nextBoundary(rotation, anchor, nextRotationAt);
    steps++;
  }
  if (trackCount > 0) currentIndex = (currentIndex + steps) % trackCount;
  return { currentIndex, currentSince, nextRotationAt, steps };
}

/** The planned tracks from the current one until `until`: each with the moment it takes over (the current one: since when). */
export function plan(rotation: RivalRotation, anchor: Date, state: RotationState, trackCount: number, until: Date): { index: number; at: Date }[] {
  if (trackCount === 0) return [];
  const planned = [{ index: state.currentIndex, at: state.currentSince }];
  let at = state.nextRotationAt;
  let index = state.currentIndex;
  while (at.getTime() <= until.getTime() && planned.length < 1000) {
    index = (index + 1) % trackCount;
    planned.push({ index, at });
    at = nextBoundary(rotation, anchor, at);
  }
  return planned;
}
