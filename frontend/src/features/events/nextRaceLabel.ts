import type { TrackRef } from './types.js';

export const MULTIPLE_TRACKS = 'multiple tracks';

/** The parts of a race event the label reads. */
export interface LabelledRaceEvent {
  track?: Pick<TrackRef, 'trackName'> | null;
  externalTrackName?: string | null;
}

/**
 * The header's next-race label (SPEC §2): 'multiple tracks' for more than one race, else the
 * external track name, else the track name. One place for this rule.
 */
export function nextRaceLabel(event: { raceEvents: readonly LabelledRaceEvent[] }): string {
  const races = event.raceEvents ?? [];
  if (races.length > 1) return MULTIPLE_TRACKS;
  const [only] = races;
  const external = only?.externalTrackName?.trim();
  if (external) return external;
  return only?.track?.trackName ?? '';
}
