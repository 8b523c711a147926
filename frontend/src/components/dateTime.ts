/**
 * The one way the client shows a moment: stored in UTC, shown in the viewer's time zone with the
 * zone's name, so "19:00 CET" never leaves a driver guessing.
 */
export interface ShownTime {
  /** e.g. "Tue, 24 Nov 2026" */
  date: string;
  /** e.g. "20:00 CET" */
  time: string;
  /** Both: "Tue, 24 Nov 2026, 20:00 CET" */
  dateTime: string;
  /** Without the year, for tight places like the header: "Tue 24 Nov, 20:00 CET" */
  short: string;
}

export interface TimeFormatOptions {
  /** Defaults to the viewer's locale. */
  locale?: string;
  /** Defaults to the viewer's time zone. */
  timeZone?: string;
}

const EMPTY: ShownTime = { date: '', time: '', dateTime: '', short: '' };

// dateStyle/timeStyle cannot be combined with timeZoneName (Intl throws), so the parts are explicit.
const PARTS = {
  date: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  shortDate: { weekday: 'short', day: 'numeric', month: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Creating an Intl.DateTimeFormat costs far more than formatting with one (lists show many times): one per use.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(parts: keyof typeof PARTS, locale: string | undefined, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${parts}|${locale ?? ''}|${timeZone ?? ''}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...PARTS[parts], timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

export function showTime(iso: string, { locale, timeZone }: TimeFormatOptions = {}): ShownTime {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return EMPTY;
  const date = formatter('date', locale, timeZone).format(moment);
  const time = formatter('time', locale, timeZone).format(moment);
  const shortDate = formatter('shortDate', locale, timeZone).format(moment);
  return { date, time, dateTime: `${date}, ${time}`, short: `${shortDate}, ${time}` };
}

/** The value of an `<input type="datetime-local">` for a UTC moment, in the viewer's zone. */
export function toLocalInputValue(iso: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  const local = new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value (the viewer's zone) as the UTC ISO moment the API stores; '' when empty or invalid. */
export function fromLocalInputValue(value: string): string {
  if (!value) return '';
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? '' : moment.toISOString();
}

/** The viewer's time zone name, e.g. "Europe/Amsterdam", for labels next to time inputs. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
