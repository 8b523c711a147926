import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import type { RaceResultLine as RaceResultLineRequest, RaceResultsDto, ResultRevisionDto } from '../../contracts/competitions.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { EventAttendance, Race } from '../events/event.entities.js';
import { DriverProfile } from '../profiles/driver-profile.entity.js';
import { Team } from '../teams/team.entity.js';
import { User } from '../users/user.entity.js';
import { RaceResultLine, ResultRevision, type Season } from './competition.entities.js';
import { ResultsReader } from './results.reader.js';
import { findRound, seasonAggregate } from './seasons.service.js';

/** The longest note a revision keeps ("imported from <file>" is cut to fit). */
export const NOTE_MAX = 200;

/** A race of a season's round, as the results routes name it. */
export interface RaceRef {
  seasonId: number;
  eventId: number;
  raceId: number;
}

/** Where a line's problem is reported: `results.3.profileId` for entered lines, `lines.3` for an imported file's. */
export type LineField = (index: number, field?: string) => string;
const ENTERED: LineField = (index, field) => `results.${index}${field ? `.${field}` : ''}`;

/** A revision's lines (loaded) as lines of a new save: what reverting, and stewards' penalties, start from. */
export function revisionLines(revision: ResultRevision): RaceResultLineRequest[] {
  return revision.lines.getItems().map((line) => ({
    profileId: line.profile.id,
    position: line.position,
    status: line.status,
    laps: line.laps,
    totalTimeMs: line.totalTimeMs,
    bestLapMs: line.bestLapMs,
    pole: line.pole,
    fastestLap: line.fastestLap,
    teamId: line.team?.id ?? null,
  }));
}

