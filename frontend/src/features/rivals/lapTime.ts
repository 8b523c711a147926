/**
 * Lap times as drivers type them: `m:ss.SSS` (e.g. `1:47.123`), read into milliseconds to check the
 * field before sending. Shown times come from the contract (`lapTimeText`, `gapText`) or the API.
 */

export type LapTimeParse = { ok: true; ms: number } | { ok: false; message: string };

const LAP_TIME = /^(\d{1,2}):([0-5]\d)\.(\d{3})$/;
/** Laps shorter than 10 s are typing mistakes, not laps. */
export const MIN_LAP_MS = 10_000;

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
