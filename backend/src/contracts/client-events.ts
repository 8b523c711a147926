/**
 * Every message a browser may receive over Socket.IO, and the rooms it is sent to. Messages are small:
 * they say what changed; the client applies them to its atoms or refetches what it shows.
 */
import type { StandingsDto } from './competitions.js';
import type { AttendeeDto } from './events.js';
import type { RivalBeatenMessage, RivalQueueChangedMessage, RivalTimeChangedMessage, RivalsScheduleChangedMessage } from './rivals.js';
import type { RoleFlag } from './roles.js';
import type { TicketState } from './stewarding.js';

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
  /**
   * To `event:{id}`: the event's attendance as it is now — the counts and who is in (at most `seats`
   * drivers, the same items and order as `GET /api/events/{id}/drivers`), so pages need not refetch.
   */
  'event.attendance.changed': { eventId: number; attendanceCount: number; seatsLeft: number; attendees: AttendeeDto[] };
  /** To `everyone`: an event was published, unpublished or edited while published (lists and the header's next race refetch). */
  'events.changed': { eventId: number; published: boolean };
  /** To `everyone`: the live event started, changed or ended (the header's live-race button). */
  'live.changed': { live: boolean; eventId: number | null };
  /** To `user:<id>`: what the user is changed (profile completed, promoted, team roles, invites): refetch `/users/me` and the own profile. */
  'me.changed': { reason: 'profile' | 'promoted' | 'roles' | 'teams' | 'invites' };
  /** To `everyone`: a driver's public profile or list entry changed (Grid, Crew and the driver's page refetch). */
  'drivers.changed': { profileId: number };
  /** To `everyone`: a team, its roster or captains changed (GridTeams, the team's pages and its drivers' profiles refetch). */
  'teams.changed': { teamId: number };
  /**
   * To `everyone`: a competition group, competition or season changed, or a race's results were saved
   * (Series, series details and the organizer lists refetch what they show of it). Ids say what changed.
   */
  'competitions.changed': { groupId?: number; competitionId?: number; seasonId?: number; eventId?: number; raceId?: number };
  /** To `everyone`: these drivers' results and stats changed (a season's standings were recomputed): their profile pages refetch them. */
  'driver.results.changed': { profileIds: number[] };
  /** To `season:{id}`: the season's standings as they are now; ignore one whose `version` is below the one shown. */
  'season.standings.changed': StandingsDto;
  /**
   * To one socket, from the server itself: who it is changed (signed out, session expired, roles
   * granted or revoked). The server has already moved it to the rooms it may be in now; refetch
   * `/users/me` and what is shown.
   */
  'session.changed': { signedIn: boolean };
  /** To `everyone`: rivals servers rotated or were edited (Home's schedule table and dialogs refetch). */
  'rivals.schedule.changed': RivalsScheduleChangedMessage;
  /** To `everyone`: a rivals board changed (a time set, verified or rejected): boards and Home's cards of that track refetch. */
  'rivals.time.changed': RivalTimeChangedMessage;
  /** To `user:<id>`: a driver this user picked as a rival beat the user's time on a board (a notice in the header). */
  'rivals.beaten': RivalBeatenMessage;
  /** To `flag:isSteward`: the provisional times queue changed. */
  'rivals.queue.changed': RivalQueueChangedMessage;
  /** To `flag:isSteward` (the live steward queue): a ticket was filed, changed or decided; refetch the queue and the ticket if shown. */
  'tickets.changed': { ticketId: number; seasonId: number; raceId: number; state: TicketState; change: 'filed' | 'statement' | 'message' | 'vote' | 'appeal' | 'decided' };
  /** To `user:<id>` of each party of the ticket: it was filed against you, changed or decided; refetch "my tickets" and the ticket if shown. */
  'ticket.notice': { ticketId: number; state: TicketState; change: 'filed' | 'statement' | 'appeal' | 'decided' };
  /** To `everyone`: a ticket was filed, or a decision published or replaced (the safety-car page and the races' provisional status refetch). */
  'safety-car.changed': { ticketId: number };
  /** To `everyone`: an affiliate changed (Home's banner and logos, the admin list refetch). */
  'affiliates.changed': { affiliateId: number };
  /** To `everyone`: a merchandise product changed (the Merchandise page refetches). */
  'merchandise.changed': { productId: number };
  /** To `everyone`: a download changed or got a new version (the Downloads page refetches). */
  'downloads.changed': { downloadId: number };
  /** To `everyone`: a bidding round was set up or changed, or a lot's close moved (bidder panels and the organizers' list refetch; bids stay sealed). */
  'bidding.changed': { roundId: number };
  /** To `user:<id>` of each bidder: lots they bid on were settled; refetch the bidder panel (results). */
  'bidding.settled': { roundId: number };
}

export type ClientEventName = keyof ClientEventMap;
export const RESYNC = 'resync';
export const SESSION_CHANGED = 'session.changed';

/**
 * Rooms: `everyone` and `user:<id>` are joined automatically; the others on request, when allowed:
 * `signedIn` needs a signed-in socket, `flag:<RoleFlag>` needs that role flag; `event:<id>` needs a user
 * who may see the event (an unpublished one: organizers); `season:<id>` (live standings) is open to all.
 * A refused `flag:` room is joined later
 * when a new role allows it; rooms no longer allowed are left at once.
 */
export type Room = 'everyone' | 'signedIn' | `flag:${RoleFlag}` | `user:${number}` | `event:${number}` | `season:${number}`;

/** The client asks to join or leave a room with these; the ack says whether it was allowed. */
export const SUBSCRIBE = 'subscribe';
export const UNSUBSCRIBE = 'unsubscribe';
export interface SubscribeRequest {
  room: string;
}
export type SubscribeAck = { ok: true } | { ok: false; error: string };
