import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import { isTeamEvent, type AttendeeDto } from '../../contracts/events.js';
import type { RaceLineupDto, RaceLineupsDto } from '../../contracts/race-lineups.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { TeamsService } from '../teams/index.js';
import { EventAttendance, LeagueEvent, Race } from './event.entities.js';
import { toStaffAttendeeDto } from './events.mappers.js';
import { eventAggregate, seesUnpublished } from './events.service.js';
import { RaceLineup } from './race-lineup.entity.js';
import { raiseLineupRevision, refuseIfLocked, refuseIfStarted, teamSizeText } from './team-entry-rules.js';

interface TeamEntry {
  teamId: number;
  teamName: string;
  entered: AttendeeDto[];
}

/**
 * Line-ups per race of a TEAM or LVL event. A team's event entry is its line-up for every race; an
 * organizer (at any time) or the team's captain (until the line-up lock) sets a different one for a
 * single race, chosen among the team's entered drivers (they hold the seats) and within the event's
 * team size (organizers may go below the smallest, as with entries). Removing it falls back to the
 * event entry. Changes record EventAttendanceChanged: open event pages get who is in, and refetch
 * line-ups.
 */
@Injectable()
export class RaceLineupsService {
  constructor(
    private readonly em: EntityManager,
    private readonly teams: TeamsService,
  ) {}

  /** Every entered team's line-up for the race (organizers), or the caller's own teams' (captains). */
  async list(principal: Principal, eventId: number, raceId: number): Promise<RaceLineupsDto> {
    const visible = await this.visibleTeams(principal);
    const em = this.em.fork();
    const event = await this.findEvent(em, principal, eventId);
    await this.findRace(em, eventId, raceId);
    if (!isTeamEvent(event)) return { eventId, raceId, lineups: [] };
    const entries = (await this.entries(em, eventId)).filter((entry) => visible === 'all' || visible.includes(entry.teamId));
    const rows = await em.find(RaceLineup, { race: raceId }, { fields: ['team', 'profile'] });
    const lineups = entries.map((entry) =>
      toLineup(
        entry,
        rows.filter((row) => row.team.id === entry.teamId).map((row) => row.profile.id),
      ),
    );
    return { eventId, raceId, lineups };
  }

  /**
   * Sets the team's drivers for this race. 400 for drivers not entered for the team, 403 for anyone but
   * an organizer or the team's captain, 409 for a solo event, a team not entered, sizes outside the
   * event's, and (captains) after the start or the line-up lock.
   */
  async set(principal: Principal, eventId: number, raceId: number, teamId: number, profileIds: number[]): Promise<RaceLineupDto> {
    return this.em.transactional(async (em) => {
      const { event, organizer } = await this.checkChange(em, principal, eventId, raceId, teamId);
      const entry = (await this.entries(em, eventId)).find((candidate) => candidate.teamId === teamId);
      if (!entry) throw new ConflictException(`Team ${teamId} is not entered in this event: enter the team before setting a race line-up`);
      const entered = new Set(entry.entered.map((driver) => driver.profileId));
      profileIds.forEach((profileId, index) => {
        if (!entered.has(profileId)) throw invalidField(`profileIds.${index}`, `driver ${profileId} is not entered in this event for ${entry.teamName}`);
      });
      const tooFew = !organizer && profileIds.length < event.teamSizeMin;
      if (tooFew || profileIds.length > event.teamSizeMax) throw new ConflictException(`${teamSizeText(event)}: you chose ${profileIds.length}`);

      const before = await em.find(RaceLineup, { race: raceId, team: teamId }, { fields: ['profile'] });
      const unchanged = before.length === profileIds.length && before.every((row) => profileIds.includes(row.profile.id));
      if (!unchanged) {
        await em.nativeDelete(RaceLineup, { race: raceId, team: teamId });
        await em.insertMany(
          RaceLineup,
          profileIds.map((profileId) => ({ race: raceId, team: teamId, profile: profileId })),
        );
        await raiseLineupRevision(em, eventId);
        recordDomainEvent(em, 'EventAttendanceChanged', eventAggregate(eventId), { eventId });
        recordDomainEvent(em, 'RaceLineupSet', eventAggregate(eventId), { eventId, raceId, teamId, profileIds });
      }
      return toLineup(entry, profileIds);
    });
  }

