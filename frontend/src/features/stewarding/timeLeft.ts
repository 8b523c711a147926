import { showTime, type TimeFormatOptions } from '../../components/dateTime.js';

/** How a deadline reads in the queue: "2 h 15 min left", "Overdue by 3 h", with the moment itself in the viewer's zone. */
export interface TimeLeft {
  /** e.g. "2 d 4 h left", "45 min left", "Overdue by 1 h 5 min" */
  text: string;
  /** The deadline in the viewer's zone, e.g. "Tue, 24 Nov 2026, 20:00 CET" */
  due: string;
  overdue: boolean;
  /** Less than 6 hours left (or overdue): shown as a warning. */
  urgent: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const URGENT_MS = 6 * HOUR;

/** A duration in words, two units at most, rounded down to the minute ("under a minute" below one). */
export function durationText(ms: number): string {
  const total = Math.floor(Math.abs(ms) / MINUTE);
  if (total < 1) return 'under a minute';
  const days = Math.floor(total / (24 * 60));
  const hours = Math.floor((total % (24 * 60)) / 60);
  const minutes = total % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

/** The time left before `dueAt` (UTC ISO) at `now`; null when there is no deadline (decided, closed). */
export function timeLeft(dueAt: string | null | undefined, now: number, options: TimeFormatOptions = {}): TimeLeft | null {
  if (!dueAt) return null;
  const due = new Date(dueAt).getTime();
  if (Number.isNaN(due)) return null;
  const left = due - now;
  const overdue = left <= 0;
  return {
    text: overdue ? `Overdue by ${durationText(left)}` : `${durationText(left)} left`,
    due: showTime(dueAt, options).dateTime,
    overdue,
    urgent: left < URGENT_MS,
  };
}

export { DAY, HOUR, MINUTE };
