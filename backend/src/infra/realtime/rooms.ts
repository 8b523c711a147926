import { createHash } from 'node:crypto';
import { ROLE_FLAGS, type RoleFlag } from '../../contracts/roles.js';
import type { Room } from '../../contracts/client-events.js';
import type { Principal } from '../../common/principal.js';

/** A room a policy decides (see RoomPolicy): its kind and id. */
export interface PolicyRoom {
  kind: string;
  id: number;
}

/**
 * Whether a socket may be in `room`, by the same role flags that guard the HTTP routes; for a room
 * whose access depends on domain data (`event:<id>`: whether the user may see that event), the
 * kind and id a RoomPolicy must decide.
 */
export function mayJoin(room: string, principal: Principal | null): boolean | PolicyRoom {
  if (room === 'everyone') return true;
  if (room === 'signedIn') return principal !== null;
  const flag = /^flag:(\w+)$/.exec(room)?.[1];
  if (flag) return (ROLE_FLAGS as readonly string[]).includes(flag) && !!principal?.flags[flag as RoleFlag];
  const userId = /^user:(\d+)$/.exec(room)?.[1];
  if (userId) return principal?.userId === Number(userId);
  // Rooms of domain records, decided by their module's RoomPolicy: an event page's live seat count
  // (for those who may see the event), a season's live standings, a race's live timing.
  const record = /^(event|season|live):([1-9]\d{0,9})$/.exec(room);
  if (record) return { kind: record[1], id: Number(record[2]) };
  return false;
}

/** Rooms every socket is in from the start: everyone, and its own user room when signed in. */
export function automaticRooms(principal: Principal | null): Room[] {
  return principal ? ['everyone', `user:${principal.userId}`] : ['everyone'];
}

/**
 * The server-side room of the sockets opened with one session (never joinable by clients): a logout
 * re-identifies them. Named by a hash, so the session id itself never travels through Redis channels.
 */
export type SessionRoom = `session:${string}`;
export function sessionRoom(sessionId: string): SessionRoom {
  return `session:${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;
}

/**
 * The server-side message (Redis adapter `serverSideEmit`, from any process) that makes every API
 * instance re-identify its sockets in `room` and move them to the rooms they may be in now.
 */
export const REVALIDATE_SOCKETS = 'paddock:revalidate';
export interface RevalidateRequest {
  room: Room | SessionRoom;
}
