/**
 * The schedule dialog's days (SPEC §2, §9): upcoming tracks with UTC timestamps, grouped by the day
 * they fall on in the viewer's time zone, each with its local time and the zone's name.
 */
export interface ScheduledTrack {
  /** UTC ISO moment. */
  scheduled: string;
  trackName: string;
  /** The variant. */
  name: string;
}

export interface ScheduleDay {
  /** Calendar day in the viewer's zone, `YYYY-MM-DD` (a stable key). */
  key: string;
  /** e.g. "Tue, 24 Nov". */
  label: string;
  entries: { time: string; trackName: string; variant: string; scheduled: string }[];
}

interface ZoneOptions {
  timeZone?: string;
  locale?: string;
}

/** Sorted by moment and grouped by local day; entries whose timestamp is not a date are left out. */
export function groupByDay(tracks: readonly ScheduledTrack[], { timeZone, locale }: ZoneOptions = {}): ScheduleDay[] {
  const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const dayLabel = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
  const timeLabel = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  const dated = tracks
    .map((track) => ({ track, moment: new Date(track.scheduled) }))
    .filter(({ moment }) => !Number.isNaN(moment.getTime()))
    .sort((a, b) => a.moment.getTime() - b.moment.getTime());
  const days: ScheduleDay[] = [];
  for (const { track, moment } of dated) {
    const key = dayKey.format(moment);
    let day = days.at(-1);
    if (day?.key !== key) {
      day = { key, label: dayLabel.format(moment), entries: [] };
      days.push(day);
    }
    day.entries.push({ time: timeLabel.format(moment), trackName: track.trackName, variant: track.name, scheduled: track.scheduled });
  }
  return days;
}
