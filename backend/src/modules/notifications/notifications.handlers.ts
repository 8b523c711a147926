import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import type { DomainEvent, DomainEventName } from '../../contracts/domain-events.js';
import { becameVerified } from '../../contracts/pushes.js';
import { HandlesDomainEvent, type TransactionalContext } from '../../infra/outbox/handles-domain-event.js';
import { Scheduled } from '../../infra/scheduling/scheduled.js';
import { latestRaceCrew, SeasonsService, StandingsService } from '../competitions/index.js';
import { entrants, publishedEventsStartingBetween, raceNaming, raceOfEvent } from '../events/index.js';
import { ProfilesService } from '../profiles/index.js';
import { RivalsBoardsService } from '../rivals/index.js';
import { ticketParties } from '../stewarding/index.js';
import { TeamsService } from '../teams/index.js';
import { NotificationStandingPosition } from './notifications.entities.js';
import { NotificationsService } from './notifications.service.js';

/** How long before an event's start its joined drivers are reminded. */
export const RACE_REMINDER_MS = 30 * 60_000;

/** When what a notification tells happened: its event's time, so notifications of events handled at once keep their events' order. */
const happenedAt = (event: DomainEvent<DomainEventName>): Date => new Date(event.occurredAt);

/**
 * One subscriber per kind of notification (each in the transaction that records it handled, so a
 * notification is written once however often its event is delivered), the race reminder and the
 * pruning. Other modules are read only through their public faces.
 */
@Injectable()
export class NotificationsHandlers {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly profiles: ProfilesService,
    private readonly seasons: SeasonsService,
    private readonly standings: StandingsService,
    private readonly rivals: RivalsBoardsService,
    private readonly teams: TeamsService,
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** Every minute: drivers who joined a published event starting within 30 minutes are told once (the unique dedupe key holds across workers). */
  @Scheduled({ name: 'notify-races-starting', every: 60_000 })
  async remindRacesStarting(): Promise<number> {
    const now = this.clock.now();
    return this.em.fork().transactional(async (em) => {
      const events = await publishedEventsStartingBetween(em, now, new Date(now.getTime() + RACE_REMINDER_MS));
      let told = 0;
      for (const event of events) {
        const userIds = await this.userIdsOf(
          em,
          (await entrants(em, [event.id])).map((entry) => entry.profileId),
        );
        const minutes = Math.max(1, Math.round((event.startsAt.getTime() - now.getTime()) / 60_000));
        told += await this.notifications.notify(em, {
          userIds,
          kind: 'race-starting',
          title: `${event.name} starts in ${minutes} minutes`,
          body: `You joined ${event.name}: get ready, it starts in ${minutes} minutes.`,
          link: `/events/${event.id}`,
          dedupeKey: `race-starting:${event.id}`,
        });
      }
      return told;
    });
  }

  /** Every day: notifications older than the retention (90 days) are deleted. */
  @Scheduled({ name: 'prune-notifications', cron: '17 3 * * *' })
  prune(): Promise<number> {
    return this.notifications.prune();
  }

  /** The drivers of a race's results hear once that they are posted (later revisions tell nobody again). */
  @HandlesDomainEvent('ResultPosted', { background: true })
  async resultsPosted(event: DomainEvent<'ResultPosted'>, { em }: TransactionalContext): Promise<void> {
    const { raceId, seasonId, eventId } = event.payload;
    const [race, season] = await Promise.all([raceTitle(em, raceId), this.seasons.ref(em, seasonId)]);
    if (!race || !season) return;
    await this.notifications.notify(
      em,
      {
        userIds: await this.userIdsOf(em, (await latestRaceCrew(em, raceId)).profileIds),
        kind: 'results-posted',
        title: `Results posted: ${race}`,
        body: `The results of ${race} (${season.label}) are posted.`,
        link: `/events/competitions/current/${season.competitionId}/season/${seasonId}#${eventId}`,
        dedupeKey: `results-posted:${raceId}`,
      },
      happenedAt(event),
    );
  }

