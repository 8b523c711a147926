/**
 * The lap time field: drivers type `m:ss.SSS` (e.g. `1:47.123`). The value itself is read by the
 * contract's `parseLapTime` (the API's own rule); this adds the form's stricter shape and its messages.
 */
import { parseLapTime as lapTimeMs } from '@paddock/contracts/rivals.js';

export type LapTimeParse = { ok: true; ms: number } | { ok: false; message: string };

const FIELD_SHAPE = /^\d{1,2}:[0-5]\d\.\d{3}$/;
/** Laps shorter than 10 s are typing mistakes, not laps. */
export const MIN_LAP_MS = 10_000;

/** Reads a typed lap time; the message says what is wrong, to show beside the field. */
export function parseLapTime(text: string): LapTimeParse {
  const value = text.trim();
  if (!value) return { ok: false, message: 'Enter your lap time' };
  const ms = FIELD_SHAPE.test(value) ? lapTimeMs(value) : null;
  if (ms === null) return { ok: false, message: 'Use minutes:seconds.milliseconds, e.g. 1:47.123' };
  if (ms < MIN_LAP_MS) return { ok: false, message: 'A lap takes at least 10 seconds' };
  return { ok: true, ms };
}
