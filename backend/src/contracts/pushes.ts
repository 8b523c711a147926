/**
 * Every push to browsers, declared once per client message: the domain events that send it (to which
 * rooms, with what payload) and what the browser's cache does with it. The server runs the `from`
 * side (one external subscriber per domain event and message, infra/outbox/push-subscribers.ts), the
 * browser the `client` side (app/live/cacheBridge.ts); `ClientEventMap` is derived from it. A new
 * live flow is one entry here (plus a `PUSH_READS` entry when it sends committed state the event
 * does not carry, and a `CachedReads` name when it refreshes a read no push refreshed before).
 */
import type { Room } from './client-events.js';
import type { HeadlineDto } from './client-events.js';
import type { StandingsDto } from './competitions.js';
import type { DomainEventMap, DomainEventName } from './domain-events.js';
import type { AttendeeDto } from './events.js';
import type { RivalBeatenMessage, RivalQueueChangedMessage, RivalTimeChangedMessage, RivalsScheduleChangedMessage } from './rivals.js';
import type { TicketState } from './stewarding.js';

/** One message to send: to which room, with what. */
export interface Send<P> {
  to: Room;
  payload: P;
}

/** Declares a read's arguments and result (the value is only a marker: its type is the declaration). */
const read = <Args extends unknown[], Result>() => ({}) as { args: Args; result: Result };

/**
 * Committed state a push reads when it is sent (what its domain event does not carry). The server's
 * modules provide each one (`@PushRead(name)` on a provider method); boot fails when one is missing.
 */
export const PUSH_READS = {
  /** The headlines as they are now. */
  headlines: read<[], HeadlineDto[]>(),
  /** The event's attendance as it is now; null when it was deleted since. */
  eventAttendance: read<[eventId: number], EventAttendanceMessage | null>(),
  /** The season's stored standings; null when it was deleted since. */
  seasonStandings: read<[seasonId: number], StandingsDto | null>(),
  /** The drivers with results in the season. */
  driversOfSeason: read<[seasonId: number], number[]>(),
  /** What the steward queue shows of a ticket; null when it was deleted since (with its season or race). */
  ticket: read<[ticketId: number], { seasonId: number; raceId: number; state: TicketState } | null>(),
  /** The user ids of a ticket's parties (the filer and every accused driver). */
  ticketPartyUserIds: read<[ticketId: number], number[]>(),
  /** Who picked the setter of this verified time as a rival and was just beaten by it on that board (by no earlier verified time), and their notice. */
  rivalsBeaten: read<[time: DomainEventMap['RivalTimeSet']], { userId: number; message: RivalBeatenMessage }[]>(),
};
export type PushReadName = keyof typeof PUSH_READS;
export type PushReadArgs<K extends PushReadName> = (typeof PUSH_READS)[K]['args'];
export type PushReadResult<K extends PushReadName> = (typeof PUSH_READS)[K]['result'];
export type PushReads = { [K in PushReadName]: (...args: PushReadArgs<K>) => Promise<PushReadResult<K>> };

/**
 * The browser's cached reads a push can refresh, by name and arguments; the browser maps each to its
 * query key (app/live/cachedReadKeys.ts). A refreshed read is refetched where it is shown and marked
 * stale elsewhere.
 */
export interface CachedReads {
  /** Every event read: lists, details, the header's next race. */
  events: [];
  /** Every driver read: the Grid, the Crew, drivers' pages. */
  profiles: [];
  ownProfile: [];
  /** Every team read: lists, pages, rosters. */
  teams: [];
  ownTeams: [];
  ownTeamInvites: [];
  driverResults: [profileId: number];
  driverStats: [profileId: number];
  stewardingQueue: [];
  /** A race's provisional status (open tickets, when results become final). */
  raceStewarding: [raceId: number];
  /** Every race's provisional status. */
  racesStewarding: [];
  ticket: [ticketId: number];
  ownTickets: [];
  /** Every licence shown (a decision may add points or a ban). */
  licences: [];
  safetyCar: [];
  rivalsSchedule: [];
  rivalsServers: [];
  /** A track's rivals board pages. */
  rivalsBoards: [trackId: number];
  /** A track's top three (Home's cards). */
  rivalsTop: [trackId: number];
  ownRivals: [];
  /** Rivals times: a driver's own, and the stewards' provisional queue. */
  rivalsTimes: [];
  affiliates: [];
  merchandise: [];
  downloads: [];
  /** Everything of bidding (bids stay sealed: panels and lists refetch). */
  bidding: [];
  /** The user's notifications: the centre's pages and the header's unread count. */
  notifications: [];
}
export type CachedRead = { [K in keyof CachedReads]: [K, ...CachedReads[K]] }[keyof CachedReads];

