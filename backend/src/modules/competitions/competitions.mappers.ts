import type { CompetitionDto, CompetitionGroupDto, CompetitionSummaryDto, SeasonSummaryDto } from '../../contracts/competitions.js';
import { imageUrl } from '../images/index.js';
import type { Competition, CompetitionGroup, Season } from './competition.entities.js';
import { currentSeasonOf } from './season-rules.js';
import { NO_ROUNDS, type SeasonStats } from './season-stats.js';

/** What `toCompetitionSummaryDto` needs loaded: the group, the game, the seasons. */
export const COMPETITION_POPULATE = ['group', 'game', 'seasons'] as const;

export function toGroupDto(group: CompetitionGroup, live: boolean): CompetitionGroupDto {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    icon: imageUrl(group.icon?.id),
    banner: imageUrl(group.banner?.id),
    live,
    position: group.position,
  };
}

export function toSeasonSummaryDto(season: Season, stats: SeasonStats = NO_ROUNDS): SeasonSummaryDto {
  return { id: season.id, name: season.name, rounds: stats.rounds, roundsWithResults: stats.roundsWithResults };
}

/** Needs COMPETITION_POPULATE loaded; `stats` of its seasons (absent: no rounds). */
export function toCompetitionSummaryDto(competition: Competition, stats: Map<number, SeasonStats>, now: Date): CompetitionSummaryDto {
  const seasons = competition.seasons.getItems().map((season) => ({ id: season.id, name: season.name, firstRound: stats.get(season.id)?.firstRound ?? null }));
  const current = currentSeasonOf(seasons, now);
  return {
    id: competition.id,
    name: competition.name,
    description: competition.description,
    style: competition.style,
    icon: imageUrl(competition.icon?.id),
    banner: imageUrl(competition.banner?.id),
    current: competition.current,
    group: competition.group ? { id: competition.group.id, name: competition.group.name } : null,
    game: competition.game ? { id: competition.game.id, name: competition.game.name, icon: imageUrl(competition.game.icon?.id) } : null,
    platforms: competition.platforms,
    currentSeason: current ? { id: current.id, name: current.name } : null,
    leaderboardsEnabled: competition.leaderboardsEnabled,
  };
}

export function toCompetitionDto(competition: Competition, stats: Map<number, SeasonStats>, now: Date): CompetitionDto {
  return {
    ...toCompetitionSummaryDto(competition, stats, now),
    seasons: competition.seasons.getItems().map((season) => toSeasonSummaryDto(season, stats.get(season.id))),
  };
}
