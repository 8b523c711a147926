import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import type { RaceEventType } from '../../contracts/events.js';
import type { ResultStatus } from '../../contracts/competitions.js';
import { shownDriver } from '../../contracts/driver-name.js';
import type { CarMateDto, SeasonResultsDto, StatsSummaryDto } from '../../contracts/profiles.js';
import { readTag } from '../../infra/read-cache/cached-read.js';
import { ProfilesService, seesHidden } from '../profiles/index.js';
import type { LinePoints } from './results.reader.js';
import { scoredSessionOf } from './season-rules.js';
import { placeholders } from './season-stats.js';
import type { DriverStanding } from './standings/standings.js';
import { EVENT_RACES, LEAGUE_EVENTS } from '../events/index.js';

/**
 * A driver's results and stats: out of date when results are saved, when standings are stored (the
 * points), when a season, competition or round is renamed, moved or (un)published, and when the
 * driver hides or shows their profile.
 */
export const DRIVER_RECORD_READS = readTag('driver-records', [
  'ResultPosted',
  'SeasonStandingsUpdated',
  'SeasonChanged',
  'CompetitionChanged',
  'EventDetailsChanged',
  'EventPublicationChanged',
  'DriverProfileChanged',
]);

/** One line of the driver (its driver or a co-driver of the car) in the latest revision of a race of a published season round. */
export interface DriverLine {
  seasonId: number;
  seasonName: string;
  competitionName: string;
  eventId: number;
  eventName: string;
  startsAt: Date;
  raceId: number;
  raceEventType: RaceEventType;
  position: number;
  status: ResultStatus;
  pole: boolean;
  fastestLap: boolean;
  /** The car's other drivers, in seat order. */
  carMates: CarMateDto[];
}

/** A season's stored standings, as far as one driver's record needs them. */
export interface SeasonPoints {
  seasonId: number;
  /** The driver's standings points (drops and penalties applied); 0 when not in the standings. */
  total: number;
  linePoints: LinePoints;
}

const emptyStats = (profileId: number): StatsSummaryDto => ({ profileId, starts: 0, wins: 0, podiums: 0, poles: 0, fastestLaps: 0, dnfs: 0, averageFinish: null, points: 0 });

/*
 * Which sessions count: starts, wins, podiums, poles, fastest laps, DNFs and the average finish come
 * from RACE sessions only (RACE, FEATURE and ENDURANCE races — where standings take wins and podiums
 * from); sprints add their points only, practice counts nothing. A start is any line but DNS; the
 * average finish is over FINISHED lines.
 */
const isFeatureRace = (line: DriverLine) => scoredSessionOf(line.raceEventType) === 'RACE';

/** The driver's stats from their lines and the stored standings of their seasons. */
export function statsOf(profileId: number, lines: readonly DriverLine[], seasons: readonly SeasonPoints[]): StatsSummaryDto {
  const stats = emptyStats(profileId);
  const finishes: number[] = [];
  for (const line of lines.filter(isFeatureRace)) {
    if (line.status !== 'DNS') stats.starts += 1;
    if (line.status === 'DNF') stats.dnfs += 1;
    if (line.pole) stats.poles += 1;
    if (line.fastestLap) stats.fastestLaps += 1;
    if (line.status !== 'FINISHED') continue;
    finishes.push(line.position);
    if (line.position === 1) stats.wins += 1;
    if (line.position <= 3) stats.podiums += 1;
  }
  if (finishes.length) stats.averageFinish = Math.round((finishes.reduce((sum, position) => sum + position, 0) / finishes.length) * 100) / 100;
  stats.points = seasons.reduce((sum, season) => sum + season.total, 0);
  return stats;
}

/**
 * The driver's rounds by season, newest season first, rounds in date order. A round's points are
 * what its races paid the driver (before drops); its position is the driver's finish in its last RACE
 * session (null when they did not finish it, or raced only sprints).
 */
