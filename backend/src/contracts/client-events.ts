/**
 * Every message a browser may receive over Socket.IO, and the rooms it is sent to. Messages are small:
 * they say what changed; the client applies them to its atoms or refetches what it shows.
 */
import type { PushedMessageName, PushedPayload } from './pushes.js';
import type { RoleFlag } from './roles.js';
import type { LiveIncident, LiveStandingsMessage, LiveTimingFrame } from './timing.js';

export interface HeadlineDto {
  id: number;
  text: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Every message a browser may receive: the pushes of domain events (declared in pushes.ts, with their
 * rooms and what the browser does with them), and two the server's socket layer sends itself.
 */
export type ClientEventMap = { [M in PushedMessageName]: PushedPayload<M> } & {
  /** To sockets that may have missed messages (their API instance lost Redis for a while): refetch what you show. */
  resync: Record<string, never>;
  /**
   * To one socket, from the server itself: who it is changed (signed out, session expired, roles
   * granted or revoked). The server has already moved it to the rooms it may be in now; refetch
   * `/users/me` and what is shown.
   */
  'session.changed': { signedIn: boolean };
  /**
   * To `live:<raceId>`, from the worker ingesting the race's source (not through the outbox: ephemeral, at
   * most 4 a second, volatile so a slow viewer skips frames), and to one socket as it joins (a snapshot).
   * A frame whose version is not above the one shown is dropped; a delta whose base is not the version
   * shown asks for the snapshot (`GET /races/{raceId}/timing`).
   */
  'live.frame': LiveTimingFrame;
  /**
   * To `live:<raceId>`, from the worker ingesting the race (not through the outbox, like `live.frame`): the
   * season's standings were the race to end now; to one socket as it joins, the latest one.
   */
  'live.standings': LiveStandingsMessage;
  /** To `flag:isSteward`: a collision the race's source just reported. */
  'live.incident': LiveIncident;
};

export type ClientEventName = keyof ClientEventMap;
export const RESYNC = 'resync';
export const SESSION_CHANGED = 'session.changed';

/**
 * Rooms: `everyone` and `user:<id>` are joined automatically; the others on request, when allowed:
 * `live:<raceId>` (a race's live timing) is open to all; `signedIn` needs a signed-in socket, `flag:<RoleFlag>` needs that role flag; `event:<id>` needs a user
 * who may see the event (an unpublished one: organizers); `season:<id>` (live standings) is open to all.
 * A refused `flag:` room is joined later
 * when a new role allows it; rooms no longer allowed are left at once.
 */
export type Room = 'everyone' | 'signedIn' | `flag:${RoleFlag}` | `user:${number}` | `event:${number}` | `season:${number}` | `live:${number}`;

/**
 * Where a page stands in the league's messages: the cursor its HTML was served with (the Server-Timing
 * entry PUSH_CURSOR_TIMING) and how long ago that was (ms). Sent in the handshake's `auth` by a page's
 * first connection (the server sends `resync` only if a message may have been missed since) and with
 * each subscribe (the ack says whether the room may have had one).
 */
export interface PushesSince {
  cursor: string;
  ageMs: number;
}
export const PUSH_CURSOR_TIMING = 'pushes';

/** The client asks to join or leave a room with these; the ack says whether it was allowed. */
export const SUBSCRIBE = 'subscribe';
export const UNSUBSCRIBE = 'unsubscribe';
export interface SubscribeRequest {
  room: string;
  since?: PushesSince;
}
/** `missed` answers a subscribe that sent `since`: false when the room has had no message since, so what the page loaded is current. */
export type SubscribeAck = { ok: true; missed?: boolean } | { ok: false; error: string };
