import { GraphqlRead } from '../../infra/graphql/graphql-reads.js';
import { COMPETITION_READS } from './competitions.reads.js';
import { EntityManager } from '@mikro-orm/postgresql';
import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { Page } from '../../contracts/api.js';
import type {
  CompetitionDto,
  CompetitionGroupDto,
  CompetitionSummaryDto,
  RaceResultsDto,
  SeasonDto,
  SeasonEventDetailsDto,
  StandingsDto,
} from '../../contracts/competitions.js';
import { Loaders } from '../../infra/graphql/graphql-context.js';
import { IdArgs, ListSize } from '../../infra/graphql/graphql-types.js';
import type { BatchRead, RequestLoaders } from '../../infra/graphql/request-loaders.js';
import { CompetitionsService } from './competitions.service.js';
import {
  CompetitionGroupType,
  CompetitionSummaryPageType,
  CompetitionType,
  CurrentCompetitionsArgs,
  RaceResultsType,
  SeasonEventArgs,
  SeasonEventDetailsType,
  SeasonEventType,
  SeasonIdArgs,
  type SeasonEventInSeason,
  SeasonType,
  StandingsType,
} from './graphql/competition.types.js';
import { ResultsReader } from './results.reader.js';
import { SeasonsService } from './seasons.service.js';
import { StandingsService } from './standings.service.js';

/**
 * Competitions in the GraphQL API: the same reads as the public competitions and seasons routes of
 * REST (groups, current competitions, a competition, the leaderboard's, a season, a round with its
 * results, standings), for everyone as a visitor sees them — published rounds only, hidden drivers as
 * "Private driver", whoever asks.
 */
@Resolver(() => SeasonType)
export class CompetitionsResolver {
  constructor(
    private readonly competitions: CompetitionsService,
    private readonly seasons: SeasonsService,
    private readonly standingsService: StandingsService,
  ) {}

  @ListSize(5)
  @Query(() => [CompetitionGroupType], { description: 'Competition groups by position, then name; with `live: true` only those with a current competition' })
  @GraphqlRead(COMPETITION_READS)
  competitionGroups(@Args('live', { type: () => Boolean, defaultValue: false }) live: boolean): Promise<CompetitionGroupDto[]> {
    return this.competitions.groups(live);
  }

  @Query(() => CompetitionGroupType, { nullable: true })
  @GraphqlRead(COMPETITION_READS)
  competitionGroup(@Args() { id }: IdArgs): Promise<CompetitionGroupDto> {
    return this.competitions.group(id);
  }

  @Query(() => CompetitionSummaryPageType, { description: 'Current competitions (the Series page), by group then name; `groupId` for one group' })
  @GraphqlRead(COMPETITION_READS)
  currentCompetitions(@Args() query: CurrentCompetitionsArgs): Promise<Page<CompetitionSummaryDto>> {
    return this.competitions.current(query, query.groupId);
  }

  @Query(() => CompetitionType, { nullable: true, description: 'One competition with its seasons' })
  @GraphqlRead(COMPETITION_READS)
  competition(@Args() { id }: IdArgs): Promise<CompetitionDto> {
    return this.competitions.details(id);
  }

  @ListSize(10)
  @Query(() => [CompetitionType], { description: 'Competitions on the Series leaderboard, each with its seasons' })
  @GraphqlRead(COMPETITION_READS)
  leaderboardCompetitions(): Promise<CompetitionDto[]> {
    return this.competitions.leaderboards();
  }

  @Query(() => SeasonType, { nullable: true, description: 'A season with its competition, points system and published rounds' })
  @GraphqlRead(COMPETITION_READS)
  async season(@Args() { id }: IdArgs): Promise<SeasonDto & { events: SeasonEventInSeason[] }> {
    const season = await this.seasons.season(id, null);
    return { ...season, events: season.events.map((event) => ({ ...event, seasonId: season.id })) };
  }

  @Query(() => SeasonEventDetailsType, { nullable: true, description: 'One published round of a season with the latest results of its races' })
  @GraphqlRead(COMPETITION_READS)
  seasonEvent(@Args() { seasonId, id }: SeasonEventArgs): Promise<SeasonEventDetailsDto> {
    return this.seasons.seasonEvent(seasonId, id, null);
  }

  @Query(() => StandingsType, { nullable: true, description: "A season's driver and team standings" })
  @GraphqlRead(COMPETITION_READS)
  standings(@Args() { seasonId }: SeasonIdArgs): Promise<StandingsDto> {
    return this.standingsService.read(seasonId);
  }
}

/** `SeasonEvent.results`: the latest results of every race of every round asked, read at once per season. */
@Resolver(() => SeasonEventType)
export class SeasonEventResultsResolver {
  constructor(
    private readonly reader: ResultsReader,
    private readonly em: EntityManager,
  ) {}

  /** By `seasonId:raceId` (the points of a line are its season's): one read per season, whatever the number of races. */
  private readonly latestResults: BatchRead<string, RaceResultsDto> = async (keys) => {
    const racesBySeason = new Map<number, number[]>();
    for (const key of keys) {
      const [seasonId, raceId] = key.split(':').map(Number);
      racesBySeason.set(seasonId, [...(racesBySeason.get(seasonId) ?? []), raceId]);
    }
    const read = await Promise.all(
      [...racesBySeason].map(async ([seasonId, raceIds]) => {
        const results = await this.reader.latestOf(this.em.fork(), seasonId, raceIds, false);
        return results.map((race) => [`${seasonId}:${race.raceId}`, race] as const);
      }),
    );
    return new Map(read.flat());
  };

  @ListSize(2)
  @ResolveField(() => [RaceResultsType], { description: 'The latest results of each of its races, in race order' })
  async results(@Parent() event: SeasonEventInSeason, @Loaders() loaders: RequestLoaders): Promise<RaceResultsDto[]> {
    const keys = event.raceEvents.flatMap((raceEvent) => raceEvent.races.map((race) => `${event.seasonId}:${race.id}`));
    const results = await loaders.loadMany(this.latestResults, keys);
    return results.filter((race): race is RaceResultsDto => race !== null);
  }
}

/** The providers CompetitionsModule adds for the GraphQL API. */
export const COMPETITION_RESOLVERS = [CompetitionsResolver, SeasonEventResultsResolver];
