import { atom } from 'jotai';

/** Headlines scrolling in the header banner; the real-time layer sets them. Empty hides the banner. */
export const headlinesAtom = atom<string[]>([]);