  /** Drivers whose standings position moved from the one they were last told of (or first seen at) hear their new one. */
  @HandlesDomainEvent('SeasonStandingsUpdated', { background: true })
  async standingsChanged(event: DomainEvent<'SeasonStandingsUpdated'>, { em }: TransactionalContext): Promise<void> {
    const { seasonId } = event.payload;
    const [standings, season] = await Promise.all([this.standings.storedDto(em, seasonId), this.seasons.ref(em, seasonId)]);
    if (!standings || !season) return;
    const known = new Map((await em.find(NotificationStandingPosition, { seasonId })).map((row) => [row.profileId, row.position]));
    const moved = standings.drivers.filter((driver) => known.has(driver.profile.id) && known.get(driver.profile.id) !== driver.position);
    if (standings.drivers.length) {
      await em.upsertMany(
        NotificationStandingPosition,
        standings.drivers.map((driver) => ({ seasonId, profileId: driver.profile.id, position: driver.position })),
      );
    }
    const owners = await this.profiles.summaries(
      moved.map((driver) => driver.profile.id),
      em,
    );
    await this.notifications.notifyEach(
      em,
      'standings-changed',
      moved.flatMap((driver) => {
        const owner = owners.get(driver.profile.id);
        if (!owner) return [];
        const before = known.get(driver.profile.id)!;
        return {
          userId: owner.userId,
          title: `You are P${driver.position} in ${season.label}`,
          body: `${driver.position < before ? 'Up' : 'Down'} from P${before}, on ${driver.points} points.`,
          link: `/events/competitions/standings/${season.competitionId}/${seasonId}`,
          dedupeKey: `standings-changed:${seasonId}:${event.id}`,
        };
      }),
      happenedAt(event),
    );
  }

  /** Drivers beaten by a rival they picked hear it once the rival's time is verified (a provisional time tells no one). */
  @HandlesDomainEvent('RivalTimeSet', { background: true })
  async rivalBeaten(event: DomainEvent<'RivalTimeSet'>, { em }: TransactionalContext): Promise<void> {
    if (!becameVerified(event.payload)) return;
    await this.notifications.notifyEach(
      em,
      'rival-beaten',
      (await this.rivals.beaten(em, event.payload)).map(({ userId, message }) => ({
        userId,
        title: `${message.rival.name} beat your time`,
        body: `${message.rival.name} set ${message.rivalTimeAsText} at ${message.track.trackName} ${message.track.name} (${message.platform}); your best there is ${message.yourTimeAsText}.`,
        link: `/rivals/${message.platform.toLowerCase()}/${message.gameId}/${message.track.id}`,
        dedupeKey: `rival-beaten:${event.payload.timeId}`,
      })),
      happenedAt(event),
    );
  }

  /** Each accused driver hears that a ticket was filed against them. */
  @HandlesDomainEvent('TicketFiled', { background: true })
  async ticketFiled(event: DomainEvent<'TicketFiled'>, { em }: TransactionalContext): Promise<void> {
    const ticket = await ticketParties(em, event.payload.ticketId);
    const race = ticket && (await raceTitle(em, ticket.raceId));
    if (!ticket || !race) return;
    await this.notifications.notify(
      em,
      {
        userIds: await this.userIdsOf(
          em,
          ticket.parties.filter((party) => party.role === 'ACCUSED').map((party) => party.profileId),
        ),
        kind: 'ticket-filed',
        title: `A ticket was filed against you`,
        body: `About an incident in ${race}. Give your statement on your profile while the stewards look at it.`,
        link: '/profile',
        dedupeKey: `ticket-filed:${event.payload.ticketId}`,
      },
      happenedAt(event),
    );
  }

