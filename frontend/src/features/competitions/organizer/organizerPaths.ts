import { pathTo } from '../../../app/routes/routeTable.js';

/** The organizer screens of competitions, by what they show; `new` opens an empty form. */
export const organizerPaths = {
  groups: () => pathTo('Organize-CompetitionGroups'),
  group: (id: number | 'new') => pathTo('Organize-CompetitionGroup', { group: id }),
  competitions: () => pathTo('Organize-Competitions'),
  competition: (id: number | 'new') => pathTo('Organize-Competition', { competition: id }),
  seasons: (competition: number) => pathTo('Organize-Seasons', { competition }),
  season: (competition: number, season: number | 'new') => pathTo('Organize-Season', { competition, season }),
  seasonEvent: (competition: number, season: number, event: number) => pathTo('Organize-Season-Event', { competition, season, event }),
  results: (competition: number, season: number, event: number, race?: number) => pathTo('Organize-Season-Event-Results', { competition, season, event, race }),
};