export function resultsOf(profileId: number, lines: readonly DriverLine[], seasons: readonly SeasonPoints[]): SeasonResultsDto[] {
  const pointsOf = new Map(seasons.map((season) => [season.seasonId, season.linePoints]));
  const bySeason = new Map<number, SeasonResultsDto & { lastRound: number }>();
  for (const line of lines) {
    let season = bySeason.get(line.seasonId);
    if (!season) {
      season = { seasonId: line.seasonId, seasonName: line.seasonName, competitionName: line.competitionName, results: [], lastRound: 0 };
      bySeason.set(line.seasonId, season);
    }
    let round = season.results.find((result) => result.eventId === line.eventId);
    if (!round) {
      round = { eventId: line.eventId, eventName: line.eventName, date: line.startsAt.toISOString(), position: null, points: 0, coDrivers: [] };
      season.results.push(round);
    }
    for (const mate of line.carMates)
      if (!round.coDrivers.some((known) => known.driverName === mate.driverName && known.profileId === mate.profileId)) round.coDrivers.push(mate);
    season.lastRound = Math.max(season.lastRound, line.startsAt.getTime());
    round.points += pointsOf.get(line.seasonId)?.[String(line.raceId)]?.[String(profileId)] ?? 0;
    if (isFeatureRace(line)) round.position = line.status === 'FINISHED' ? line.position : null;
  }
  return [...bySeason.values()].sort((a, b) => b.lastRound - a.lastRound || b.seasonId - a.seasonId).map(({ lastRound: _lastRound, ...season }) => season);
}

/**
 * A driver's public record, from the latest revision of every race they are in (driving the car or
 * sharing it as a co-driver, with the car's other drivers named) and the stored
 * standings of those seasons (the points the standings pages show). Results of unpublished rounds are
 * left out. Five queries whatever the number of seasons and results; a hidden profile shows nothing
 * to those who may not see it.
 */
@Injectable()
export class DriverRecordService {
  constructor(
    private readonly em: EntityManager,
    private readonly profiles: ProfilesService,
  ) {}

  async results(profileId: number, viewer: Principal | undefined): Promise<SeasonResultsDto[]> {
    if (!(await this.visible(profileId, viewer))) return [];
    const { lines, seasons } = await this.record(profileId);
    return resultsOf(profileId, lines, seasons);
  }

  async stats(profileId: number, viewer: Principal | undefined): Promise<StatsSummaryDto> {
    if (!(await this.visible(profileId, viewer))) return emptyStats(profileId);
    const { lines, seasons } = await this.record(profileId);
    return statsOf(profileId, lines, seasons);
  }

  /** Everyone who has a line in any revision of the season's races (a corrected result may have dropped one) or a place in its stored standings. */
  async driversOfSeason(em: EntityManager, seasonId: number): Promise<number[]> {
    const rows = await em.execute<{ profile_id: number }[]>(
      `select l.profile_id from race_result_lines l join result_revisions rr on rr.id = l.revision_id join ${EVENT_RACES} r on r.id = rr.race_id
         join ${LEAGUE_EVENTS} e on e.id = r.event_id where e.season_id = ? and l.profile_id is not null
       union
       select cd.profile_id from race_result_co_drivers cd join result_revisions rr on rr.id = cd.revision_id join ${EVENT_RACES} r on r.id = rr.race_id
         join ${LEAGUE_EVENTS} e on e.id = r.event_id where e.season_id = ? and cd.profile_id is not null
       union
       select (d ->> 'profileId')::int from season_standings s, jsonb_array_elements(s.drivers) d where s.season_id = ?`,
      [seasonId, seasonId, seasonId],
    );
    return rows.map((row) => row.profile_id).sort((a, b) => a - b);
  }

  /** 404 for an unknown driver; false for a hidden one the viewer may not see. */
  private async visible(profileId: number, viewer: Principal | undefined): Promise<boolean> {
    const summary = await this.profiles.summary(profileId);
    return !summary.hidden || seesHidden(viewer, summary.userId);
  }

