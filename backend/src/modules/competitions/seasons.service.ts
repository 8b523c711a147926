import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import type { PointsSystem, SeasonDto, SeasonEventDetailsDto, SeasonEventDto } from '../../contracts/competitions.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange, recordStaffSave, snapshotOf } from '../audit/index.js';
import {
  EVENT_RACES,
  linkableEvents,
  linkToSeason,
  racesOf,
  roundPublished,
  roundsBefore,
  seasonRound,
  seasonRounds,
  seesUnpublished,
  type SeasonRound,
} from '../events/index.js';
import { Competition, Season } from './competition.entities.js';
import { toCompetitionSummaryDto } from './competitions.mappers.js';
import { competitionAggregate } from './competitions.service.js';
import type { PointsSystemBody, SeasonBody } from './dto/season.dto.js';
import { ResultsReader } from './results.reader.js';
import { placeholders, seasonStats } from './season-stats.js';

export const seasonAggregate = (id: number) => ({ type: 'season', id });

/** The points system as stored: exactly its fields, whatever class the validated body was. */
export function toPointsSystem(body: PointsSystemBody): PointsSystem {
  const tables: PointsSystem['tables'] = {};
  for (const session of ['RACE', 'SPRINT', 'QUALIFYING'] as const) if (body.tables[session]) tables[session] = [...body.tables[session]];
  return {
    preset: body.preset,
    tables,
    bonuses: { pole: body.bonuses.pole, fastestLap: body.bonuses.fastestLap, onlyInsideTop: body.bonuses.onlyInsideTop },
    minimumDistancePercent: body.minimumDistancePercent,
    countBestRounds: body.countBestRounds,
    neverDropLastRounds: body.neverDropLastRounds,
    noShowPenalty: body.noShowPenalty,
    dnfScores: body.dnfScores,
    teamBestDrivers: body.teamBestDrivers,
    minDrivingSharePercent: body.minDrivingSharePercent ?? 0,
  };
}

/**
 * Makes a change to the season's standings inputs known: raises its results version (the worker labels
 * the standings it computes with it) and records SeasonChanged, in `em`'s transaction. Locks the
 * season's row until commit, so changes to one season are numbered one after another.
 */
export async function seasonChanged(em: EntityManager, season: Season): Promise<void> {
  await em.execute('update seasons set results_version = results_version + 1 where id = ?', [season.id]);
  recordDomainEvent(em, 'SeasonChanged', seasonAggregate(season.id), { seasonId: season.id, competitionId: season.competition.id });
}

/** What the audit log keeps of a season's settings. */
const SEASON_AUDITED_FIELDS = ['name', 'rules', 'pointsSystem'] as const;

/** Seasons: organizers set them up (points system, rules, their events); everyone reads them with their rounds. */
@Injectable()
export class SeasonsService {
  constructor(
    private readonly em: EntityManager,
    private readonly results: ResultsReader,
  ) {}

  /** Creates (no `id`) or updates a season of the competition. */
  async save(organizer: Principal, competitionId: number, body: SeasonBody): Promise<SeasonDto> {
    const id = await this.em.transactional(async (em) => {
      const competition = await em.findOne(Competition, competitionId);
      if (!competition) throw new NotFoundException(`Competition ${competitionId} not found`);
      const fields = { name: body.name, rules: body.rules || null, pointsSystem: toPointsSystem(body.pointsSystem) };
      let season: Season;
      let before: Record<string, unknown> | null = null;
      if (body.id) {
        const found = await em.findOne(Season, { id: body.id, competition: competitionId });
        if (!found) throw new NotFoundException(`Season ${body.id} of competition ${competitionId} not found`);
        before = snapshotOf(found, SEASON_AUDITED_FIELDS);
        season = em.assign(found, fields);
      } else {
        season = em.create(Season, { competition, ...fields });
      }
      await em.flush();
      await seasonChanged(em, season);
      // The competition's seasons (and its current season) are part of what its pages show.
      recordDomainEvent(em, 'CompetitionChanged', competitionAggregate(competitionId), { competitionId });
      recordStaffSave(em, organizer, {
        kind: 'season',
        entityId: season.id,
        label: `${competition.name}, ${season.name}`,
        before,
        after: snapshotOf(season, SEASON_AUDITED_FIELDS),
      });
      await em.flush();
      return season.id;
    });
    return this.season(id, null, true);
  }

  /**
   * Makes exactly these events the season's rounds. 400 for unknown or assessment events or events of
   * another game than the competition's; 409 for an event of another season, or for taking out an
   * event that has results (its results would silently leave the standings).
   */
  async setEvents(organizer: Principal, seasonId: number, eventIds: number[]): Promise<SeasonDto> {
    await this.em.transactional(async (em) => {
      const season = await em.findOne(Season, seasonId, { populate: ['competition'] });
      if (!season) throw new NotFoundException(`Season ${seasonId} not found`);
      const { requested: events, linked } = await linkableEvents(em, seasonId, eventIds);
      const byId = new Map(events.map((event) => [event.id, event]));
      eventIds.forEach((id, index) => {
        const event = byId.get(id);
        if (!event) throw invalidField(`eventIds.${index}`, `event ${id} does not exist`);
        if (event.assessment) throw invalidField(`eventIds.${index}`, `event ${id} is an assessment event: it cannot be a round of a season`);
        const gameId = season.competition.game?.id;
        if (gameId !== undefined && event.gameId !== gameId) throw invalidField(`eventIds.${index}`, `event ${id} is of another game than the competition`);
        if (event.seasonId !== null && event.seasonId !== seasonId) {
          throw new ConflictException(`Event ${id} is a round of season ${event.seasonId} already: take it out of that season first`);
        }
      });
      const leaving = linked.filter((event) => !byId.has(event.id));
      const withResults = await this.eventsWithResults(
        em,
        leaving.map((event) => event.id),
      );
      if (withResults.length) throw new ConflictException(`Event ${withResults.join(', ')} has results: it stays a round of the season`);
      const joining = events.filter((event) => event.seasonId !== seasonId);
      if (leaving.length || joining.length) {
        recordStaffChange(em, {
          actorId: organizer.userId,
          kind: 'season',
          entityId: seasonId,
          label: `${season.competition.name}, ${season.name}`,
          action: 'rounds changed',
          before: { rounds: linked.map((event) => event.name) },
          after: { rounds: eventIds.map((id) => byId.get(id)!.name) },
        });
      }
      await linkToSeason(
        em,
        seasonId,
        joining.map((event) => event.id),
        leaving.map((event) => event.id),
      );
      await seasonChanged(em, season);
      await em.flush();
    });
    return this.season(seasonId, null, true);
  }

