import type { EventSummary } from './types.js';

/**
 * Where a link to an event goes (SPEC §2): a season race opens its series details with the
 * event as the hash, an assessment opens the assessment page, anything else its own details.
 */
export function eventLinkTarget(event: Pick<EventSummary, 'id' | 'assessmentEvent'> & { season?: EventSummary['season'] }): string {
  if (event.season) {
    const { id: seasonId, competition } = event.season;
    return `/events/competitions/current/${competition.id}/season/${seasonId}#${event.id}`;
  }
  if (event.assessmentEvent) return '/events/assessment';
  return `/events/${event.id}`;
}

/** The Details button of an event card always opens the event's own page. */
export function eventDetailsPath(eventId: number): string {
  return `/events/${eventId}`;
}
