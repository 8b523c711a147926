import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import type { RaceResultLine as RaceResultLineRequest, RaceResultsDto, ResultRevisionDto, ResultSession } from '../../contracts/competitions.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange } from '../audit/index.js';
import { LEAGUE_EVENTS, entryTeams, raceNaming, raceOfEvent, type RaceOfEvent } from '../events/index.js';
import { ImagesService } from '../images/index.js';
import { ProfilesService } from '../profiles/index.js';
import { TeamsService } from '../teams/index.js';
import { standingOutcomes } from '../stewarding/index.js';
import { RaceResultCoDriver, RaceResultLine, ResultRevision, Season } from './competition.entities.js';
import { planBaseWrite, planDecisions, revertSource, type PlannedRevision } from './results-layer.js';
import { classificationOf } from './result-lines.js';
import { ResultsReader } from './results.reader.js';
import { findRound, seasonAggregate, seasonChanged } from './seasons.service.js';

/** How a DECISIONS revision's note starts. */
export const STEWARDS_NOTE = 'steward panel';

/** The longest note a revision keeps ("imported from <file>" is cut to fit). */
export const NOTE_MAX = 200;

/** A race of a season's round, as the results routes name it. */
export interface RaceRef {
  seasonId: number;
  eventId: number;
  raceId: number;
}

/** How a base revision is written (all optional). */
export interface RevisionOptions {
  /** RACE (default): the race's classification; QUALIFYING: its qualifying (the grid), which steward decisions never touch. */
  session?: ResultSession;
  /** sha256 (hex) of the imported file's bytes: when the current base of the race's session has the same, nothing is written. */
  sourceHash?: string | null;
  /** The organizer confirmed results for a race that has not started yet (else 409). */
  confirmFuture?: boolean;
}

/** What a base write did: the race's newest revision number, and whether nothing was written because the file was the current base's. */
export interface WrittenRevision {
  revision: number;
  unchanged: boolean;
}

/** Where a line's problem is reported: `results.3.profileId` for entered lines, `lines.3` for an imported file's. */
export type LineField = (index: number, field?: string) => string;
const ENTERED: LineField = (index, field) => `results.${index}${field ? `.${field}` : ''}`;

/** A revision's lines (loaded with their co-drivers) as lines of a new save: what reverting, and stewards' penalties, start from. */
export function revisionLines(revision: ResultRevision): RaceResultLineRequest[] {
  return revision.lines.getItems().map((line) => ({
    profileId: line.profile?.id ?? null,
    guestName: line.guestName,
    ...classificationOf(line),
    teamId: line.team?.id ?? null,
    coDrivers: line.coDrivers
      .getItems()
      .map((coDriver) => ({ profileId: coDriver.profile?.id ?? null, name: coDriver.name, laps: coDriver.laps, drivingTimeMs: coDriver.drivingTimeMs })),
    penaltyMs: line.penaltyMs,
    reason: line.reason,
    drivingTimeMs: line.drivingTimeMs,
  }));
}

