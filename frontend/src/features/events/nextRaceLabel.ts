import type { EventSummary } from './types.js';

export const MULTIPLE_TRACKS = 'multiple tracks';

/** The header's next-race label (SPEC §2): one place for this rule. */
export function nextRaceLabel(event: Pick<EventSummary, 'raceEvents'>): string {
  const races = event.raceEvents ?? [];
  if (races.length > 1) return MULTIPLE_TRACKS;
  const [only] = races;
  const external = only?.externalTrackName?.trim();
  if (external) return external;
  return only?.track?.name ?? '';
}
