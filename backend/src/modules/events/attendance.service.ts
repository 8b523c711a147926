import { CheckConstraintViolationException, IsolationLevel } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { OneAtATime } from '../../common/one-at-a-time.js';
import { refuseIfAbandoned } from '../../common/request-abandonment.js';
import type { Principal } from '../../common/principal.js';
import type { ClientEventMap } from '../../contracts/client-events.js';
import { isTeamEvent, seatsLeft, type AttendanceCountDto, type AttendeeDto, type MyAttendanceDto } from '../../contracts/events.js';
import type { ProfileEventDto } from '../../contracts/profiles.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange } from '../audit/index.js';
import { invalidField } from '../../common/validation.js';
import { ProfilesService } from '../profiles/index.js';
import { TeamsService } from '../teams/index.js';
import { EventAttendance, LeagueEvent } from './event.entities.js';
import { toAttendeeDto } from './events.mappers.js';
import { eventAggregate, findVisibleEvent } from './events.service.js';
import { dropStaleRaceLineups, raiseLineupRevision, refuseIfLocked, refuseIfStarted, teamSizeText } from './team-entry-rules.js';
import { banReason } from '../stewarding/index.js';

export const EVENT_FULL = 'Event full';
export const SOLO_ENTRY_REFUSED = "This is a team event: your team's captain enters the drivers who race it";

/** True when the database refused a seat: the seat counter would pass the event's seats. */
function isSeatLimit(error: unknown): boolean {
  return error instanceof CheckConstraintViolationException && error.message.includes('events_seats_taken_within_seats');
}

/** True when the database refused a team's driver past the event's largest team. */
function isTeamSizeLimit(error: unknown): boolean {
  return error instanceof Error && error.message.includes('event_attendance_team_size_within_max');
}

/**
 * Who is in which event. The seat limit is the database's (trigger + check constraint on
 * events.seats_taken): concurrent sign-ups queue, in each process and then on the event row, and the
 * one past the last seat fails, which is answered with 409 'Event full'. Every change records
 * EventAttendanceChanged and drops the race line-up rows of drivers no longer entered for their team.
 */
@Injectable()
export class AttendanceService {
  /**
   * A process runs one attendance change of an event at a time: the others wait here, not on the
   * event row holding a pooled connection each. A rush of sign-ups (a grid opening on race night)
   * would otherwise use up the pool while they queued on the row lock, and under load the last of
   * them, and anyone else's query meanwhile, hit the bounds on waits (503).
   */
  private readonly changesOfEvent = new OneAtATime<number>();

  constructor(
    private readonly em: EntityManager,
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
  ) {}

  /**
   * A signed-in driver with a completed profile joins or leaves a published event that has not started.
   * TEAM and LVL events are entered by a team's captain: a driver may leave one (before the line-up
   * lock), never join alone.
   */
  async setMine(principal: Principal, eventId: number, attending: boolean): Promise<MyAttendanceDto> {
    const profile = await this.profiles.findByUser(principal.userId);
    if (!profile?.profileCompleted) throw new ForbiddenException('Complete your driver profile before joining events');
    const counts = await this.change(eventId, async (em) => {
      const event = await findVisibleEvent(em, eventId, principal);
      if (!event.published) throw new NotFoundException(`Event ${eventId} not found`);
      refuseIfStarted(event, attending ? 'The event has started: sign-ups are closed' : 'The event has started: you can no longer leave it');
      if (isTeamEvent(event)) {
        if (attending) throw new ConflictException(SOLO_ENTRY_REFUSED);
        refuseIfLocked(event);
      }
      const banned = attending ? await banReason(em, profile.id, eventId) : null;
      if (banned) throw new ForbiddenException(banned);
      return attending ? this.enter(em, eventId, profile.id, null) : this.withdraw(em, eventId, profile.id);
    });
    return { ...counts, attending };
  }

  /**
   * An organizer puts any driver in or out of an event, at any time; the seat limit still holds. A
   * TEAM or LVL event takes drivers with their team only (`PUT /events/{id}/attendance/team`).
   */
  async setForDriver(organizer: Principal, eventId: number, profileId: number, attending: boolean): Promise<AttendanceCountDto> {
    return this.change(eventId, async (em) => {
      const event = await em.findOne(LeagueEvent, eventId);
      if (!event) throw new NotFoundException(`Event ${eventId} not found`);
      const driver = (await this.profiles.summaries([profileId])).get(profileId);
      if (!driver) throw new NotFoundException(`Driver profile ${profileId} not found`);
      if (attending && isTeamEvent(event)) throw new ConflictException('This is a team event: enter the driver with their team');
      const changed = attending ? await this.enter(em, eventId, profileId, null) : await this.withdraw(em, eventId, profileId);
      if (changed > 0) {
        recordStaffChange(em, {
          actorId: organizer.userId,
          kind: 'event',
          entityId: eventId,
          label: `${event.name}: ${driver.driverName}`,
          action: attending ? 'driver entered' : 'driver withdrawn',
          before: { driver: driver.driverName, entered: !attending },
          after: { driver: driver.driverName, entered: attending },
        });
      }
      return changed;
    });
  }

