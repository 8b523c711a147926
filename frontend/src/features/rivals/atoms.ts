import { atom } from 'jotai';
import type { RivalBeatenMessage } from '@paddock/contracts/rivals.js';

export interface RivalBeatenNotice extends RivalBeatenMessage {
  receivedAt: number;
}

/** "A rival beat you" notices not dismissed yet, newest first (set by the live bridge, shown in the header). */
export const rivalBeatenAtom = atom<RivalBeatenNotice[]>([]);