/** How the audit log names a race's results: "Results of Round 3, Spa race 2 (GT3 Sprint Cup, Season 1)". */
async function resultsLabel(em: EntityManager, season: Season, ref: RaceRef, session: ResultSession): Promise<string> {
  const race = await raceNaming(em, ref.raceId);
  const which = `${race.trackName ? `${race.trackName} ` : ''}${session === 'QUALIFYING' ? 'qualifying' : 'race'} ${race.number}`;
  return `Results of ${race.eventName}, ${which} (${season.competition.name}, ${season.name})`;
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
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
  ) {}

  /** The service outside Nest (the demo seed, the bench), reading on `em`. */
  static on(em: EntityManager): ResultsService {
    return new ResultsService(em, new ResultsReader(), new ProfilesService(em), new TeamsService(em, new ImagesService(em)));
  }

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

  /** Saves the race's whole classification as its next revision (a race still to come only with `confirmFuture`). */
  async save(ref: RaceRef, lines: RaceResultLineRequest[], principal: Principal, options: Pick<RevisionOptions, 'session' | 'confirmFuture'> = {}): Promise<RaceResultsDto> {
    await this.em.transactional(async (em) => {
      const { season } = await this.findRace(em, ref, principal);
      await this.writeRevision(em, season, ref, lines, principal, 'saved', ENTERED, options);
    });
    return this.written(ref, principal);
  }

  /** The race's latest results after a write of `principal`'s (the race was found in its transaction, so not looked up again). */
  private async written(ref: RaceRef, principal: Principal): Promise<RaceResultsDto> {
    const [results] = await this.reader.latestOf(this.em.fork(), ref.seasonId, [ref.raceId], !!principal.flags.isOrganizer);
    return results;
  }

  /** Makes a new base revision with the lines of an earlier base ("reverted to revision N"); a DECISIONS revision stands for its base. */
  async revert(ref: RaceRef, number: number, principal: Principal): Promise<RaceResultsDto> {
    await this.em.transactional(async (em) => {
      const { season } = await this.findRace(em, ref, principal);
      const chosen = await em.findOne(ResultRevision, { race: ref.raceId, number });
      if (!chosen) throw new NotFoundException(`Race ${ref.raceId} has no revision ${number}`);
      const source = revertSource(chosen);
      const base = await em.findOneOrFail(ResultRevision, { race: ref.raceId, number: source }, { populate: ['lines.coDrivers'] });
      const note = source === number ? `reverted to revision ${number}` : `reverted to revision ${source} (the base of revision ${number})`;
      // Its results were accepted once: a revert needs no confirmation for a race still to come.
      await this.writeRevision(em, season, ref, revisionLines(base), principal, note, ENTERED, { session: base.session, confirmFuture: true });
    });
    return this.written(ref, principal);
  }

  /**
   * Checks the lines (400 naming the field of the first problem of each kind) and writes them as the
   * race's next BASE revision of the session, followed (RACE) by a DECISIONS revision when standing
   * steward decisions change its lines, with ResultPosted, in `em`'s transaction. A line without
   * `teamId` takes the team its driver entered the event with. Refuses (409) a race that has not
   * started unless `confirmFuture`; writes nothing when `sourceHash` is the current base's.
   */
  async writeRevision(
    em: EntityManager,
    season: Season,
    ref: RaceRef,
    lines: RaceResultLineRequest[],
    principal: Principal,
    note: string,
    field: LineField,
    options: RevisionOptions = {},
  ): Promise<WrittenRevision> {
    const session = options.session ?? 'RACE';
    checkClassification(lines, field);
    if (!options.confirmFuture) await refuseFutureRace(em, ref);
    if (options.sourceHash) {
      const current = await em.findOne(ResultRevision, { race: ref.raceId, session, kind: 'BASE' }, { orderBy: { number: 'desc' }, fields: ['number', 'sourceHash'] });
      if (current?.sourceHash === options.sourceHash) {
        const [{ newest }] = await em.execute<{ newest: number }[]>('select max(number) as newest from result_revisions where race_id = ? and session = ?', [
          ref.raceId,
          session,
        ]);
        return { revision: newest, unchanged: true };
      }
    }
    const resolved = await this.resolveLines(em, ref, lines, field);
    const next = await this.nextNumber(em, season, ref);
    // Read for the audit log only: left unmanaged, so the flushes below do not check its lines for changes.
    const before = await em.findOne(
      ResultRevision,
      { race: ref.raceId, session, kind: 'BASE' },
      { populate: ['lines.coDrivers'], orderBy: { number: 'desc' }, disableIdentityMap: true },
    );
    const planned = planBaseWrite(next, resolved, session === 'RACE' ? await standingOutcomes(em, ref.raceId) : []);
    const newest = await this.persist(em, season, ref, planned, principal, { session, sourceHash: options.sourceHash ?? null }, (revision) =>
      revision.kind === 'BASE' ? note : `${STEWARDS_NOTE}: standing decisions applied again on revision ${revision.baseNumber}`,
    );
    const [label, [beforeResults, afterResults]] = await Promise.all([
      resultsLabel(em, season, ref, session),
      this.auditedLines(em, [before ? revisionLines(before) : [], resolved]),
    ]);
    recordStaffChange(em, {
      actorId: principal.userId,
      kind: 'race-results',
      entityId: ref.raceId,
      label,
      action: note,
      before: before && { revision: before.number, session, results: beforeResults },
      after: { revision: next, session, results: afterResults },
    });
    await em.flush();
    return { revision: newest!, unchanged: false };
  }

  /**
   * The race's standing steward decisions changed: writes its latest base with all of them applied as
   * the next (DECISIONS) revision. Null when the race has no results yet (its first base applies them).
   */
  async applyDecisions(em: EntityManager, season: Season, ref: RaceRef, principal: Principal, note: string): Promise<number | null> {
    const base = await em.findOne(ResultRevision, { race: ref.raceId, session: 'RACE', kind: 'BASE' }, { populate: ['lines.coDrivers'], orderBy: { number: 'desc' } });
    if (!base) return null;
    const next = await this.nextNumber(em, season, ref);
    const planned = planDecisions(next, { number: base.number, lines: revisionLines(base) }, await standingOutcomes(em, ref.raceId));
    return this.persist(em, season, ref, planned, principal, { session: 'RACE', sourceHash: null }, () => `${note} on revision ${base.number}`);
  }

  /**
   * Stewards' decisions of the race changed (in `em`'s transaction): its results get a new revision with
   * them (applyDecisions), or, when it has none yet, its season's standings recompute for points
   * deductions. The new revision's number, or null.
   */
  async reviseForDecisions(em: EntityManager, ref: RaceRef, principal: Principal, note: string): Promise<number | null> {
    const season = await em.findOneOrFail(Season, ref.seasonId, { populate: ['competition'] });
    const revision = await this.applyDecisions(em, season, ref, principal, note);
    if (revision === null) await seasonChanged(em, season);
    return revision;
  }

  /** Classifications as the audit log keeps them: drivers and teams by their names, not their ids (one lookup of the names for all of them). */
  private async auditedLines(em: EntityManager, classifications: RaceResultLineRequest[][]): Promise<Record<string, unknown>[][]> {
    const lines = classifications.flat();
    const teamIds = [...new Set(lines.flatMap((line) => (typeof line.teamId === 'number' ? [line.teamId] : [])))];
    const [drivers, teams] = await Promise.all([this.profiles.summaries([...new Set(lines.flatMap(driversOf))], em), this.teams.badges(teamIds, em)]);
    const named = (profileId: number | null | undefined, otherwise: string | null | undefined) =>
      profileId ? (drivers.get(profileId)?.driverName ?? 'Former driver') : (otherwise ?? 'Guest');
    return classifications.map((classification) =>
      classification.map(({ profileId, guestName, teamId, coDrivers, ...line }) => ({
        driver: named(profileId, guestName),
        ...(teamId ? { team: teams.get(teamId)?.name ?? 'Former team' } : {}),
        ...(coDrivers?.length ? { coDrivers: coDrivers.map((coDriver) => named(coDriver.profileId, coDriver.name)) } : {}),
        ...line,
      })),
    );
  }

  /** The drivers and teams exist (400 naming the line's field); a line without `teamId` gets its driver's team in the event. */

  private async resolveLines(em: EntityManager, ref: RaceRef, lines: RaceResultLineRequest[], field: LineField): Promise<RaceResultLineRequest[]> {
    const profileIds = [...new Set(lines.flatMap(driversOf))];
    const teamIds = [...new Set(lines.map((line) => line.teamId).filter((id): id is number => typeof id === 'number'))];
    const [profileExists, teamExists, enteredTeam] = await Promise.all([
      this.profiles.existing(profileIds, em),
      this.teams.existing(teamIds, em),
      entryTeams(em, ref.eventId, profileIds),
    ]);
    lines.forEach((line, index) => {
      if (line.profileId !== null && !profileExists.has(line.profileId)) throw invalidField(field(index, 'profileId'), `driver profile ${line.profileId} does not exist`);
      line.coDrivers?.forEach((coDriver, seat) => {
        if (coDriver.profileId !== null && !profileExists.has(coDriver.profileId))
          throw invalidField(field(index, `coDrivers.${seat}.profileId`), `driver profile ${coDriver.profileId} does not exist`);
      });
      if (typeof line.teamId === 'number' && !teamExists.has(line.teamId)) throw invalidField(field(index, 'teamId'), `team ${line.teamId} does not exist`);
    });
    return lines.map((line) => ({
      profileId: line.profileId,
      guestName: line.profileId === null ? line.guestName!.trim() : null,
      ...classificationOf(line),
      teamId: line.teamId === undefined ? (line.profileId === null ? null : (enteredTeam.get(line.profileId) ?? null)) : line.teamId,
      coDrivers: (line.coDrivers ?? []).map((coDriver) => ({
        profileId: coDriver.profileId,
        name: coDriver.name?.trim() || null,
        laps: coDriver.laps ?? null,
        drivingTimeMs: coDriver.drivingTimeMs ?? null,
      })),
      penaltyMs: line.penaltyMs || null,
      reason: line.reason?.trim() || null,
      drivingTimeMs: line.drivingTimeMs ?? null,
    }));
  }

  /** The race's next revision number. Saves of one season are numbered one after another: the season's row is locked by raising its results version. */
  private async nextNumber(em: EntityManager, season: Season, ref: RaceRef): Promise<number> {
    await em.execute('update seasons set results_version = results_version + 1 where id = ?', [season.id]);
    const [{ next }] = await em.execute<{ next: number }[]>('select coalesce(max(number), 0) + 1 as next from result_revisions where race_id = ?', [ref.raceId]);
    return next;
  }

  /** Writes the planned revisions with ResultPosted naming the newest; returns its number (the current newest when nothing was planned). */
  private async persist(
    em: EntityManager,
    season: Season,
    ref: RaceRef,
    planned: PlannedRevision[],
    principal: Principal,
    source: { session: ResultSession; sourceHash: string | null },
    noteOf: (revision: PlannedRevision) => string,
  ): Promise<number | null> {
    for (const plan of planned) {
      const revision = em.create(ResultRevision, {
        race: ref.raceId,
        number: plan.number,
        kind: plan.kind,
        baseNumber: plan.baseNumber,
        session: source.session,
        sourceHash: plan.kind === 'BASE' ? source.sourceHash : null,
        author: principal.userId,
        note: noteOf(plan).slice(0, NOTE_MAX),
      });
      for (const line of plan.lines) {
        const row = em.create(RaceResultLine, {
          revision,
          profile: line.profileId,
          guestName: line.profileId === null ? (line.guestName ?? null) : null,
          team: line.teamId || null,
          ...classificationOf(line),
          penaltyMs: line.penaltyMs ?? null,
          reason: line.reason ?? null,
          drivingTimeMs: line.drivingTimeMs ?? null,
        });
        (line.coDrivers ?? []).forEach((coDriver, index) =>
          em.create(RaceResultCoDriver, {
            line: row,
            revision,
            seat: index + 1,
            profile: coDriver.profileId,
            name: coDriver.name ?? null,
            laps: coDriver.laps ?? null,
            drivingTimeMs: coDriver.drivingTimeMs ?? null,
          }),
        );
      }
    }
    const newest = planned.at(-1)?.number ?? null;
    if (newest !== null)
      recordDomainEvent(em, 'ResultPosted', seasonAggregate(season.id), { seasonId: season.id, eventId: ref.eventId, raceId: ref.raceId, revision: newest });
    await em.flush();
    return newest;
  }

  /** The race, checked to be a race of the round, the round of the season (404 saying which is not). */
  async findRace(em: EntityManager, ref: RaceRef, principal: Principal | null | undefined): Promise<{ season: Season; race: RaceOfEvent }> {
    const { season } = await findRound(em, ref.seasonId, ref.eventId, principal);
    const race = await raceOfEvent(em, ref.raceId);
    if (race?.eventId !== ref.eventId) throw new NotFoundException(`Race ${ref.raceId} is not a race of event ${ref.eventId}`);
    return { season, race };
  }
}

