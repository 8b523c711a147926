/**
 * The parts of an event (SPEC §3) the shell reads. The events issue brings the full shape;
 * until then these are the fields the next-race label and the event link rely on.
 */
export interface TrackRef {
  name: string;
  icon?: string | null;
}

export interface RaceEventSummary {
  track?: TrackRef | null;
  externalTrackName?: string | null;
}

export interface EventSummary {
  id: number;
  name: string;
  date: string;
  assessmentEvent: boolean;
  season?: { id: number; competition: { id: number; name: string } } | null;
  raceEvents: RaceEventSummary[];
}
