import type { CachedReadMetadata } from './cached-read.js';

/** What a per-caller entry key holds before and after the caller's id (`caller:<id>:<url>`), for a script that puts the id in. */
export const CALLER_KEY_PARTS = { before: 'caller:', after: ':' } as const;

export const callerKey = (caller: number | 'visitor', url: string): string => `${CALLER_KEY_PARTS.before}${caller}${CALLER_KEY_PARTS.after}${url}`;

/** The entry key of a read, for a lookup that learns the caller only in Redis (see `ReadCache.answerInSession`). */
export interface EntryKey {
  url: string;
  perCaller: boolean;
}

export const entryKeyOf = (read: CachedReadMetadata, url: string): EntryKey => ({ url, perCaller: read.options.perCaller === true });

/** The key of `entry` for the signed-in user `userId`, as `cachedReadKey` makes it. */
export const entryKeyFor = ({ url, perCaller }: EntryKey, userId: number): string => (perCaller ? callerKey(userId, url) : url);
