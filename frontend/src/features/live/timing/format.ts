import type { LiveCar, LiveFlag, LiveSessionKind, LiveTiming } from '@paddock/contracts/timing.js';

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A lap time as drivers read it: `1:40.321`, or `58.004` under a minute. */
export function lapTime(ms: number | null): string {
  if (ms === null) return '—';
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  return minutes > 0 ? `${minutes}:${pad(seconds)}.${pad(millis, 3)}` : `${seconds}.${pad(millis, 3)}`;
}

/** A gap in seconds: `+1.234`, `+1:02.345` past a minute. */
export const timeBehind = (ms: number) => `+${lapTime(ms)}`;

const lapsBehind = (laps: number) => `+${laps} ${laps === 1 ? 'lap' : 'laps'}`;

/** Behind the leader: the leader shows `Leader`, a lapped car the laps it is down. */
export function gapToLeader(car: Pick<LiveCar, 'position' | 'gapMs' | 'lapsDown'>): string {
  if (car.lapsDown > 0) return lapsBehind(car.lapsDown);
  if (car.position === 1) return 'Leader';
  return car.gapMs === null ? '—' : timeBehind(car.gapMs);
}

export const intervalToAhead = (car: Pick<LiveCar, 'intervalMs'>): string => (car.intervalMs === null ? '—' : timeBehind(car.intervalMs));

/** A session clock: `12:34`, or `1:02:03` past an hour. */
export function clock(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

export const FLAG_LABELS: Record<LiveFlag, string> = {
  NONE: 'No flag',
  GREEN: 'Green flag',
  YELLOW: 'Yellow flag',
  RED: 'Red flag',
  CHEQUERED: 'Chequered flag',
};

export const SESSION_LABELS: Record<LiveSessionKind, string> = {
  PRACTICE: 'Practice',
  QUALIFYING: 'Qualifying',
  RACE: 'Race',
  OTHER: 'Session',
};

/** Where the session stands: the time left in a timed one, else the lap the leader is on out of the total. */
export function sessionProgress({ session, cars }: Pick<LiveTiming, 'session' | 'cars'>): string {
  if (session.phase === 'PRE') return 'Starting soon';
  if (session.phase === 'FINISHED') return 'Finished';
  if (session.remainingMs !== null) return `${clock(session.remainingMs)} left`;
  const leaderLaps = cars[0]?.laps ?? 0;
  return session.totalLaps === null ? `Lap ${leaderLaps + 1}` : `Lap ${Math.min(leaderLaps + 1, session.totalLaps)} of ${session.totalLaps}`;
}

/**
 * What the tower's polite live region says: the flag, where the session stands in laps, and the leader. It
 * changes a few times a lap at most, never with every frame, so a screen reader is not flooded.
 */
export function towerSummary(timing: Pick<LiveTiming, 'session' | 'cars'>): string {
  const leader = timing.cars[0];
  const progress = timing.session.remainingMs === null ? sessionProgress(timing) : timing.session.phase === 'RUNNING' ? null : sessionProgress(timing);
  return [FLAG_LABELS[timing.session.flag], progress, leader ? `Leader: ${leader.driverName}` : null].filter((part) => part !== null).join('. ');
}
