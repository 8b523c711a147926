import type { EventSummary } from './types.js';
import { pathTo } from '../../app/routes/routeTable.js';

/**
 * Where a link to an event goes (SPEC §2): a season race opens its series details with the
 * event as the hash, an assessment opens the assessment page, anything else its own details.
 */
export function eventLinkTarget(event: Pick<EventSummary, 'id' | 'assessmentEvent'> & { season?: EventSummary['season'] }): string {
  if (event.season) {
    const { id: seasonId, competition } = event.season;
    return `${pathTo('Competitions-Current-details', { competition: competition.id, season: seasonId })}#${event.id}`;
  }
  if (event.assessmentEvent) return pathTo('Event-Assessment');
  return pathTo('Event-details', { event: event.id });
}

/** The Details button of an event card always opens the event's own page. */
export function eventDetailsPath(eventId: number): string {
  return pathTo('Event-details', { event: eventId });
}
