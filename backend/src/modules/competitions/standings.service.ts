import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { ResultStatus, StandingsDto } from '../../contracts/competitions.js';
import type { LiveStandingsRow } from '../../contracts/timing.js';
import { shownDriver } from '../../contracts/driver-name.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import type { Principal } from '../../common/principal.js';
import { EVENT_RACES, LEAGUE_EVENTS, entrants, raceOfEvent, racesOf, seasonRounds, seesUnpublished } from '../events/index.js';
import { ProfilesService } from '../profiles/index.js';
import { pointsDeductions } from '../stewarding/index.js';
import { ImagesService } from '../images/index.js';
import { TeamsService } from '../teams/index.js';
import { Season } from './competition.entities.js';
import type { LinePoints } from './results.reader.js';
import { placeholders } from './season-stats.js';
import { seasonAggregate } from './seasons.service.js';
import { projectSeason, roundsOf, type SeasonData } from './standings/season-projection.js';
import { computeStandings, seasonLeader, type DriverStanding, type ScoredLine, type ScoredRound, type TeamStanding } from './standings/standings.js';

interface ResultLineRow {
  id: number;
  revision_id: number;
  profile_id: number | null;
  team_id: number | null;
  position: number;
  status: ResultStatus;
  laps: number;
  pole: boolean;
  fastest_lap: boolean;
  driving_time_ms: number | null;
}

/** The season's standings were a live race to end now (`StandingsService.projectRace`). */
export interface RaceProjection {
  /** null: the race is not a round of a season. */
  seasonId: number | null;
  rows: LiveStandingsRow[];
}

/** Standings as stored or computed: ids and numbers, labelled with the season's results version. */
export interface StandingsSnapshot {
  seasonId: number;
  version: number;
  drivers: DriverStanding[];
  teams: TeamStanding[];
  linePoints: LinePoints;
  /** The unpublished rounds counted (an organizer's preview); empty in the stored, public standings. */
  unpublishedEventIds: number[];
}

/** What the standings' reads and pushes show of a snapshot. */
type ShownSnapshot = Omit<StandingsSnapshot, 'linePoints'>;

/**
 * A season's standings: computed by the one standings function from the latest revision of every race
 * of its rounds, stored by the worker as a snapshot whose version only rises, read from that snapshot.
 */