/** What the browser does with a message. */
export interface ClientEffect<P> {
  /** The cached reads it refreshes. */
  refreshes?: (message: P) => CachedRead[];
  /**
   * The echo of this browser's own change (`ownChanges`): the reads it wrote from its own answer for
   * this echo are not refetched again.
   */
  echo?: (message: P) => string;
  /** The browser applies it itself besides (a value written in place, an atom): cacheBridge.ts's APPLIED has it. */
  applied?: true;
}

/** How a domain event becomes this message: where it goes and with what (none: nothing to send this time). */
export type Sender<E extends DomainEventName, P> = (event: DomainEventMap[E], read: PushReads) => Send<P>[] | Promise<Send<P>[]>;

export interface LiveMessage<P, C extends ClientEffect<P> = ClientEffect<P>> {
  from: { [E in DomainEventName]?: Sender<E, P> };
  client: C;
  /** Sent from the background queue (infra/outbox/queues.ts): often many at once, and not what a page waits on after a change. */
  background?: true;
}

/** A message with payload `P` (given) and its client effect (inferred, so `applied` stays known to the type). */
const message =
  <P>() =>
  <C extends ClientEffect<P>>(declaration: LiveMessage<P, C>): LiveMessage<P, C> =>
    declaration;

const everyone = <P>(payload: P): Send<P>[] => [{ to: 'everyone', payload }];
const toUsers = <P>(userIds: number[], payload: P): Send<P>[] => userIds.map((userId) => ({ to: `user:${userId}`, payload }));
/** To `room` when there is something to send (null: the record was deleted since, no page shows it). */
const toRoomIf = <P>(room: Room, payload: P | null): Send<P>[] => (payload === null ? [] : [{ to: room, payload }]);

/** The event's attendance as it is now: the counts and who is in (at most `seats` drivers, as `GET /api/events/{id}/drivers`). */
export interface EventAttendanceMessage {
  eventId: number;
  attendanceCount: number;
  seatsLeft: number;
  attendees: AttendeeDto[];
}

type TicketChange = 'filed' | 'statement' | 'message' | 'vote' | 'appeal' | 'decided';
type TicketChangedMessage = { ticketId: number; seasonId: number; raceId: number; state: TicketState; change: TicketChange };
type TicketNoticeMessage = { ticketId: number; state: TicketState; change: 'filed' | 'statement' | 'appeal' | 'decided' };

/** The live steward queue hears of every change of a ticket still there. */
const ticketChanged = async (ticketId: number, change: TicketChange, read: PushReads): Promise<Send<TicketChangedMessage>[]> => {
  const ticket = await read.ticket(ticketId);
  return toRoomIf('flag:isSteward', ticket && { ticketId, ...ticket, change });
};

/** Each party hears of a filing, a statement, an appeal and a decision (not of the stewards' thread or votes). */
const ticketNotice = async (ticketId: number, change: TicketNoticeMessage['change'], read: PushReads): Promise<Send<TicketNoticeMessage>[]> => {
  const ticket = await read.ticket(ticketId);
  return ticket ? toUsers(await read.ticketPartyUserIds(ticketId), { ticketId, state: ticket.state, change }) : [];
};

/** A rivals time that counts from now on: set verified (a server file) or verified by a steward; a provisional one tells no rival. */
export const becameVerified = (time: Pick<DomainEventMap['RivalTimeSet'], 'change' | 'status'>): boolean =>
  time.change === 'verified' || (time.change === 'set' && time.status === 'VERIFIED');

