/**
 * How competition data in the cache follows a change: a pushed message (cacheBridge) or this
 * browser's own change (the API's answer). Pushed standings are written in place, never over newer
 * ones; what `competitions.changed` names is refetched where shown, except what this browser already
 * holds fresh from its own change.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ownChangesOf } from '../../lib/query/ownChanges.js';
import { competitionKeys, type RaceRef } from './api.js';
import type { CompetitionDto, CompetitionGroupDto, RaceResultsDto, SeasonDto, StandingsDto } from './types.js';

/** The echo every competitions change of this browser gets from the server. */
export const competitionsChangedEcho = 'competitions.changed';

const isStandings = (key: QueryKey) => key[0] === 'competitions' && key[1] === 'season' && key[3] === 'standings';
const isDriverSearch = (key: QueryKey) => key[0] === 'competitions' && key[1] === 'driverSearch';

/**
 * `season.standings.changed`: the season's standings as they are now, written in place. A push older
 * than what is shown (`version` below the cached one: messages can overtake each other) is ignored.
 */
export function applyStandings(queryClient: QueryClient, standings: StandingsDto): void {
  queryClient.setQueryData<StandingsDto>(competitionKeys.standings(standings.seasonId), (cached) => (cached && cached.version > standings.version ? cached : standings));
  // An organizer's preview counts unpublished rounds the push leaves out: read again.
  void queryClient.invalidateQueries({ queryKey: competitionKeys.standingsPreview(standings.seasonId) });
}

/**
 * `competitions.changed`: a group, competition or season changed, or results were saved. What is shown
 * of competitions is refetched (the rest only marked stale); standings are left to their own push.
 */
export function onCompetitionsChanged(queryClient: QueryClient): void {
  const fresh = ownChangesOf(queryClient).take(competitionsChangedEcho);
  void queryClient.invalidateQueries({
    queryKey: competitionKeys.all,
    predicate: (query) => !isStandings(query.queryKey) && !isDriverSearch(query.queryKey) && !fresh.has(query.queryHash),
  });
}

/** Lists and the public pages refresh when next shown; the echo leaves alone what this browser wrote. */
function afterOwnChange(queryClient: QueryClient, fresh: QueryKey[]): void {
  void queryClient.invalidateQueries({ queryKey: competitionKeys.lists, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: competitionKeys.groups, refetchType: 'none' });
  ownChangesOf(queryClient).expect(competitionsChangedEcho, fresh);
}

export function applyOwnGroup(queryClient: QueryClient, group: CompetitionGroupDto): void {
  queryClient.setQueryData(competitionKeys.group(group.id), group);
  afterOwnChange(queryClient, [competitionKeys.group(group.id)]);
}

export function applyOwnCompetition(queryClient: QueryClient, competition: CompetitionDto): void {
  queryClient.setQueryData(competitionKeys.details(competition.id), competition);
  afterOwnChange(queryClient, [competitionKeys.details(competition.id)]);
}

export function applyOwnSeason(queryClient: QueryClient, season: SeasonDto): void {
  queryClient.setQueryData(competitionKeys.seasonDetails(season.id), season);
  // The competition lists its seasons: it is read again.
  void queryClient.invalidateQueries({ queryKey: competitionKeys.details(season.competition.id) });
  afterOwnChange(queryClient, [competitionKeys.seasonDetails(season.id)]);
}

/**
 * A save, revert or import made a new revision: the grid shows the answer and the history is read
 * again now; the round and the season (which races have results) follow with the echo.
 */
export function applyOwnResults(queryClient: QueryClient, race: RaceRef, results: RaceResultsDto): void {
  queryClient.setQueryData(competitionKeys.results(race), results);
  void queryClient.invalidateQueries({ queryKey: competitionKeys.revisions(race), exact: true });
  afterOwnChange(queryClient, [competitionKeys.results(race), competitionKeys.revisions(race)]);
}