@Injectable()
export class StandingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly profiles: ProfilesService,
    private readonly teams: TeamsService,
  ) {}

  /** The service outside Nest (the demo seed, the bench), reading on `em`. */
  static on(em: EntityManager): StandingsService {
    return new StandingsService(em, new ProfilesService(em), new TeamsService(em, new ImagesService(em)));
  }

  /**
   * The season's standings from what is in the database now, labelled with its results version (read
   * first: anything saved meanwhile has a higher version and is computed again). Published rounds only,
   * unless `withUnpublished` (an organizer's preview). Null for an unknown season. A round that has
   * not started by `now` (results saved early, on purpose) has no no-shows yet.
   */
  async compute(em: EntityManager, seasonId: number, withUnpublished = false, now = new Date()): Promise<StandingsSnapshot | null> {
    const data = await this.load(em, seasonId, withUnpublished);
    return data && scoreSeason(data, roundsOf(data, now));
  }

  /**
   * The season's driver standings were the live race `raceId` to end now with `lines` (its classification
   * in the live order), beside the standings without them: both scored by the one standings function from
   * one read of the season. The published standings; a race of no season (or of an unpublished round)
   * projects nothing.
   */
  async projectRace(raceId: number, lines: ScoredLine[], now = new Date()): Promise<RaceProjection> {
    const em = this.em.fork();
    const race = await raceOfEvent(em, raceId);
    if (!race?.seasonId) return { seasonId: null, rows: [] };
    const data = await this.load(em, race.seasonId, false);
    if (!data || !data.events.some((event) => event.eventId === race.eventId)) return { seasonId: race.seasonId, rows: [] };
    const projected = projectSeason(data, now, { raceId, lines });
    const profileById = await this.profiles.summaries(
      projected.map((row) => row.profileId),
      em,
    );
    return {
      seasonId: race.seasonId,
      rows: projected.map(({ profileId, ...row }) => {
        const profile = profileById.get(profileId);
        return { ...row, profile: { id: profileId, ...(profile ? shownDriver(profile, false) : { driverName: 'Former driver', driverNumber: null }) } };
      }),
    };
  }

  /** Everything the season's standings are scored from, read in one go; null for an unknown season. */
  private async load(em: EntityManager, seasonId: number, withUnpublished: boolean): Promise<SeasonData | null> {
    const season = await em.findOne(Season, seasonId);
    if (!season) return null;
    const version = season.resultsVersion;
    const events = await seasonRounds(em, seasonId, withUnpublished);
    const raceIds = events.flatMap((event) => racesOf(event).map((race) => race.raceId));
    const eventIds = events.map((event) => event.eventId);
    const [latest, signedUp, allPenalties] = await Promise.all([
      raceIds.length
        ? em.execute<{ id: number; race_id: number }[]>(
            `select distinct on (race_id) id, race_id from result_revisions where race_id in (${placeholders(raceIds)}) and session = 'RACE' order by race_id, number desc`,
            raceIds,
          )
        : Promise.resolve([]),
      entrants(em, eventIds),
      pointsDeductions(em, seasonId),
    ]);
    const revisionOfRace = new Map(latest.map((row) => [row.race_id, row.id]));
    const penalties = allPenalties.filter((penalty) => eventIds.includes(penalty.eventId));
    // Qualifying P1 of each race (its latest qualifying revision): the pole when the race's lines set none.
    const poleSitters = raceIds.length
      ? await em.execute<{ race_id: number; profile_id: number | null }[]>(
          `select q.race_id, l.profile_id from (select distinct on (race_id) id, race_id from result_revisions where race_id in (${placeholders(raceIds)}) and session = 'QUALIFYING' order by race_id, number desc) q
           join race_result_lines l on l.revision_id = q.id and l.position = 1`,
          raceIds,
        )
      : [];
    const poleSitterOf = new Map(poleSitters.map((row) => [row.race_id, row.profile_id]));
    const revisionIds = [...revisionOfRace.values()];
    // Plain rows: a long season has thousands of lines, and hydrating them as entities cost more than the standings themselves.
    const [lines, coDrivers] = revisionIds.length
      ? await Promise.all([
          em.execute<ResultLineRow[]>(
            `select id, revision_id, profile_id, team_id, position, status, laps, pole, fastest_lap, driving_time_ms from race_result_lines where revision_id in (${placeholders(revisionIds)}) order by position`,
            revisionIds,
          ),
          em.execute<{ line_id: number; profile_id: number | null; driving_time_ms: number | null }[]>(
            `select line_id, profile_id, driving_time_ms from race_result_co_drivers where revision_id in (${placeholders(revisionIds)}) order by seat`,
            revisionIds,
          ),
        ])
      : [[], []];
    const coDriversOfLine = new Map<number, NonNullable<ScoredLine['coDrivers']>>();
    for (const row of coDrivers)
      coDriversOfLine.set(row.line_id, [...(coDriversOfLine.get(row.line_id) ?? []), { profileId: row.profile_id, drivingTimeMs: row.driving_time_ms }]);
    const linesOfRevision = new Map<number, ScoredLine[]>();
    for (const line of lines) {
      const scored: ScoredLine = {
        profileId: line.profile_id,
        drivingTimeMs: line.driving_time_ms,
        coDrivers: coDriversOfLine.get(line.id) ?? [],
        teamId: line.team_id,
        position: line.position,
        status: line.status,
        laps: line.laps,
        pole: line.pole,
        fastestLap: line.fastest_lap,
      };
      const ofRevision = linesOfRevision.get(line.revision_id);
      if (ofRevision) ofRevision.push(scored);
      else linesOfRevision.set(line.revision_id, [scored]);
    }
    return { seasonId, version, pointsSystem: season.pointsSystem, events, revisionOfRace, linesOfRevision, poleSitterOf, signedUp, penalties };
  }

  /**
   * The worker's recompute, in its transaction: computes and stores the standings unless a snapshot of
   * this version or a later one is stored already, and then records SeasonStandingsUpdated (its push),
   * and SeasonLeaderChanged when another driver is now first.
   */
  async recompute(em: EntityManager, seasonId: number): Promise<void> {
    const snapshot = await this.compute(em, seasonId);
    if (!snapshot) return;
    // Locked: two recomputes of one season compare with the leader the other stored, never both with the old one.
    const [previous] = await em.execute<{ leader: number | null }[]>(
      `select case when (drivers -> 0 ->> 'points')::numeric > 0 then (drivers -> 0 ->> 'profileId')::int end as leader
       from season_standings where season_id = ? for update`,
      [seasonId],
    );
    const written = await em.execute<{ season_id: number }[]>(
      `insert into season_standings (season_id, version, drivers, teams, line_points, computed_at) values (?, ?, ?::jsonb, ?::jsonb, ?::jsonb, now())
       on conflict (season_id) do update set version = excluded.version, drivers = excluded.drivers, teams = excluded.teams,
         line_points = excluded.line_points, computed_at = excluded.computed_at
       where season_standings.version < excluded.version
       returning season_id`,
      [seasonId, snapshot.version, JSON.stringify(snapshot.drivers), JSON.stringify(snapshot.teams), JSON.stringify(snapshot.linePoints)],
    );
    if (written.length) {
      recordDomainEvent(em, 'SeasonStandingsUpdated', seasonAggregate(seasonId), { seasonId, version: snapshot.version });
      const leader = seasonLeader(snapshot.drivers);
      const previousProfileId = previous?.leader ?? null;
      if (leader !== null && leader !== previousProfileId) {
        recordDomainEvent(em, 'SeasonLeaderChanged', seasonAggregate(seasonId), { seasonId, version: snapshot.version, profileId: leader, previousProfileId });
      }
    }
    await em.flush();
  }

  /**
   * Seasons whose stored standings were computed before one of their rounds with results started (results
   * saved ahead of the race): that round's no-shows count now, so each is scored again at a new version.
   * The ids of the seasons recomputed.
   */
  async recomputeStartedRounds(): Promise<number[]> {
    const due = await this.em.fork().execute<{ season_id: number }[]>(
      `select distinct e.season_id from ${LEAGUE_EVENTS} e join season_standings st on st.season_id = e.season_id
       where e.starts_at <= now() and e.starts_at > st.computed_at
         and exists (select 1 from result_revisions r join ${EVENT_RACES} ra on ra.id = r.race_id where ra.event_id = e.id)`,
    );
    for (const { season_id: seasonId } of due)
      await this.em.fork().transactional(async (em) => {
        await em.execute('update seasons set results_version = results_version + 1 where id = ?', [seasonId]);
        await this.recompute(em, seasonId);
      });
    return due.map((row) => row.season_id);
  }

  /**
   * The stored standings (published rounds); computed now when the worker has stored none yet. Organizers
   * get them computed now with the unpublished rounds too, marked. 404 for an unknown season.
   */
  async read(seasonId: number, principal?: Principal | null): Promise<StandingsDto> {
    const em = this.em.fork();
    const snapshot = seesUnpublished(principal) ? await this.compute(em, seasonId, true) : ((await this.stored(em, seasonId)) ?? (await this.compute(em, seasonId)));
    if (!snapshot) throw new NotFoundException(`Season ${seasonId} not found`);
    return this.toDto(em, snapshot);
  }

  /** The stored snapshot as the push sends it, or null when none is stored. */
  async storedDto(em: EntityManager, seasonId: number): Promise<StandingsDto | null> {
    const snapshot = await this.stored(em, seasonId);
    return snapshot ? this.toDto(em, snapshot) : null;
  }

  /** The stored snapshot without its line points (every line of the season: the results' reads take their races' own). */
  private async stored(em: EntityManager, seasonId: number): Promise<ShownSnapshot | null> {
    const [row] = await em.execute<{ version: number; drivers: DriverStanding[]; teams: TeamStanding[] }[]>(
      'select version, drivers, teams from season_standings where season_id = ?',
      [seasonId],
    );
    return row ? { seasonId, version: row.version, drivers: row.drivers, teams: row.teams, unpublishedEventIds: [] } : null;
  }

  /** Adds the drivers' and teams' names (two queries, whatever the size). Hidden drivers are "Private driver": standings are public. */
  private async toDto(em: EntityManager, snapshot: ShownSnapshot): Promise<StandingsDto> {
    const profileIds = [...new Set(snapshot.drivers.map((driver) => driver.profileId))];
    const teamIds = [...new Set([...snapshot.drivers.flatMap((driver) => (driver.teamId === null ? [] : [driver.teamId])), ...snapshot.teams.map((team) => team.teamId)])];
    const [profileById, teamById] = await Promise.all([this.profiles.summaries(profileIds, em), this.teams.badges(teamIds, em)]);
    const unknownTeam = (id: number) => ({ id, name: 'Former team', colour: '#9e9e9e' });
    return {
      seasonId: snapshot.seasonId,
      version: snapshot.version,
      unpublishedEventIds: snapshot.unpublishedEventIds,
      drivers: snapshot.drivers.map((driver) => {
        const profile = profileById.get(driver.profileId);
        const shown = profile ? shownDriver(profile, false) : { driverName: 'Former driver', driverNumber: null };
        return {
          position: driver.position,
          profile: { id: driver.profileId, ...shown, country: profile && !profile.hidden ? profile.country : null },
          team: driver.teamId === null ? null : (teamById.get(driver.teamId) ?? unknownTeam(driver.teamId)),
          points: driver.points,
          rounds: driver.rounds,
          wins: driver.wins,
          podiums: driver.podiums,
          penaltyPoints: driver.penaltyPoints,
        };
      }),
      teams: snapshot.teams.map((team) => ({
        position: team.position,
        team: teamById.get(team.teamId) ?? unknownTeam(team.teamId),
        points: team.points,
        rounds: team.rounds,
      })),
    };
  }
}

function scoreSeason(data: SeasonData, rounds: ScoredRound[]): StandingsSnapshot {
  const standings = computeStandings(data.pointsSystem, rounds, data.penalties);
  const linePoints: LinePoints = {};
  for (const [raceId, byProfile] of standings.linePoints)
    linePoints[String(raceId)] = Object.fromEntries([...byProfile].map(([profileId, points]) => [String(profileId), points]));
  const unpublishedEventIds = rounds.flatMap((round) => (data.events.find((event) => event.eventId === round.eventId)?.published ? [] : [round.eventId]));
  return { seasonId: data.seasonId, version: data.version, drivers: standings.drivers, teams: standings.teams, linePoints, unpublishedEventIds };
}