  /** The team races this race with its event entry again (nothing to remove is fine). Same callers and lock as `set`. */
  async reset(principal: Principal, eventId: number, raceId: number, teamId: number): Promise<void> {
    await this.em.transactional(async (em) => {
      await this.checkChange(em, principal, eventId, raceId, teamId);
      const removed = await em.nativeDelete(RaceLineup, { race: raceId, team: teamId });
      if (removed > 0) {
        await raiseLineupRevision(em, eventId);
        recordDomainEvent(em, 'EventAttendanceChanged', eventAggregate(eventId), { eventId });
      }
    });
  }

  /**
   * The event (its row locked: entries of the event queue behind the change, so the drivers checked
   * stay entered), the race, the team and the caller's right to change its line-up.
   */
  private async checkChange(em: EntityManager, principal: Principal, eventId: number, raceId: number, teamId: number) {
    const event = await this.findEvent(em, principal, eventId, LockMode.PESSIMISTIC_WRITE);
    await this.findRace(em, eventId, raceId);
    if (!(await this.teams.exists(teamId))) throw new NotFoundException(`Team ${teamId} not found`);
    const organizer = principal.flags.isOrganizer;
    if (!organizer && !(await this.teams.captainOf(principal.userId, em)).includes(teamId)) {
      throw new ForbiddenException(`Only organizers and the captain of team ${teamId} change its line-ups`);
    }
    if (!isTeamEvent(event)) throw new ConflictException('This is a solo event: it has no team line-ups');
    if (!organizer) {
      refuseIfStarted(event, 'The event has started: line-ups are closed');
      refuseIfLocked(event);
    }
    return { event, organizer };
  }

  /** An unpublished event exists for organizers only, as everywhere. */
  private async findEvent(em: EntityManager, principal: Principal, eventId: number, lockMode?: LockMode): Promise<LeagueEvent> {
    const event = await em.findOne(LeagueEvent, eventId, lockMode ? { lockMode } : {});
    if (!event || (!event.published && !seesUnpublished(principal))) throw new NotFoundException(`Event ${eventId} not found`);
    return event;
  }

  private async findRace(em: EntityManager, eventId: number, raceId: number): Promise<void> {
    if (!(await em.count(Race, { id: raceId, raceEvent: { event: eventId } }))) throw new NotFoundException(`Race ${raceId} is not a race of event ${eventId}`);
  }

  /** Organizers see every team; captains the teams they captain; anyone else is refused. */
  private async visibleTeams(principal: Principal): Promise<'all' | number[]> {
    if (principal.flags.isOrganizer) return 'all';
    const captained = await this.teams.captainOf(principal.userId);
    if (!captained.length) throw new ForbiddenException('Only organizers and team captains see race line-ups');
    return captained;
  }

  /** The teams entered in the event with their drivers (in the order they entered), by team name. */
  private async entries(em: EntityManager, eventId: number): Promise<TeamEntry[]> {
    const rows = await em.find(
      EventAttendance,
      { event: eventId, team: { $ne: null } },
      { populate: ['profile', 'team'], orderBy: { joinedAt: 'asc', profile: { id: 'asc' } } },
    );
    const byTeam = new Map<number, TeamEntry>();
    for (const row of rows) {
      const team = row.team!;
      const entry = byTeam.get(team.id) ?? { teamId: team.id, teamName: team.name, entered: [] };
      entry.entered.push(toStaffAttendeeDto(row));
      byTeam.set(team.id, entry);
    }
    return [...byTeam.values()].sort((a, b) => a.teamName.localeCompare(b.teamName));
  }
}

/** The race's own drivers when it has any, else the event entry. */
function toLineup(entry: TeamEntry, raceProfileIds: number[]): RaceLineupDto {
  const own = raceProfileIds.length > 0;
  return {
    teamId: entry.teamId,
    teamName: entry.teamName,
    source: own ? 'RACE' : 'EVENT',
    drivers: own ? entry.entered.filter((driver) => raceProfileIds.includes(driver.profileId)) : entry.entered,
    entered: entry.entered,
  };
}