  private async record(profileId: number): Promise<{ lines: DriverLine[]; seasons: SeasonPoints[] }> {
    const em = this.em.fork();
    const rows = await em.execute<
      {
        season_id: number;
        season_name: string;
        competition_name: string;
        event_id: number;
        event_name: string;
        starts_at: Date | string;
        race_id: number;
        race_event_type: RaceEventType;
        line_id: number;
        position: number;
        status: ResultStatus;
        pole: boolean;
        fastest_lap: boolean;
      }[]
    >(
      `with mine as (
         select revision_id, id as line_id from race_result_lines where profile_id = ?
         union all
         select revision_id, line_id from race_result_co_drivers where profile_id = ?
       ), latest as (
         select distinct on (rr.race_id) rr.id, rr.race_id from result_revisions rr
         where rr.session = 'RACE' and rr.race_id in (select own.race_id from result_revisions own join mine on mine.revision_id = own.id)
         order by rr.race_id, rr.number desc
       )
       select s.id as season_id, s.name as season_name, c.name as competition_name, e.id as event_id, e.name as event_name, e.starts_at,
         r.id as race_id, r.race_event_type, l.id as line_id, l.position, l.status, l.pole, l.fastest_lap
       from latest
         join mine on mine.revision_id = latest.id
         join race_result_lines l on l.id = mine.line_id
         join ${EVENT_RACES} r on r.id = latest.race_id
         join ${LEAGUE_EVENTS} e on e.id = r.event_id and e.published
         join seasons s on s.id = e.season_id
         join competitions c on c.id = s.competition_id
       order by e.starts_at, e.id, r.race_event_position, r.position`,
      [profileId, profileId],
    );
    const carMates = await this.carMates(
      em,
      profileId,
      rows.map((row) => row.line_id),
    );
    const lines: DriverLine[] = rows.map((row) => ({
      seasonId: row.season_id,
      seasonName: row.season_name,
      competitionName: row.competition_name,
      eventId: row.event_id,
      eventName: row.event_name,
      startsAt: new Date(row.starts_at),
      raceId: row.race_id,
      raceEventType: row.race_event_type,
      position: row.position,
      status: row.status,
      pole: row.pole,
      fastestLap: row.fastest_lap,
      carMates: carMates.get(row.line_id) ?? [],
    }));
    const seasonIds = [...new Set(lines.map((line) => line.seasonId))];
    if (!seasonIds.length) return { lines, seasons: [] };
    const snapshots = await em.execute<{ season_id: number; drivers: DriverStanding[]; line_points: LinePoints }[]>(
      `select season_id, drivers, line_points from season_standings where season_id in (${placeholders(seasonIds)})`,
      seasonIds,
    );
    const seasons = snapshots.map((row) => ({
      seasonId: row.season_id,
      total: row.drivers.find((driver) => driver.profileId === profileId)?.points ?? 0,
      linePoints: row.line_points,
    }));
    return { lines, seasons };
  }

  /** The other drivers of each line's car (its driver, then its co-drivers by seat), named as visitors see them (guests by the file's name). */
  private async carMates(em: EntityManager, profileId: number, lineIds: number[]): Promise<Map<number, CarMateDto[]>> {
    const mates = new Map<number, CarMateDto[]>();
    if (!lineIds.length) return mates;
    const rows = await em.execute<{ line_id: number; profile_id: number | null; guest_name: string | null }[]>(
      `select id as line_id, profile_id, guest_name, -1 as seat from race_result_lines where id in (${placeholders(lineIds)})
       union all
       select line_id, profile_id, name as guest_name, seat from race_result_co_drivers where line_id in (${placeholders(lineIds)})
       order by line_id, seat`,
      [...lineIds, ...lineIds],
    );
    const others = rows.filter((row) => row.profile_id !== profileId);
    const profileIds = [...new Set(others.flatMap((row) => (row.profile_id === null ? [] : [row.profile_id])))];
    const profiles = await this.profiles.summaries(profileIds, em);
    for (const row of others) {
      const profile = row.profile_id === null ? undefined : profiles.get(row.profile_id);
      const driverName = profile ? shownDriver(profile, false).driverName : (row.guest_name ?? 'Former driver');
      mates.set(row.line_id, [...(mates.get(row.line_id) ?? []), { profileId: profile && !profile.hidden ? profile.id : null, driverName }]);
    }
    return mates;
  }
}
