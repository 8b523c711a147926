import ical, { ICalEventStatus } from 'ical-generator';
import type { Platform } from '../../contracts/catalogue.js';
import type { RaceEventType } from '../../contracts/events.js';
import type { FeedEvent, FeedRace } from '../events/index.js';
import { raceTimes } from './race-schedule.js';

/** What every feed says of the site: its name and where its pages are. */
export interface FeedSite {
  leagueName: string;
  publicUrl: string;
}

const RACE_TYPE: Record<RaceEventType, string> = { PRACTICE: 'Practice', SPRINT: 'Sprint', RACE: 'Race', FEATURE: 'Feature race', ENDURANCE: 'Endurance' };
const PLATFORM: Record<Platform, string> = { PC: 'PC', XBOX: 'Xbox', PLAYSTATION: 'PlayStation' };

/** How often subscribed calendars are asked to fetch the feed again. */
const REFRESH_SECONDS = 60 * 60;

/** A race's UID: the same across every feed it is in and every change, so a calendar updates the entry it has. */
export const raceUid = (raceId: number, site: FeedSite) => `race-${raceId}@${new URL(site.publicUrl).host}`;

const eventLink = (eventId: number, site: FeedSite) => `${site.publicUrl.replace(/\/+$/, '')}/events/${eventId}`;

function summary(event: FeedEvent, race: FeedRace, raceCount: number): string {
  const title = raceCount > 1 ? `${event.name} · ${RACE_TYPE[race.raceEventType]} ${race.number}` : event.name;
  return event.cancelled ? `Cancelled: ${title}` : title;
}

function description(event: FeedEvent, race: FeedRace, link: string, planned: boolean): string {
  return [
    event.cancelled ? 'This event was cancelled.' : null,
    `${RACE_TYPE[race.raceEventType]}${race.laps ? `, ${race.laps} laps` : ''}${race.lengthMinutes ? `, ${race.lengthMinutes} min` : ''}`,
    `Track: ${race.trackName ?? 'to be announced'}`,
    `Game: ${event.gameName}`,
    `Platforms: ${event.platforms.map((platform) => PLATFORM[platform]).join(', ')}`,
    race.lineup ? `Team: ${race.lineup.teamName} (${race.lineup.drivers.join(', ')})` : null,
    planned ? 'The start is planned from the lengths of the sessions before this race.' : null,
    link,
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/**
 * An iCalendar (RFC 5545) of these events' races: one entry per race, its UID the race's and its
 * SEQUENCE the event's revision, times in UTC (each calendar shows them in its own zone), a cancelled
 * event's races marked CANCELLED.
 */
export function calendarText(name: string, events: readonly FeedEvent[], site: FeedSite): string {
  const calendar = ical({ name, prodId: { company: site.leagueName, product: 'Calendar feeds', language: 'EN' }, url: site.publicUrl, ttl: REFRESH_SECONDS });
  for (const event of events) {
    const link = eventLink(event.id, site);
    const times = raceTimes(event.startsAt, event.raceEvents);
    times.forEach(({ race, start, end }, index) => {
      calendar.createEvent({
        id: raceUid(race.raceId, site),
        sequence: event.revision,
        stamp: event.updatedAt,
        lastModified: event.updatedAt,
        start,
        end,
        summary: summary(event, race, times.length),
        location: race.trackName,
        description: description(event, race, link, index > 0),
        url: link,
        status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    });
  }
  return calendar.toString();
}
