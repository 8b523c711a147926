import { ROLE_FLAGS, type RoleFlag } from '../../contracts/roles.js';
import type { Room } from '../../contracts/client-events.js';
import type { Principal } from '../../common/principal.js';

/** The rooms a socket may ask to join, by the same role flags that guard the HTTP routes. */
export function mayJoin(room: string, principal: Principal | null): room is Room {
  if (room === 'everyone') return true;
  if (room === 'signedIn') return principal !== null;
  const flag = /^flag:(\w+)$/.exec(room)?.[1];
  if (flag) return (ROLE_FLAGS as readonly string[]).includes(flag) && !!principal?.flags[flag as RoleFlag];
  const userId = /^user:(\d+)$/.exec(room)?.[1];
  if (userId) return principal?.userId === Number(userId);
  // An event page's live seat count: public, like the event page itself.
  if (/^event:[1-9]\d{0,9}$/.test(room)) return true;
  return false;
}

/** Rooms every socket is in from the start: everyone, and its own user room when signed in. */
export function automaticRooms(principal: Principal | null): Room[] {
  return principal ? ['everyone', `user:${principal.userId}`] : ['everyone'];
}