/** 409 for a race whose event has not started yet: results before the race are a mistake unless confirmed. */
async function refuseFutureRace(em: EntityManager, ref: RaceRef): Promise<void> {
  const [event] = await em.execute<{ starts_at: Date }[]>(`select e.starts_at from ${LEAGUE_EVENTS} e where e.id = ?`, [ref.eventId]);
  if (event && new Date(event.starts_at).getTime() > Date.now())
    throw new ConflictException(
      `This race starts at ${new Date(event.starts_at).toISOString().replace('.000Z', 'Z')}, in the future: confirm that you mean to save results for it before it is raced`,
    );
}

/** The league drivers of a line's car: its driver and its co-drivers with a profile. */
export function driversOf(line: Pick<RaceResultLineRequest, 'profileId' | 'coDrivers'>): number[] {
  return [line.profileId, ...(line.coDrivers ?? []).map((coDriver) => coDriver.profileId)].filter((id): id is number => id !== null);
}

/**
 * A classification is whole: positions 1 to n, each once; each line a league driver or a named guest;
 * each league driver once across the lines and their co-drivers; a guest co-driver named; one pole and
 * one fastest lap at most. 400 naming the offending line (and field).
 */
export function checkClassification(lines: readonly RaceResultLineRequest[], field: LineField = ENTERED): void {
  const seenDriver = new Map<number, number>();
  const seenPosition = new Map<number, number>();
  const once = (profileId: number, index: number, at: string) => {
    const other = seenDriver.get(profileId);
    if (other !== undefined)
      throw invalidField(
        field(index, at),
        `driver profile ${profileId} is in the results twice (${other === index ? `line ${index + 1}` : `lines ${other + 1} and ${index + 1}`})`,
      );
    seenDriver.set(profileId, index);
  };
  lines.forEach((line, index) => {
    const guestName = line.guestName?.trim();
    if (line.profileId === null && !guestName)
      throw invalidField(field(index, 'guestName'), `line ${index + 1} has no driver: choose a league driver or give the guest's name`);
    if (line.profileId !== null && guestName) throw invalidField(field(index, 'guestName'), `line ${index + 1} is a league driver or a guest, not both`);
    if (line.profileId !== null) once(line.profileId, index, 'profileId');
    line.coDrivers?.forEach((coDriver, seat) => {
      if (coDriver.profileId === null && !coDriver.name?.trim())
        throw invalidField(
          field(index, `coDrivers.${seat}.name`),
          `co-driver ${seat + 1} of line ${index + 1} has no driver: choose a league driver or give the guest's name`,
        );
      if (coDriver.profileId !== null) once(coDriver.profileId, index, `coDrivers.${seat}.profileId`);
    });
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
