// The auth feature's public face: the signed-in user and the session other features and app/ read.
export { currentUserAtom, sessionAtom } from './atoms.js';
export { accountName, avatarUrl, hasDriverProfile, SIGNED_OUT, sessionOf, welcomeName } from './session.js';
export type { Session } from './session.js';
export { useLogout } from './useLogout.js';
export { UserMenu } from './UserMenu.js';
