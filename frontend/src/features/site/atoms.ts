import { atom } from 'jotai';
import type { SiteConfig } from '@paddock/contracts/api.js';

/** Client copies default to empty strings until GET /api/config answers (SPEC §3). */
export const EMPTY_CONFIG: SiteConfig = {
  leagueName: 'Paddock',
  discord: { authUrl: '', joinUrl: '', avatarUrl: '' },
  social: { group: '', shortVideo: '', video: '', liveStream: '' },
};

export const configAtom = atom<SiteConfig>(EMPTY_CONFIG);

/** Start-up readiness (SPEC §4): empty while starting, 'yes' once the user lookup is done, 'no' when it could not start. */
export type Readiness = 'empty' | 'yes' | 'no';
export const readinessAtom = atom<Readiness>('empty');
