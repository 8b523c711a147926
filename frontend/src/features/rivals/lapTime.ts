/**
 * Lap times as drivers type and read them: `m:ss.SSS` (e.g. `1:47.123`), stored in milliseconds.
 * One place for the format, used by the submission form, the boards and the rivals list.
 */

export type LapTimeParse = { ok: true; ms: number } | { ok: false; message: string };

const LAP_TIME = /^(\d{1,2}):([0-5]\d)\.(\d{3})$/;
/** Laps shorter than 10 s or of an hour and more are typing mistakes, not laps. */
export const MIN_LAP_MS = 10_000;
export const MAX_LAP_MS = 3_600_000 - 1;

/** Reads a typed lap time; the message says what is wrong, to show beside the field. */
export function parseLapTime(text: string): LapTimeParse {
  const value = text.trim();
  if (!value) return { ok: false, message: 'Enter your lap time' };
  const match = LAP_TIME.exec(value);
  if (!match) return { ok: false, message: 'Use minutes:seconds.milliseconds, e.g. 1:47.123' };
  const ms = Number(match[1]) * 60_000 + Number(match[2]) * 1000 + Number(match[3]);
  if (ms < MIN_LAP_MS) return { ok: false, message: 'A lap takes at least 10 seconds' };
  return { ok: true, ms };
}

/** `107123` → `1:47.123`. */
export function formatLapTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const minutes = Math.floor(whole / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  const millis = whole % 1000;
  return `${minutes}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
}

/** A gap to another time: `+0.412`, `+1:02.004`, `-0.200`; zero is `—` (the leader itself). */
export function formatGap(ms: number): string {
  if (ms === 0) return '—';
  const sign = ms > 0 ? '+' : '-';
  const size = Math.abs(Math.round(ms));
  if (size < 60_000) return `${sign}${Math.floor(size / 1000)}.${String(size % 1000).padStart(3, '0')}`;
  return `${sign}${formatLapTime(size)}`;
}
