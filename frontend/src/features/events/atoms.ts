import { atom } from 'jotai';
import type { EventSummary } from './types.js';

/** The first planned event (page 1, size 1) shown in the header; the events issue loads it. */
export const nextPlannedEventAtom = atom<EventSummary | null>(null);

/** Whether a live event exists, enabling the header's live-race button; never set yet (SPEC §2). */
export const liveEventAvailableAtom = atom<boolean>(false);