  /**
   * A captain sets exactly which of the team's drivers race a TEAM or LVL event, until the line-up
   * locks: none (the team withdraws) or between the event's team sizes. Listed drivers are entered for
   * the team (all or none get a seat), the team's other entries are withdrawn.
   */
  async setTeamEntries(principal: Principal, eventId: number, teamId: number, profileIds: number[]): Promise<AttendanceCountDto> {
    return this.change(eventId, async (em) => {
      const event = await findVisibleEvent(em, eventId, principal);
      if (!event.published) throw new NotFoundException(`Event ${eventId} not found`);
      if (!isTeamEvent(event)) throw new ConflictException('This is a solo event: drivers join it themselves');
      refuseIfStarted(event, 'The event has started: team entries are closed');
      refuseIfLocked(event);
      if (!(await this.teams.exists(teamId))) throw new NotFoundException(`Team ${teamId} not found`);
      if (!(await this.teams.captainOf(principal.userId)).includes(teamId)) throw new ForbiddenException(`You are not the captain of team ${teamId}`);
      if (profileIds.length > 0 && (profileIds.length < event.teamSizeMin || profileIds.length > event.teamSizeMax)) {
        throw new ConflictException(`${teamSizeText(event)}: you entered ${profileIds.length}`);
      }
      return this.replaceTeamEntries(em, event, teamId, profileIds);
    });
  }

  /**
   * Organizers adjust a team's entries of a TEAM or LVL event at any time, below the smallest team
   * size too (a driver dropped out); never past the largest (the database holds it).
   */
  async setTeamEntriesAsOrganizer(organizer: Principal, eventId: number, teamId: number, profileIds: number[]): Promise<AttendanceCountDto> {
    return this.change(eventId, async (em) => {
      const event = await em.findOne(LeagueEvent, eventId);
      if (!event) throw new NotFoundException(`Event ${eventId} not found`);
      if (!isTeamEvent(event)) throw new ConflictException('This is a solo event: drivers join it themselves');
      if (!(await this.teams.exists(teamId))) throw new NotFoundException(`Team ${teamId} not found`);
      if (profileIds.length > event.teamSizeMax) throw new ConflictException(`${teamSizeText(event)}: you entered ${profileIds.length}`);
      const before = (await em.find(EventAttendance, { event: eventId, team: teamId }, { orderBy: { profile: 'asc' } })).map((entry) => entry.profile.id);
      const changed = await this.replaceTeamEntries(em, event, teamId, profileIds);
      if (changed > 0) {
        const team = await this.teams.get(teamId);
        const drivers = await this.profiles.summaries([...new Set([...before, ...profileIds])], em);
        const named = (ids: number[]) => ids.map((id) => drivers.get(id)?.driverName ?? 'Former driver');
        recordStaffChange(em, {
          actorId: organizer.userId,
          kind: 'event',
          entityId: eventId,
          label: `${event.name}: ${team.name}`,
          action: 'team entries set',
          before: { team: team.name, drivers: named(before) },
          after: { team: team.name, drivers: named(profileIds) },
        });
      }
      return changed;
    });
  }

  /** The team races the event's game (or none), every listed driver is a member with a completed profile; then the entries are replaced. */
  private async replaceTeamEntries(em: EntityManager, event: LeagueEvent, teamId: number, profileIds: number[]): Promise<number> {
    const team = await this.teams.get(teamId);
    if (team.game && team.game.id !== event.game.id) throw new ConflictException(`${team.name} races ${team.game.name}, not this event's game`);
    const profiles = await this.profiles.summaries(profileIds);
    const members = await this.teams.membersAmong(
      teamId,
      [...profiles.values()].map((profile) => profile.userId),
    );
    profileIds.forEach((profileId, index) => {
      const profile = profiles.get(profileId);
      if (!profile || !members.has(profile.userId)) throw invalidField(`profileIds.${index}`, `driver ${profileId} is not in this team`);
      if (!profile.profileCompleted) throw invalidField(`profileIds.${index}`, `driver ${profileId} has not completed their profile`);
    });
    for (const [index, profileId] of profileIds.entries()) {
      const banned = await banReason(em, profileId, event.id);
      if (banned) throw invalidField(`profileIds.${index}`, `driver ${profileId} cannot race it: ${banned}`);
    }

    const withdrawn = await em.nativeDelete(EventAttendance, { event: event.id, team: teamId, profile: { $nin: profileIds } });
    let entered = 0;
    for (const profileId of profileIds) entered += await this.enter(em, event.id, profileId, teamId);
    return withdrawn + entered;
  }

