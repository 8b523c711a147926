import { CheckConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { seatsLeft, type AttendanceCountDto, type AttendeeDto, type MyAttendanceDto } from '../../contracts/events.js';
import { recordDomainEvent } from '../../infra/events/domain-events.js';
import { invalidField } from '../../common/validation.js';
import { DriverProfile } from '../profiles/driver-profile.entity.js';
import { Team, TeamMember } from '../teams/team.entity.js';
import { EventAttendance, LeagueEvent } from './event.entities.js';
import { toAttendeeDto } from './events.mappers.js';
import { eventAggregate, findVisibleEvent } from './events.service.js';

export const EVENT_FULL = 'Event full';

/** True when the database refused a seat: the seat counter would pass the event's seats. */
function isSeatLimit(error: unknown): boolean {
  return error instanceof CheckConstraintViolationException && error.message.includes('events_seats_taken_within_seats');
}

/**
 * Who is in which event. The seat limit is the database's (trigger + check constraint on
 * events.seats_taken): concurrent sign-ups queue on the event row and the one past the last
 * seat fails, which is answered with 409 'Event full'. Every change records EventAttendanceChanged.
 */
@Injectable()
export class AttendanceService {
  constructor(private readonly em: EntityManager) {}

  /** A signed-in driver with a completed profile joins or leaves a published event that has not started. */
  async setMine(principal: Principal, eventId: number, attending: boolean): Promise<MyAttendanceDto> {
    const profile = await this.em.fork().findOne(DriverProfile, { user: principal.userId });
    if (!profile?.profileCompleted) throw new ForbiddenException('Complete your driver profile before joining events');
    const counts = await this.change(eventId, async (em) => {
      const event = await findVisibleEvent(em, eventId, principal);
      if (!event.published) throw new NotFoundException(`Event ${eventId} not found`);
      this.refuseIfStarted(event, attending ? 'The event has started: sign-ups are closed' : 'The event has started: you can no longer leave it');
      return attending ? this.enter(em, eventId, profile.id, null) : this.withdraw(em, eventId, profile.id);
    });
    return { ...counts, attending };
  }

  /** An organizer puts any driver in or out of an event, at any time; the seat limit still holds. */
  async setForDriver(eventId: number, profileId: number, attending: boolean): Promise<AttendanceCountDto> {
    return this.change(eventId, async (em) => {
      if (!(await em.count(LeagueEvent, eventId))) throw new NotFoundException(`Event ${eventId} not found`);
      if (!(await em.count(DriverProfile, profileId))) throw new NotFoundException(`Driver profile ${profileId} not found`);
      return attending ? this.enter(em, eventId, profileId, null) : this.withdraw(em, eventId, profileId);
    });
  }

  /**
   * A captain sets exactly which of the team's drivers race a team event: listed drivers are entered
   * for the team (all or none get a seat), the team's other entries are withdrawn.
   */
  async setTeamEntries(principal: Principal, eventId: number, teamId: number, profileIds: number[]): Promise<AttendanceCountDto> {
    return this.change(eventId, async (em) => {
      const event = await findVisibleEvent(em, eventId, principal);
      if (!event.published) throw new NotFoundException(`Event ${eventId} not found`);
      if (event.competitionStyle === 'SOLO') throw new ConflictException('This is a solo event: drivers join it themselves');
      this.refuseIfStarted(event, 'The event has started: team entries are closed');
      if (!(await em.count(Team, teamId))) throw new NotFoundException(`Team ${teamId} not found`);
      const captain = await em.count(TeamMember, { team: teamId, user: principal.userId, captain: true });
      if (!captain) throw new ForbiddenException(`You are not the captain of team ${teamId}`);

      const profiles = await em.find(DriverProfile, { id: { $in: profileIds } });
      const members = new Set(
        (await em.find(TeamMember, { team: teamId, user: { $in: profiles.map((profile) => profile.user.id) } })).map((member) => member.user.id),
      );
      profileIds.forEach((profileId, index) => {
        const profile = profiles.find((candidate) => candidate.id === profileId);
        if (!profile || !members.has(profile.user.id)) throw invalidField(`profileIds.${index}`, `driver ${profileId} is not in this team`);
        if (!profile.profileCompleted) throw invalidField(`profileIds.${index}`, `driver ${profileId} has not completed their profile`);
      });

      const withdrawn = await em.nativeDelete(EventAttendance, { event: eventId, team: teamId, profile: { $nin: profileIds } });
      let entered = 0;
      for (const profileId of profileIds) entered += await this.enter(em, eventId, profileId, teamId);
      return withdrawn + entered;
    });
  }

  /** The drivers in a (visible) event, in the order they joined. */
  async drivers(eventId: number, principal: Principal | undefined): Promise<AttendeeDto[]> {
    const em = this.em.fork();
    await findVisibleEvent(em, eventId, principal);
    const attendance = await em.find(EventAttendance, { event: eventId }, { populate: ['profile', 'team'], orderBy: { joinedAt: 'asc', profile: { id: 'asc' } } });
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
      return await this.em.transactional(async (em) => {
        const changed = await apply(em);
        if (changed > 0) recordDomainEvent(em, 'EventAttendanceChanged', eventAggregate(eventId), { eventId });
        await em.flush();
        return this.counts(em, eventId);
      });
    } catch (error) {
      if (isSeatLimit(error)) throw new ConflictException(EVENT_FULL);
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

  private refuseIfStarted(event: LeagueEvent, message: string): void {
    if (event.startsAt.getTime() <= Date.now()) throw new ConflictException(message);
  }
}