  /** "Competition — Season", or null when the season does not exist: for other modules' checks and audit labels. */
  async label(em: EntityManager, seasonId: number): Promise<string | null> {
    const season = await em.findOne(Season, seasonId, { populate: ['competition'] });
    return season ? `${season.competition.name} — ${season.name}` : null;
  }

  /** The season's competition and "Competition — Season" (null: no such season): what other modules link and name it by. */
  async ref(em: EntityManager, seasonId: number): Promise<{ competitionId: number; label: string } | null> {
    const season = await em.findOne(Season, seasonId, { populate: ['competition'] });
    return season ? { competitionId: season.competition.id, label: `${season.competition.name} — ${season.name}` } : null;
  }

  /** The season with its competition, points system and rounds (unpublished ones only for organizers), in date order. */
  async season(id: number, principal: Principal | null | undefined, asOrganizer = false): Promise<SeasonDto> {
    const em = this.em.fork();
    const season = await em.findOne(Season, id, { populate: ['competition.group', 'competition.game', 'competition.seasons'] });
    if (!season) throw new NotFoundException(`Season ${id} not found`);
    const sees = asOrganizer || seesUnpublished(principal);
    const events = await seasonRounds(em, id, sees);
    const [withResults, stats] = await Promise.all([
      this.racesWithResults(em, events),
      seasonStats(
        em,
        season.competition.seasons.getItems().map((other) => other.id),
      ),
    ]);
    return {
      id: season.id,
      name: season.name,
      rules: season.rules,
      competition: toCompetitionSummaryDto(season.competition, stats, new Date()),
      pointsSystem: season.pointsSystem,
      events: events.map((event, index) => toSeasonEventDto(event, index + 1, withResults)),
    };
  }

  /** One round of the season with the latest results of each of its races. */
  async seasonEvent(seasonId: number, eventId: number, principal: Principal | null | undefined): Promise<SeasonEventDetailsDto> {
    const em = this.em.fork();
    const { season } = await findRound(em, seasonId, eventId, principal);
    const event = (await seasonRound(em, seasonId, eventId))!;
    const sees = seesUnpublished(principal);
    const earlier = await roundsBefore(em, seasonId, event, sees);
    const results = await this.results.latestOf(
      em,
      seasonId,
      racesOf(event).map((race) => race.raceId),
      sees,
    );
    const withResults = new Set(results.filter((entry) => entry.revision !== null).map((entry) => entry.raceId));
    return {
      ...toSeasonEventDto(event, earlier + 1, withResults),
      seasonId,
      competition: { id: season.competition.id, name: season.competition.name },
      results,
    };
  }

  private async racesWithResults(em: EntityManager, events: SeasonRound[]): Promise<Set<number>> {
    const raceIds = events.flatMap((event) => racesOf(event).map((race) => race.raceId));
    if (!raceIds.length) return new Set();
    const rows = await em.execute<{ race_id: number }[]>(`select distinct race_id from result_revisions where race_id in (${placeholders(raceIds)})`, raceIds);
    return new Set(rows.map((row) => row.race_id));
  }

  private async eventsWithResults(em: EntityManager, eventIds: number[]): Promise<number[]> {
    if (!eventIds.length) return [];
    const rows = await em.execute<{ event_id: number }[]>(
      `select distinct r.event_id from ${EVENT_RACES} r join result_revisions rr on rr.race_id = r.id
       where r.event_id in (${placeholders(eventIds)}) order by r.event_id`,
      eventIds,
    );
    return rows.map((row) => row.event_id);
  }
}

/**
 * The season, checked to have the event as a round `principal` may see: 404 for an unknown season, an
 * event that is not one of its rounds, or an unpublished round to anyone but organizers.
 */
export async function findRound(em: EntityManager, seasonId: number, eventId: number, principal: Principal | null | undefined): Promise<{ season: Season }> {
  const season = await em.findOne(Season, seasonId, { populate: ['competition'] });
  if (!season) throw new NotFoundException(`Season ${seasonId} not found`);
  const published = await roundPublished(em, seasonId, eventId);
  if (published === null || (!published && !seesUnpublished(principal))) throw new NotFoundException(`Event ${eventId} is not a round of season ${seasonId}`);
  return { season };
}

function toSeasonEventDto(event: SeasonRound, round: number, withResults: Set<number>): SeasonEventDto {
  return {
    id: event.eventId,
    name: event.name,
    date: event.startsAt.toISOString(),
    round,
    published: event.published,
    raceEvents: event.raceEvents.map(({ races, ...raceEvent }) => ({
      ...raceEvent,
      races: races.map(({ raceId, ...race }) => ({ id: raceId, ...race, hasResults: withResults.has(raceId) })),
    })),
  };
}
