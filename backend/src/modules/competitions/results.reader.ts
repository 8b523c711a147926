import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { RaceResultDto, RaceResultsDto, ResultRevisionDto, ResultSession } from '../../contracts/competitions.js';
import { shownDriver } from '../../contracts/driver-name.js';
import { RaceResultLine, ResultRevision } from './competition.entities.js';
import { placeholders } from './season-stats.js';
import { classificationOf } from './result-lines.js';

/**
 * Who raced in the race by its latest results (co-drivers too; guests are no league drivers) and for
 * which teams: competitions' read contract for stewarding's "who may file, who must recuse".
 */
export async function latestRaceCrew(em: EntityManager, raceId: number): Promise<{ profileIds: number[]; teamIds: number[] }> {
  const rows = await em.execute<{ profile_id: number | null; team_id: number | null }[]>(
    `with latest as (select id from result_revisions where race_id = ? and session = 'RACE' order by number desc limit 1)
     select profile_id, team_id from race_result_lines where revision_id in (select id from latest)
     union all select profile_id, null from race_result_co_drivers where revision_id in (select id from latest)`,
    [raceId],
  );
  return {
    profileIds: rows.flatMap((row) => (row.profile_id === null ? [] : [row.profile_id])),
    teamIds: rows.flatMap((row) => (row.team_id === null ? [] : [row.team_id])),
  };
}

/** Line points of the season's stored standings: `{raceId: {profileId: points}}`. */
export type LinePoints = Record<string, Record<string, number>>;

/** Reads races' results: the latest revision (what counts), any older one, and their history. */
@Injectable()
export class ResultsReader {
  /**
   * The latest results of each race, in the order of `raceIds` (`revision: null` for a race without
   * any), with the points of the season's stored standings, and its latest qualifying (the grid). A
   * constant number of queries for any number of races.
   */
  async latestOf(em: EntityManager, seasonId: number, raceIds: readonly number[], seesHidden: boolean): Promise<RaceResultsDto[]> {
    if (!raceIds.length) return [];
    const latest = await em.execute<{ id: number; race_id: number; number: number; session: ResultSession }[]>(
      `select distinct on (race_id, session) id, race_id, number, session from result_revisions where race_id in (${placeholders(raceIds)}) order by race_id, session, number desc`,
      [...raceIds],
    );
    const [lines, points] = await Promise.all([
      this.linesOf(
        em,
        latest.map((row) => row.id),
      ),
      this.linePoints(em, seasonId, raceIds),
    ]);
    const latestOf = (raceId: number, session: ResultSession) => latest.find((row) => row.race_id === raceId && row.session === session);
    return raceIds.map((raceId) => {
      const race = latestOf(raceId, 'RACE');
      const qualifying = latestOf(raceId, 'QUALIFYING');
      return {
        raceId,
        revision: race?.number ?? null,
        results: race ? (lines.get(race.id) ?? []).map((line) => toRaceResultDto(line, raceId, points, seesHidden)) : [],
        qualifying: qualifying ? { revision: qualifying.number, grid: (lines.get(qualifying.id) ?? []).map((line) => toRaceResultDto(line, raceId, {}, seesHidden)) } : null,
      };
    });
  }

  /** One revision of a race (for comparing): its lines, with the stored standings' points only when it is the race's latest. */
  async revision(em: EntityManager, seasonId: number, raceId: number, number: number, seesHidden: boolean): Promise<RaceResultsDto | null> {
    const [revision, newest] = await Promise.all([
      em.findOne(ResultRevision, { race: raceId, number }),
      em.findOne(ResultRevision, { race: raceId, session: 'RACE' }, { orderBy: { number: 'desc' }, fields: ['number'] }),
    ]);
    if (!revision) return null;
    const lines = (await this.linesOf(em, [revision.id])).get(revision.id) ?? [];
    const points = newest?.number === number ? await this.linePoints(em, seasonId, [raceId]) : {};
    return { raceId, revision: number, results: lines.map((line) => toRaceResultDto(line, raceId, points, seesHidden)) };
  }

  /** The race's revisions, newest first, with author, time, note and number of lines. */
  async history(em: EntityManager, raceId: number): Promise<ResultRevisionDto[]> {
    const revisions = await em.find(ResultRevision, { race: raceId }, { populate: ['author'], orderBy: { number: 'desc' } });
    if (!revisions.length) return [];
    const ids = revisions.map((revision) => revision.id);
    const counts = await em.execute<{ revision_id: number; lines: number }[]>(
      `select revision_id, count(*)::int as lines from race_result_lines where revision_id in (${placeholders(ids)}) group by revision_id`,
      ids,
    );
    const linesOf = new Map(counts.map((row) => [row.revision_id, row.lines]));
    return revisions.map((revision) => ({
      revision: revision.number,
      kind: revision.kind,
      session: revision.session,
      baseRevision: revision.baseNumber,
      author: { userId: revision.author.id, name: revision.author.globalName ?? revision.author.username },
      createdAt: revision.createdAt.toISOString(),
      note: revision.note,
      lines: linesOf.get(revision.id) ?? 0,
    }));
  }

  /** The lines of these revisions with their drivers and teams, by revision id, in position order. */
  async linesOf(em: EntityManager, revisionIds: readonly number[]): Promise<Map<number, RaceResultLine[]>> {
    if (!revisionIds.length) return new Map();
    const lines = await em.find(
      RaceResultLine,
      { revision: { $in: [...revisionIds] } },
      { populate: ['profile', 'team', 'coDrivers.profile'], orderBy: { revision: 'asc', position: 'asc' } },
    );
    const byRevision = new Map<number, RaceResultLine[]>();
    for (const line of lines) byRevision.set(line.revision.id, [...(byRevision.get(line.revision.id) ?? []), line]);
    return byRevision;
  }

  /** The stored line points of these races only: the season's hold every line of every round. */
  private async linePoints(em: EntityManager, seasonId: number, raceIds: readonly number[]): Promise<LinePoints> {
    const [row] = await em.execute<{ line_points: LinePoints | null }[]>(
      `select (select jsonb_object_agg(race.key, race.value) from jsonb_each(line_points) race where race.key in (${placeholders(raceIds)})) as line_points
       from season_standings where season_id = ?`,
      [...raceIds.map(String), seasonId],
    );
    return row?.line_points ?? {};
  }
}

/** Needs the line's profile, team and co-drivers (with profiles) loaded; `raceId` is the race of its revision. */
function toRaceResultDto(line: RaceResultLine, raceId: number, points: LinePoints, seesHidden: boolean): RaceResultDto {
  const pointsOf = (profile: { id: number } | null) => (profile ? (points[String(raceId)]?.[String(profile.id)] ?? 0) : 0);
  return {
    profileId: line.profile?.id ?? null,
    ...(line.profile ? shownDriver(line.profile, seesHidden) : { driverName: line.guestName!, driverNumber: null }),
    guest: !line.profile,
    teamId: line.team?.id ?? null,
    teamName: line.team?.name ?? null,
    ...classificationOf(line),
    points: pointsOf(line.profile),
    coDrivers: line.coDrivers.getItems().map((coDriver) => ({
      profileId: coDriver.profile?.id ?? null,
      ...(coDriver.profile ? shownDriver(coDriver.profile, seesHidden) : { driverName: coDriver.name!, driverNumber: null }),
      guest: !coDriver.profile,
      laps: coDriver.laps,
      drivingTimeMs: coDriver.drivingTimeMs,
      points: pointsOf(coDriver.profile),
    })),
    penaltyMs: line.penaltyMs,
    reason: line.reason,
    drivingTimeMs: line.drivingTimeMs,
  };
}
