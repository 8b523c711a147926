/**
 * Race and lap times as organizers type them and read them: `m:ss.SSS` (a lap, "1:42.517"), with
 * hours for a long race ("1:02:03.456"), or bare seconds ("58.3"). Stored as whole milliseconds.
 */

export type TimeParse = { ok: true; ms: number | null } | { ok: false; message: string };

const TIME = /^(?:(?:(\d+):)?(\d+):)?(\d+)(?:\.(\d{1,3}))?$/;

/** What the cell says when it cannot read a time. */
export const TIME_FORMAT_HINT = 'Write a time as m:ss.SSS, e.g. 1:42.517';

/** Reads a typed time; an empty cell is no time (null). */
export function parseRaceTime(text: string): TimeParse {
  const value = text.trim().replace(',', '.');
  if (!value) return { ok: true, ms: null };
  const match = TIME.exec(value);
  if (!match) return { ok: false, message: TIME_FORMAT_HINT };
  const [, hoursText, minutesText, secondsText, fractionText = ''] = match;
  const hours = hoursText === undefined ? 0 : Number(hoursText);
  const minutes = minutesText === undefined ? 0 : Number(minutesText);
  const seconds = Number(secondsText);
  // After a colon, minutes and seconds are two-digit clock parts (0–59); leading ones may run over.
  if (minutesText !== undefined && seconds > 59) return { ok: false, message: 'Seconds run from 00 to 59' };
  if (hoursText !== undefined && minutes > 59) return { ok: false, message: 'Minutes run from 00 to 59 after the hours' };
  const millis = Number(fractionText.padEnd(3, '0'));
  const ms = ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
  if (ms === 0) return { ok: false, message: 'A time must be longer than zero' };
  if (!Number.isSafeInteger(ms)) return { ok: false, message: TIME_FORMAT_HINT };
  return { ok: true, ms };
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** "1:42.517"; "1:02:03.456" from an hour on; '' for no time. */
export function formatRaceTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const whole = Math.round(ms);
  const millis = whole % 1000;
  const totalSeconds = Math.floor(whole / 1000);
  const seconds = totalSeconds % 60;
  const totalMinutes = Math.floor(totalSeconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(millis, 3)}` : `${totalMinutes}:${pad(seconds, 2)}.${pad(millis, 3)}`;
}

/** The gap to the winner as shown in a classification: "+12.345", or "+2 laps" for lapped cars. */
export function gapText(winner: { laps: number; totalTimeMs: number | null }, line: { laps: number; totalTimeMs: number | null }): string {
  const lapsDown = winner.laps - line.laps;
  if (lapsDown > 0) return `+${lapsDown} ${lapsDown === 1 ? 'lap' : 'laps'}`;
  if (winner.totalTimeMs === null || line.totalTimeMs === null) return '';
  const gap = line.totalTimeMs - winner.totalTimeMs;
  return gap <= 0 ? '' : `+${(gap / 1000).toFixed(3)}`;
}