/**
 * Results of a season's races: every save (entered, imported, reverted) is a new revision of the race's
 * classification, written with ResultPosted in one transaction; the latest revision is what counts.
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly em: EntityManager,
    private readonly reader: ResultsReader,
  ) {}

  /** The race's latest results (public: unpublished rounds only for organizers). */
  async latest(ref: RaceRef, principal: Principal | null | undefined): Promise<RaceResultsDto> {
    const em = this.em.fork();
    await this.findRace(em, ref, principal);
    const [results] = await this.reader.latestOf(em, ref.seasonId, [ref.raceId], !!principal?.flags.isOrganizer);
    return results;
  }

  /** The race's revisions, newest first. */
  async history(ref: RaceRef, principal: Principal): Promise<ResultRevisionDto[]> {
    const em = this.em.fork();
    await this.findRace(em, ref, principal);
    return this.reader.history(em, ref.raceId);
  }

  /** One revision of the race, to compare with another. */
  async revision(ref: RaceRef, number: number, principal: Principal): Promise<RaceResultsDto> {
    const em = this.em.fork();
    await this.findRace(em, ref, principal);
    const revision = await this.reader.revision(em, ref.seasonId, ref.raceId, number, true);
    if (!revision) throw new NotFoundException(`Race ${ref.raceId} has no revision ${number}`);
    return revision;
  }

  /** Saves the race's whole classification as its next revision. */
  async save(ref: RaceRef, lines: RaceResultLineRequest[], principal: Principal, note = 'saved'): Promise<RaceResultsDto> {
    await this.em.transactional(async (em) => {
      const { season } = await this.findRace(em, ref, principal);
      await this.writeRevision(em, season, ref, lines, principal, note, ENTERED);
    });
    return this.latest(ref, principal);
  }

  /** Makes a new revision with the lines of an earlier one ("reverted to revision N"). */
  async revert(ref: RaceRef, number: number, principal: Principal): Promise<RaceResultsDto> {
    await this.em.transactional(async (em) => {
      const { season } = await this.findRace(em, ref, principal);
      const revision = await em.findOne(ResultRevision, { race: ref.raceId, number }, { populate: ['lines'] });
      if (!revision) throw new NotFoundException(`Race ${ref.raceId} has no revision ${number}`);
      await this.writeRevision(em, season, ref, revisionLines(revision), principal, `reverted to revision ${number}`, ENTERED);
    });
    return this.latest(ref, principal);
  }

  /**
   * Checks the lines (400 naming the field of the first problem of each kind) and writes them as the
   * race's next revision with ResultPosted, in `em`'s transaction. A line without `teamId` takes the
   * team its driver entered the event with. Saves of one season are numbered one after another: the
   * season's row is locked by raising its results version.
   */
  async writeRevision(em: EntityManager, season: Season, ref: RaceRef, lines: RaceResultLineRequest[], principal: Principal, note: string, field: LineField): Promise<number> {
    checkClassification(lines, field);
    const profileIds = lines.map((line) => line.profileId);
    const teamIds = [...new Set(lines.map((line) => line.teamId).filter((id): id is number => typeof id === 'number'))];
    const [profiles, teams, entries] = await Promise.all([
      profileIds.length ? em.find(DriverProfile, { id: { $in: profileIds } }) : Promise.resolve([]),
      teamIds.length ? em.find(Team, { id: { $in: teamIds } }) : Promise.resolve([]),
      profileIds.length ? em.find(EventAttendance, { event: ref.eventId, profile: { $in: profileIds } }) : Promise.resolve([]),
    ]);
    const profileById = new Map(profiles.map((profile) => [profile.id, profile]));
    const teamById = new Map(teams.map((team) => [team.id, team]));
    lines.forEach((line, index) => {
      if (!profileById.has(line.profileId)) throw invalidField(field(index, 'profileId'), `driver profile ${line.profileId} does not exist`);
      if (typeof line.teamId === 'number' && !teamById.has(line.teamId)) throw invalidField(field(index, 'teamId'), `team ${line.teamId} does not exist`);
    });
    const enteredTeam = new Map(entries.map((entry) => [entry.profile.id, entry.team]));

    await em.execute('update seasons set results_version = results_version + 1 where id = ?', [season.id]);
    const [{ next }] = await em.execute<{ next: number }[]>('select coalesce(max(number), 0) + 1 as next from result_revisions where race_id = ?', [ref.raceId]);
    const revision = em.create(ResultRevision, {
      race: em.getReference(Race, ref.raceId),
      number: next,
      author: em.getReference(User, principal.userId),
      note: note.slice(0, NOTE_MAX),
    });
    for (const line of lines) {
      em.create(RaceResultLine, {
        revision,
        profile: profileById.get(line.profileId)!,
        team: line.teamId === undefined ? (enteredTeam.get(line.profileId) ?? null) : line.teamId === null ? null : teamById.get(line.teamId)!,
        position: line.position,
        status: line.status,
        laps: line.laps,
        totalTimeMs: line.totalTimeMs ?? null,
        bestLapMs: line.bestLapMs ?? null,
        pole: line.pole ?? false,
        fastestLap: line.fastestLap ?? false,
      });
    }
    recordDomainEvent(em, 'ResultPosted', seasonAggregate(season.id), { seasonId: season.id, eventId: ref.eventId, raceId: ref.raceId, revision: next });
    await em.flush();
    return next;
  }

  /** The race, checked to be a race of the round, the round of the season (404 saying which is not). */
  async findRace(em: EntityManager, ref: RaceRef, principal: Principal | null | undefined): Promise<{ season: Season; race: Race }> {
    const { season } = await findRound(em, ref.seasonId, ref.eventId, principal);
    const race = await em.findOne(Race, { id: ref.raceId, raceEvent: { event: ref.eventId } });
    if (!race) throw new NotFoundException(`Race ${ref.raceId} is not a race of event ${ref.eventId}`);
    return { season, race };
  }
}

/**
 * A classification is whole: positions 1 to n, each once; each driver once; one pole and one fastest
 * lap at most. 400 naming the offending line (and field).
 */
export function checkClassification(lines: readonly RaceResultLineRequest[], field: LineField = ENTERED): void {
  const seenDriver = new Map<number, number>();
  const seenPosition = new Map<number, number>();
  lines.forEach((line, index) => {
    const other = seenDriver.get(line.profileId);
    if (other !== undefined) throw invalidField(field(index, 'profileId'), `driver profile ${line.profileId} is in the results twice (lines ${other + 1} and ${index + 1})`);
    seenDriver.set(line.profileId, index);
    if (line.position > lines.length)
      throw invalidField(field(index, 'position'), `position ${line.position} is past the last of ${lines.length} lines: positions run from 1 to ${lines.length}`);
    const samePosition = seenPosition.get(line.position);
    if (samePosition !== undefined) throw invalidField(field(index, 'position'), `position ${line.position} is given twice (lines ${samePosition + 1} and ${index + 1})`);
    seenPosition.set(line.position, index);
  });
  for (const flag of ['pole', 'fastestLap'] as const) {
    const holders = lines.flatMap((line, index) => (line[flag] ? [index] : []));
    if (holders.length > 1)
      throw invalidField(field(holders[1], flag), `only one driver can have the ${flag === 'pole' ? 'pole' : 'fastest lap'} (lines ${holders[0] + 1} and ${holders[1] + 1})`);
  }
}