  /** Every party hears a decision (round 1) or the hearing of an appeal (a later round). */
  @HandlesDomainEvent('TicketDecided', { background: true })
  async ticketDecided(event: DomainEvent<'TicketDecided'>, { em }: TransactionalContext): Promise<void> {
    const { ticketId, round } = event.payload;
    const ticket = await ticketParties(em, ticketId);
    const race = ticket && (await raceTitle(em, ticket.raceId));
    if (!ticket || !race) return;
    const appeal = round > 1;
    await this.notifications.notify(
      em,
      {
        userIds: await this.userIdsOf(
          em,
          ticket.parties.map((party) => party.profileId),
        ),
        kind: appeal ? 'appeal-heard' : 'ticket-decided',
        title: appeal ? `The appeal of ticket ${ticketId} was heard` : `Ticket ${ticketId} was decided`,
        body: `The stewards ${appeal ? 'heard the appeal about' : 'decided the ticket about'} ${race}. See the decision on your profile.`,
        link: '/profile',
        dedupeKey: `ticket-decided:${ticketId}:${event.id}`,
      },
      happenedAt(event),
    );
  }

  /** The invited driver hears of a new invitation (a withdrawn, accepted or declined one tells nobody). */
  @HandlesDomainEvent('TeamInviteChanged', { background: true })
  async teamInvite(event: DomainEvent<'TeamInviteChanged'>, { em }: TransactionalContext): Promise<void> {
    const { teamId, userId } = event.payload;
    if (!(await this.teams.isInvited(em, teamId, userId))) return;
    const team = (await this.teams.badges([teamId], em)).get(teamId);
    if (!team) return;
    await this.notifications.notify(
      em,
      {
        userIds: [userId],
        kind: 'team-invite',
        title: `${team.name} invited you`,
        body: `${team.name} invited you to race for them. Accept or decline on your profile.`,
        link: '/profile',
        dedupeKey: `team-invite:${teamId}:${event.id}`,
      },
      happenedAt(event),
    );
  }

  /** The drivers of a team's new race line-up hear that they race it. */
  @HandlesDomainEvent('RaceLineupSet', { background: true })
  async lineupSet(event: DomainEvent<'RaceLineupSet'>, { em }: TransactionalContext): Promise<void> {
    const { eventId, raceId, teamId, profileIds } = event.payload;
    const race = await raceTitle(em, raceId);
    const team = (await this.teams.badges([teamId], em)).get(teamId);
    if (!race || !team) return;
    await this.notifications.notify(
      em,
      {
        userIds: await this.userIdsOf(em, profileIds),
        kind: 'lineup-set',
        title: `You race ${race} for ${team.name}`,
        body: `${team.name}'s line-up for ${race} includes you.`,
        link: `/events/${eventId}`,
        dedupeKey: `lineup-set:${raceId}:${event.id}`,
      },
      happenedAt(event),
    );
  }

  /** Bidders whose bid a higher one passed hear it (no amounts: bids stay sealed). */
  @HandlesDomainEvent('BidOutbid', { background: true })
  async outbid(event: DomainEvent<'BidOutbid'>, { em }: TransactionalContext): Promise<void> {
    const { lotId, lotLabel, outbidUserIds } = event.payload;
    await this.notifications.notify(
      em,
      {
        userIds: outbidUserIds,
        kind: 'outbid',
        title: `You were outbid on ${lotLabel}`,
        body: `Another bid on ${lotLabel} is higher than yours now. Raise yours before the lot closes.`,
        link: lotLabel.startsWith('number') ? '/profile' : '/myteams',
        dedupeKey: `outbid:${lotId}:${event.id}`,
      },
      happenedAt(event),
    );
  }

  private async userIdsOf(em: EntityManager, profileIds: number[]): Promise<number[]> {
    if (!profileIds.length) return [];
    return [...(await this.profiles.summaries([...new Set(profileIds)], em)).values()].map((profile) => profile.userId);
  }
}

/** "GT3 Cup, race 2 at Monza" (null: the race was deleted since). */
async function raceTitle(em: EntityManager, raceId: number): Promise<string | null> {
  if (!(await raceOfEvent(em, raceId))) return null;
  const { eventName, trackName, number } = await raceNaming(em, raceId);
  return `${eventName}, race ${number}${trackName ? ` at ${trackName}` : ''}`;
}
