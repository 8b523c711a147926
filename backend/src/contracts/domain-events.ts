/**
 * Every domain event: its name, payload and schema version. A state change writes its event in the
 * same transaction (transactional outbox); workers handle each event name with exactly one handler.
 * Adding an event: add it to DomainEventMap and DOMAIN_EVENT_VERSIONS, then write its handler.
 */
export interface DomainEventMap {
  HeadlineCreated: { headlineId: number };
  HeadlineUpdated: { headlineId: number };
  HeadlineDeleted: { headlineId: number };
  MaintenanceChanged: { enabled: boolean };
  EventAttendanceChanged: { eventId: number };
  EventPublicationChanged: { eventId: number; published: boolean };
  /** A published event was edited (date, tracks, seats …): what lists and headers show may have changed. */
  EventDetailsChanged: { eventId: number };
  EventAnnouncementRequested: { eventId: number };
  /** An event's race video was set: the Media page and Home's videos refetch. */
  EventVideoChanged: { eventId: number; published: boolean };
  LiveEventChanged: { eventId: number | null };
  /** A driver saved their profile; `becameComplete` when this save completed it (SPEC §4 lets them in). */
  DriverProfileChanged: { profileId: number; userId: number; completed: boolean; becameComplete: boolean };
  /** An organizer removed NEW from a driver after their assessment race. */
  DriverPromoted: { profileId: number; userId: number };
  /** A team was created or edited, or its roster or captains changed; `userIds` are the drivers whose teams or team roles changed. */
  TeamChanged: { teamId: number; userIds: number[] };
  /** A captain invited a driver, or the driver accepted or declined, or the invite was withdrawn. */
  TeamInviteChanged: { teamId: number; userId: number };
  /** A user's roles changed (granted, revoked, or following their team membership). */
  UserRolesChanged: { userId: number };
  /** A user's API key was replaced or revoked: sockets opened with the old key must go. */
  ApiKeyChanged: { userId: number };
  /** A competition group was created or edited. */
  CompetitionGroupChanged: { groupId: number };
  /** A competition was created or edited (name, style, current, images …). */
  CompetitionChanged: { competitionId: number };
  /** A season was created or edited (points system, rules) or its events changed: its standings are recomputed. */
  SeasonChanged: { seasonId: number; competitionId: number };
  /** An organizer saved a race's results (entered, imported or reverted): `revision` is the race's new revision. */
  ResultPosted: { seasonId: number; eventId: number; raceId: number; revision: number };
  /** The worker stored a season's standings; `version` only rises. */
  SeasonStandingsUpdated: { seasonId: number; version: number };
  /** Stored standings put another driver first (`previousProfileId` null: the season's first leader). */
  SeasonLeaderChanged: { seasonId: number; version: number; profileId: number; previousProfileId: number | null };
  /** Rivals servers moved on to their next track (the rotation job) or were created, edited or removed. */
  RivalsScheduleRotated: { serverIds: number[] };
  /** A rivals time was set (a better one stored), verified or rejected. */
  RivalTimeSet: {
    timeId: number;
    profileId: number;
    gameId: number;
    trackId: number;
    platform: 'PC' | 'XBOX' | 'PLAYSTATION';
    timeMs: number;
    status: 'PROVISIONAL' | 'VERIFIED' | 'REJECTED';
    change: 'set' | 'verified' | 'rejected';
  };
  /** A driver filed a ticket about an incident in a race. */
  TicketFiled: { ticketId: number; seasonId: number; raceId: number };
  /** A ticket changed without a decision: a statement, a thread message, a vote, an appeal. */
  TicketUpdated: { ticketId: number; seasonId: number; change: 'statement' | 'message' | 'vote' | 'appeal' };
  /** Stewards decided a ticket (round 1) or its appeal (round 2). */
  TicketDecided: { ticketId: number; seasonId: number; eventId: number; raceId: number; round: number };
  /** A game, or one of its tracks or cars, was created, edited or deleted: the catalogue's cached reads are out of date. */
  CatalogueChanged: { gameId: number };
  /** An affiliate was created, edited or deleted: Home's banner and logos change. */
  AffiliateChanged: { affiliateId: number };
  /** A merchandise product was created, edited or deleted. */
  ProductChanged: { productId: number };
  /** A download was created, edited, deleted or got a new file version. */
  DownloadChanged: { downloadId: number };
  /** A bidding round was created or edited, or a late bid moved a lot's close (counter-bid window). */
  BiddingRoundChanged: { roundId: number };
  /** The worker settled lots of a bidding round whose close had passed; `userIds` placed bids on them. */
  BiddingLotsSettled: { roundId: number; userIds: number[] };
  /** An organizer connected, changed or removed a race's timing source: workers start, restart or stop ingesting it. */
  TimingSourceChanged: { raceId: number };
  /** A captain or an organizer changed the drivers a team races a race with; `profileIds` race it now. */
  RaceLineupSet: { eventId: number; raceId: number; teamId: number; profileIds: number[] };
  /** A bid became the highest on a lot: `outbidUserIds` placed the bids it passed (bids stay sealed: no amounts). */
  BidOutbid: { roundId: number; lotId: number; lotLabel: string; outbidUserIds: number[] };
  /**
   * A notification was stored for a user; `push` and `discordDm` are the user's channels for its kind
   * (delivery by push and Discord DM subscribes to this).
   */
  NotificationCreated: { notificationId: number; userId: number; kind: string; title: string; body: string; link: string; push: boolean; discordDm: boolean };
}

export type DomainEventName = keyof DomainEventMap;

/** The current schema version of each event's payload; the keys are the runtime list of event names. */
export const DOMAIN_EVENT_VERSIONS: { readonly [N in DomainEventName]: number } = {
  HeadlineCreated: 1,
  HeadlineUpdated: 1,
  HeadlineDeleted: 1,
  MaintenanceChanged: 1,
  EventAttendanceChanged: 1,
  EventPublicationChanged: 1,
  EventDetailsChanged: 1,
  EventAnnouncementRequested: 1,
  EventVideoChanged: 1,
  LiveEventChanged: 1,
  DriverProfileChanged: 1,
  DriverPromoted: 1,
  TeamChanged: 1,
  TeamInviteChanged: 1,
  UserRolesChanged: 1,
  ApiKeyChanged: 1,
  CompetitionGroupChanged: 1,
  CompetitionChanged: 1,
  SeasonChanged: 1,
  ResultPosted: 1,
  SeasonStandingsUpdated: 1,
  SeasonLeaderChanged: 1,
  RivalsScheduleRotated: 1,
  RivalTimeSet: 1,
  TicketFiled: 1,
  TicketUpdated: 1,
  TicketDecided: 1,
  CatalogueChanged: 1,
  AffiliateChanged: 1,
  ProductChanged: 1,
  DownloadChanged: 1,
  BiddingRoundChanged: 1,
  BiddingLotsSettled: 1,
  TimingSourceChanged: 1,
  RaceLineupSet: 1,
  BidOutbid: 1,
  NotificationCreated: 1,
};

export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENT_VERSIONS) as DomainEventName[];

/** What the aggregate is: events of one aggregate are published in the order they were written. */
export interface AggregateRef {
  type: string;
  id: string | number;
}

export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  version: number;
  aggregate: AggregateRef;
  occurredAt: string;
  payload: DomainEventMap[N];
}