  /** The published events a driver entered, newest first (the public profile's list). */
  async eventsOfProfile(profileId: number): Promise<ProfileEventDto[]> {
    const entries = await this.em
      .fork()
      .find(
        EventAttendance,
        { profile: profileId, event: { published: true } },
        { populate: ['event', 'team'], orderBy: { event: { startsAt: 'desc', id: 'desc' } }, limit: 200 },
      );
    return entries.map(({ event, team }) => ({
      eventId: event.id,
      name: event.name,
      date: event.startsAt.toISOString(),
      assessmentEvent: event.assessment,
      team: team ? { id: team.id, name: team.name } : null,
    }));
  }

  /** The drivers in a (visible) event, in the order they joined. */
  async drivers(eventId: number, principal: Principal | undefined): Promise<AttendeeDto[]> {
    const em = this.em.fork();
    await findVisibleEvent(em, eventId, principal);
    return this.attendees(em, eventId);
  }

  /**
   * What `event.attendance.changed` tells the event's page: the seats and who is in, read together
   * (one short read-only snapshot); null when the event is gone.
   */
  async changedMessage(em: EntityManager, eventId: number): Promise<ClientEventMap['event.attendance.changed'] | null> {
    return em.fork().transactional(
      async (tx) => {
        const event = await tx.findOne(LeagueEvent, eventId, { fields: ['seats', 'seatsTaken'] });
        if (!event) return null;
        const attendees = await this.attendees(tx, eventId, event.seats);
        return { eventId, attendanceCount: event.seatsTaken, seatsLeft: seatsLeft(event.seats, event.seatsTaken), attendees };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  /** In the order they joined (the order every list of attendees shows). */
  private async attendees(em: EntityManager, eventId: number, limit?: number): Promise<AttendeeDto[]> {
    const attendance = await em.find(EventAttendance, { event: eventId }, { populate: ['profile', 'team'], orderBy: { joinedAt: 'asc', profile: { id: 'asc' } }, limit });
    return attendance.map(toAttendeeDto);
  }

  /** The seat numbers of an event right now (read in `em`'s transaction, if any). */
  async counts(em: EntityManager, eventId: number): Promise<AttendanceCountDto> {
    const [row] = await em.execute<{ seats: number; seats_taken: number }[]>('select seats, seats_taken from events where id = ?', [eventId]);
    if (!row) throw new NotFoundException(`Event ${eventId} not found`);
    return { eventId, attendanceCount: row.seats_taken, seatsLeft: seatsLeft(row.seats, row.seats_taken) };
  }

  /** Runs an attendance change in a transaction; records the domain event when rows changed; maps the seat limit to 409. */
  private async change(eventId: number, apply: (em: EntityManager) => Promise<number>): Promise<AttendanceCountDto> {
    try {
      return await this.changesOfEvent.run(eventId, () => {
        // A request given up while it waited for its turn (its client left, its deadline passed) starts no transaction.
        refuseIfAbandoned();
        return this.em.transactional(async (em) => {
          const changed = await apply(em);
          if (changed > 0) {
            await dropStaleRaceLineups(em, eventId);
            await raiseLineupRevision(em, eventId);
            recordDomainEvent(em, 'EventAttendanceChanged', eventAggregate(eventId), { eventId });
          }
          await em.flush();
          return this.counts(em, eventId);
        });
      });
    } catch (error) {
      if (isSeatLimit(error)) throw new ConflictException(EVENT_FULL);
      if (isTeamSizeLimit(error)) throw new ConflictException('The team would have more drivers than this event allows');
      throw error;
    }
  }

  /** Takes a seat (the trigger counts it); a driver already in keeps the seat, moved to `teamId` when given. Returns rows inserted. */
  private async enter(em: EntityManager, eventId: number, profileId: number, teamId: number | null): Promise<number> {
    const sql =
      teamId === null
        ? 'insert into event_attendance (event_id, profile_id) values (?, ?) on conflict do nothing returning profile_id'
        : 'insert into event_attendance (event_id, profile_id, team_id) values (?, ?, ?) on conflict (event_id, profile_id) do update set team_id = excluded.team_id ' +
          'where event_attendance.team_id is distinct from excluded.team_id returning profile_id';
    const rows = await em.execute<{ profile_id: number }[]>(sql, teamId === null ? [eventId, profileId] : [eventId, profileId, teamId]);
    return rows.length;
  }

  private async withdraw(em: EntityManager, eventId: number, profileId: number): Promise<number> {
    return em.nativeDelete(EventAttendance, { event: eventId, profile: profileId });
  }
}
