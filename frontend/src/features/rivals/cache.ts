/** The header's notice when a picked rival beat the user (`rivals.beaten`; what it refetches is declared in contracts/pushes.ts). */
import type { RivalBeatenMessage } from '@paddock/contracts/rivals.js';
import { appStore } from '../../lib/store.js';
import { rivalBeatenAtom } from './atoms.js';

/** Newest first, at most five kept. */
export function noteRivalBeaten(message: RivalBeatenMessage): void {
  appStore.set(rivalBeatenAtom, (notices) => [{ ...message, receivedAt: Date.now() }, ...notices].slice(0, 5));
}
