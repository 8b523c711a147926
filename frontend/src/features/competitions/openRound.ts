import { routeId } from '../../components/routeId.js';
import type { SeasonEventDto } from './types.js';

/** The round whose results open by themselves on the series details: the one the URL's hash names, else the latest with results. */
export function openRound(events: SeasonEventDto[], hash: string): number | null {
  const named = routeId(decodeURIComponent(hash.replace(/^#/, '')));
  if (named !== null && events.some((event) => event.id === named)) return named;
  const withResults = events.filter((event) => event.raceEvents.some((raceEvent) => raceEvent.races.some((race) => race.hasResults)));
  return withResults.sort((a, b) => b.round - a.round)[0]?.id ?? null;
}
