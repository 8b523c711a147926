import { Injectable, NotFoundException } from '@nestjs/common';
import { invalidField } from '../../common/validation.js';
import type { StandingsDto } from '../../contracts/competitions.js';
import { CompetitionsService } from '../competitions/index.js';
import { SeasonsService } from '../competitions/index.js';
import { StandingsService } from '../competitions/index.js';
import type { BiddingRound } from './bidding.entities.js';
import { bidderId, bidderKind, driverBidder, teamBidder } from './bidding.rules.js';

/** What a round needs to know of its season: its name, whether teams race it, and the season before it (for points and positions). */
export interface SeasonFacts {
  name: string;
  teamsRace: boolean;
  previousSeasonId: number | null;
}

/** What bidding asks of competitions: a round's season and the standings its budgets and tie-break read. */
@Injectable()
export class BiddingSeasons {
  constructor(
    private readonly seasons: SeasonsService,
    private readonly competitions: CompetitionsService,
    private readonly standings: StandingsService,
  ) {}

  /** The season's facts; a season that does not exist is a 400 on `seasonId`. */
  async facts(seasonId: number): Promise<SeasonFacts> {
    let season;
    try {
      season = await this.seasons.season(seasonId, null, true);
    } catch (error) {
      if (error instanceof NotFoundException) throw invalidField('seasonId', `season ${seasonId} does not exist`);
      throw error;
    }
    const competition = await this.competitions.details(season.competition.id);
    const earlier = competition.seasons.map((other) => other.id).filter((id) => id < seasonId);
    return {
      name: `${season.competition.name} – ${season.name}`,
      teamsRace: season.competition.style !== 'SOLO',
      previousSeasonId: earlier.length ? Math.max(...earlier) : null,
    };
  }

  /** The season's facts, or null for a season since deleted. */
  async factsIfAny(seasonId: number): Promise<SeasonFacts | null> {
    try {
      return await this.facts(seasonId);
    } catch {
      return null;
    }
  }

  async standingsOf(seasonId: number): Promise<StandingsDto | null> {
    try {
      return await this.standings.read(seasonId);
    } catch (error) {
      if (error instanceof NotFoundException) return null;
      throw error;
    }
  }
}

/** Seasons and standings asked once per request or settlement, however many rounds and bidders it covers. */
export class ViewContext {
  private readonly facts = new Map<number, Promise<SeasonFacts | null>>();
  private readonly standings = new Map<number, Promise<StandingsDto | null>>();

  constructor(private readonly seasons: BiddingSeasons) {}

  private factsOf(seasonId: number): Promise<SeasonFacts | null> {
    if (!this.facts.has(seasonId)) this.facts.set(seasonId, this.seasons.factsIfAny(seasonId));
    return this.facts.get(seasonId)!;
  }

  private standingsOf(seasonId: number): Promise<StandingsDto | null> {
    if (!this.standings.has(seasonId)) this.standings.set(seasonId, this.seasons.standingsOf(seasonId));
    return this.standings.get(seasonId)!;
  }

  async seasonName(seasonId: number | null): Promise<string> {
    if (seasonId === null) return 'League-wide';
    return (await this.factsOf(seasonId))?.name ?? `Season ${seasonId}`;
  }

  /** The standings the round's currency and tie-break read: the competition's previous season's. */
  async previousStandings(seasonId: number | null): Promise<StandingsDto | null> {
    if (seasonId === null) return null;
    const source = (await this.factsOf(seasonId))?.previousSeasonId ?? null;
    return source === null ? null : this.standingsOf(source);
  }

  /** A bidder's budget in the round: its tokens, or its points of the competition's previous season (0 without one). */
  async budgetOf(round: BiddingRound, bidder: string): Promise<number> {
    if (round.currency === 'TOKENS') return round.tokensPerBidder ?? 0;
    const standings = await this.previousStandings(round.seasonId);
    if (!standings) return 0;
    const id = bidderId(bidder);
    return bidderKind(bidder) === 'TEAM'
      ? (standings.teams.find((team) => team.team.id === id)?.points ?? 0)
      : (standings.drivers.find((driver) => driver.profile.id === id)?.points ?? 0);
  }

  /** Championship positions per bidder (drivers and teams) for the tie-break: the previous season's, else the season's own standings. */
  async positions(seasonId: number | null): Promise<Map<string, number> | null> {
    if (seasonId === null) return null;
    const standings = (await this.previousStandings(seasonId)) ?? (await this.standingsOf(seasonId));
    const positions = new Map<string, number>();
    for (const driver of standings?.drivers ?? []) positions.set(driverBidder(driver.profile.id), driver.position);
    for (const team of standings?.teams ?? []) positions.set(teamBidder(team.team.id), team.position);
    return positions;
  }
}
