import { atom } from 'jotai';
import type { EventSummary } from './types.js';

/** The first planned event (page 1, size 1): the header's next race and Home's fallback banner. */
export const nextPlannedEventAtom = atom<EventSummary | null>(null);

/** Whether the next planned event has been asked for yet (Home waits before saying "no upcoming race"). */
export const nextPlannedEventLoadedAtom = atom<boolean>(false);

/** The live event's id while one is live (GET /api/live, then `live.changed`); null otherwise. */
export const liveEventIdAtom = atom<number | null>(null);

/** Whether a live event exists, enabling the header's live-race button (SPEC §2). */
export const liveEventAvailableAtom = atom((get) => get(liveEventIdAtom) !== null);
