/**
 * Every message a browser may receive over Socket.IO, and the rooms it is sent to. Messages are small:
 * they say what changed; the client applies them to its atoms or refetches what it shows.
 */
import type { RoleFlag } from './roles.js';

export interface HeadlineDto {
  id: number;
  text: string;
  createdAt: string;
  updatedAt: string;
}

export interface ClientEventMap {
  /** To sockets that may have missed messages (their API instance lost Redis for a while): refetch what you show. */
  resync: Record<string, never>;
  'headlines.changed': { headlines: HeadlineDto[] };
  'maintenance.changed': { enabled: boolean };
  /** To `event:{id}`: the event's new attendance (refetch `GET /api/events/{id}/drivers` for names). */
  'event.attendance.changed': { eventId: number; attendanceCount: number; seatsLeft: number };
  /** To `everyone`: an event was published, unpublished or edited while published (lists and the header's next race refetch). */
  'events.changed': { eventId: number; published: boolean };
  /** To `everyone`: the live event started, changed or ended (the header's live-race button). */
  'live.changed': { live: boolean; eventId: number | null };
}

export type ClientEventName = keyof ClientEventMap;
export const RESYNC = 'resync';

/**
 * Rooms: `everyone` and `user:<id>` are joined automatically; the others on request, when allowed:
 * `signedIn` needs a signed-in socket, `flag:<RoleFlag>` needs that role flag; `event:<id>` is open to all.
 */
export type Room = 'everyone' | 'signedIn' | `flag:${RoleFlag}` | `user:${number}` | `event:${number}`;

/** The client asks to join or leave a room with these; the ack says whether it was allowed. */
export const SUBSCRIBE = 'subscribe';
export const UNSUBSCRIBE = 'unsubscribe';
export interface SubscribeRequest {
  room: string;
}
export type SubscribeAck = { ok: true } | { ok: false; error: string };