/** The echoes of this browser's own changes (the browser's own-change record names them the same). */
export const eventsChangedEcho = (eventId: number) => `events.changed:${eventId}`;
export const ticketChangedEcho = (ticketId: number) => `tickets.changed:${ticketId}`;

const headlinesNow = async (_event: unknown, read: PushReads) => everyone({ headlines: await read.headlines() });
const attendanceNow = async ({ eventId }: { eventId: number }, read: PushReads) => toRoomIf(`event:${eventId}`, await read.eventAttendance(eventId));

export const PUSHES = {
  /** To `everyone`: the headlines as they are now (small, and idempotent to apply). */
  'headlines.changed': message<{ headlines: HeadlineDto[] }>()({
    from: { HeadlineCreated: headlinesNow, HeadlineUpdated: headlinesNow, HeadlineDeleted: headlinesNow },
    client: { applied: true },
  }),
  'maintenance.changed': message<{ enabled: boolean }>()({
    from: { MaintenanceChanged: ({ enabled }) => everyone({ enabled }) },
    client: { applied: true },
  }),
  /** To `event:{id}`: its seats and who is in, as they are now (read when sent: the latest wins), so pages need not refetch; an edit may change the seats. */
  'event.attendance.changed': message<EventAttendanceMessage>()({
    from: { EventAttendanceChanged: attendanceNow, EventDetailsChanged: attendanceNow },
    client: { applied: true },
  }),
  /** To `everyone`: an event was published, unpublished, edited while published or got its race video (lists, headers and the event's page refetch). */
  'events.changed': message<{ eventId: number; published: boolean }>()({
    from: {
      EventPublicationChanged: ({ eventId, published }) => everyone({ eventId, published }),
      EventDetailsChanged: ({ eventId }) => everyone({ eventId, published: true }),
      EventVideoChanged: ({ eventId, published }) => everyone({ eventId, published }),
    },
    client: { refreshes: () => [['events']], echo: ({ eventId }) => eventsChangedEcho(eventId) },
  }),
  /** To `everyone`: the live event started, changed or ended (the header's live-race button). */
  'live.changed': message<{ live: boolean; eventId: number | null }>()({
    from: { LiveEventChanged: ({ eventId }) => everyone({ live: eventId !== null, eventId }) },
    client: { applied: true },
  }),
  /** To `user:<id>`: what the user is changed (profile completed, promoted, roles, teams, invites): `/users/me` and their own reads refetch. */
  'me.changed': message<{ reason: 'profile' | 'promoted' | 'roles' | 'teams' | 'invites' }>()({
    from: {
      DriverProfileChanged: ({ userId }) => toUsers([userId], { reason: 'profile' }),
      DriverPromoted: ({ userId }) => toUsers([userId], { reason: 'promoted' }),
      UserRolesChanged: ({ userId }) => toUsers([userId], { reason: 'roles' }),
      TeamChanged: ({ userIds }) => toUsers(userIds, { reason: 'teams' }),
      TeamInviteChanged: ({ userId }) => toUsers([userId], { reason: 'invites' }),
    },
    client: { refreshes: () => [['ownProfile'], ['ownTeamInvites'], ['ownTeams']], applied: true },
  }),
  /** To `everyone`: a driver's public profile or list entry changed (the Grid, the Crew, the driver's and teams' pages). */
  'drivers.changed': message<{ profileId: number }>()({
    from: {
      DriverProfileChanged: ({ profileId }) => everyone({ profileId }),
      DriverPromoted: ({ profileId }) => everyone({ profileId }),
    },
    client: { refreshes: () => [['profiles'], ['teams']] },
  }),
  /** To `everyone`: a team, its roster, captains or invitations changed (teams' pages and their drivers' profiles). */
  'teams.changed': message<{ teamId: number }>()({
    from: {
      TeamChanged: ({ teamId }) => everyone({ teamId }),
      TeamInviteChanged: ({ teamId }) => everyone({ teamId }),
    },
    client: { refreshes: () => [['teams'], ['profiles']] },
  }),
  /**
   * To `everyone`: a competition group, competition or season changed, or a race's results were saved
   * (what is shown of them refetches; standings follow in their own push). Ids say what changed.
   */
  'competitions.changed': message<{ groupId?: number; competitionId?: number; seasonId?: number; eventId?: number; raceId?: number }>()({
    from: {
      CompetitionGroupChanged: ({ groupId }) => everyone({ groupId }),
      CompetitionChanged: ({ competitionId }) => everyone({ competitionId }),
      SeasonChanged: ({ competitionId, seasonId }) => everyone({ competitionId, seasonId }),
      ResultPosted: ({ seasonId, eventId, raceId }) => everyone({ seasonId, eventId, raceId }),
    },
    client: { applied: true },
  }),
  /** To `everyone`: once a season's standings are stored (its points settled), its drivers' results and stats refetch on their pages. */
  'driver.results.changed': message<{ profileIds: number[] }>()({
    from: {
      SeasonStandingsUpdated: async ({ seasonId }, read) => {
        const profileIds = await read.driversOfSeason(seasonId);
        return profileIds.length ? everyone({ profileIds }) : [];
      },
    },
    client: {
      refreshes: ({ profileIds }) =>
        profileIds.flatMap((id): CachedRead[] => [
          ['driverResults', id],
          ['driverStats', id],
        ]),
    },
  }),
  /** To `season:{id}`: the standings as stored now (a later version may have been stored meanwhile: the latest wins); one below the version shown is ignored. */
  'season.standings.changed': message<StandingsDto>()({
    from: { SeasonStandingsUpdated: async ({ seasonId }, read) => toRoomIf(`season:${seasonId}`, await read.seasonStandings(seasonId)) },
    client: { applied: true },
  }),
  /** To `everyone`: rivals servers rotated or were edited (Home's schedule table and dialogs). */
  'rivals.schedule.changed': message<RivalsScheduleChangedMessage>()({
    from: { RivalsScheduleRotated: ({ serverIds }) => everyone({ serverIds }) },
    client: { refreshes: () => [['rivalsSchedule'], ['rivalsServers']] },
  }),
  /** To `everyone`: a rivals board changed (a time set, verified or rejected): that track's boards, Home's cards, my rivals' gaps and my own times. */
  'rivals.time.changed': message<RivalTimeChangedMessage>()({
    from: { RivalTimeSet: ({ trackId, gameId, platform, profileId, status }) => everyone({ trackId, gameId, platform, profileId, status }) },
    client: { refreshes: ({ trackId }) => [['rivalsBoards', trackId], ['rivalsTop', trackId], ['ownRivals'], ['rivalsTimes']] },
  }),
  /**
   * To `user:<id>`: a driver this user picked as a rival beat the user's time on a board with a verified
   * time (a notice in the header): a server file's time when set, a submission once a steward verifies it.
   */
  'rivals.beaten': message<RivalBeatenMessage>()({
    from: {
      RivalTimeSet: async (time, read) => (becameVerified(time) ? (await read.rivalsBeaten(time)).flatMap(({ userId, message }) => toUsers([userId], message)) : []),
    },
    client: { refreshes: () => [['ownRivals']], applied: true },
  }),
  /** To `flag:isSteward`: a provisional time joined the queue, or a steward decided one. */
  'rivals.queue.changed': message<RivalQueueChangedMessage>()({
    from: {
      RivalTimeSet: ({ timeId, status, change }) => (change === 'set' && status !== 'PROVISIONAL' ? [] : [{ to: 'flag:isSteward', payload: { timeId, status } }]),
    },
    client: { refreshes: () => [['rivalsTimes']] },
  }),
  /** To `flag:isSteward` (the live steward queue): a ticket was filed, changed or decided; the queue, the ticket if shown and its race's provisional status refetch. */
  'tickets.changed': message<TicketChangedMessage>()({
    from: {
      TicketFiled: ({ ticketId }, read) => ticketChanged(ticketId, 'filed', read),
      TicketUpdated: ({ ticketId, change }, read) => ticketChanged(ticketId, change, read),
      TicketDecided: ({ ticketId }, read) => ticketChanged(ticketId, 'decided', read),
    },
    client: {
      refreshes: ({ ticketId, raceId }) => [['stewardingQueue'], ['raceStewarding', raceId], ['ticket', ticketId]],
      echo: ({ ticketId }) => ticketChangedEcho(ticketId),
    },
  }),
  /** To `user:<id>` of each party of the ticket: it was filed against you, changed or decided; "my tickets", the ticket and the licence refetch. */
  'ticket.notice': message<TicketNoticeMessage>()({
    from: {
      TicketFiled: ({ ticketId }, read) => ticketNotice(ticketId, 'filed', read),
      TicketUpdated: ({ ticketId, change }, read) => (change === 'statement' || change === 'appeal' ? ticketNotice(ticketId, change, read) : []),
      TicketDecided: ({ ticketId }, read) => ticketNotice(ticketId, 'decided', read),
    },
    client: { refreshes: ({ ticketId }) => [['ownTickets'], ['ticket', ticketId], ['licences']] },
  }),
  /** To `everyone`: a ticket was filed (the race's results stay provisional until it is decided), or a decision published or replaced. */
  'safety-car.changed': message<{ ticketId: number }>()({
    from: {
      TicketFiled: ({ ticketId }) => everyone({ ticketId }),
      TicketDecided: ({ ticketId }) => everyone({ ticketId }),
    },
    client: { refreshes: () => [['safetyCar'], ['racesStewarding']] },
  }),
  /** To `everyone`: an affiliate changed (Home's banner and logos, the admin list). */
  'affiliates.changed': message<{ affiliateId: number }>()({
    from: { AffiliateChanged: ({ affiliateId }) => everyone({ affiliateId }) },
    client: { refreshes: () => [['affiliates']] },
  }),
  'merchandise.changed': message<{ productId: number }>()({
    from: { ProductChanged: ({ productId }) => everyone({ productId }) },
    client: { refreshes: () => [['merchandise']] },
  }),
  /** To `everyone`: a download changed or got a new version. */
  'downloads.changed': message<{ downloadId: number }>()({
    from: { DownloadChanged: ({ downloadId }) => everyone({ downloadId }) },
    client: { refreshes: () => [['downloads']] },
  }),
  /** To `everyone`: a bidding round was set up or changed, a lot's close moved, or lots were settled (bidder panels and the organizers' list; bids stay sealed). */
  'bidding.changed': message<{ roundId: number }>()({
    from: {
      BiddingRoundChanged: ({ roundId }) => everyone({ roundId }),
      BiddingLotsSettled: ({ roundId }) => everyone({ roundId }),
    },
    client: { refreshes: () => [['bidding']] },
  }),
  /** To `user:<id>` of each bidder: lots they bid on were settled (the bidder panel shows results). */
  'bidding.settled': message<{ roundId: number }>()({
    from: { BiddingLotsSettled: ({ roundId, userIds }) => toUsers(userIds, { roundId }) },
    client: { refreshes: () => [['bidding']] },
  }),
  /** To `user:<id>`: a notification was stored for the user (the bell's count and the centre refetch). */
  'notifications.changed': message<{ notificationId: number }>()({
    from: { NotificationCreated: ({ userId, notificationId }) => toUsers([userId], { notificationId }) },
    client: { refreshes: () => [['notifications']] },
    // A results save can tell dozens of drivers at once: their bells wait behind the standings' push.
    background: true,
  }),
};

export type PushedMessages = typeof PUSHES;
export type PushedMessageName = keyof PushedMessages;
export type PushedPayload<M extends PushedMessageName> = PushedMessages[M] extends LiveMessage<infer P, infer _C> ? P : never;
/** The messages the browser applies itself (besides refreshing what they name). */
export type AppliedMessageName = { [M in PushedMessageName]: PushedMessages[M]['client'] extends { applied: true } ? M : never }[PushedMessageName];
