import { useDeferredValue, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { ButtonLink, Container, LinearProgress, SelectField, Skeleton, Text } from '../../../components/ui/index.js';
import { useRoom } from '../../../lib/realtime/useRoom.js';
import { competitionKeys, competitionQueries } from '../api.js';
import { useStandingsChanges } from '../standingsChanges.js';
import { useSeasonStandings } from '../useSeasonStandings.js';
import type { CompetitionSummaryDto } from '../types.js';
import { InlineFailure, isNotFound, NotFoundState } from './LoadStates.js';
import { DriverStandingsTable, roundColumns, TeamStandingsTable } from './StandingsTables.js';
import './competitions.css';

const standingsPath = (competition?: number, season?: number) => pathTo('Competitions-Standings', { competition, season });

/** Says, once, what changed when a live update arrives (screen readers hear it; the rows flash). */
function LiveNote({ drivers, teams }: { drivers: number; teams: number }) {
  const parts = [drivers ? `${drivers} ${drivers === 1 ? 'driver' : 'drivers'}` : '', teams ? `${teams} ${teams === 1 ? 'team' : 'teams'}` : ''].filter(Boolean);
  return (
    <div role="status" aria-live="polite" className="pd-competitions-live-note">
      {parts.length > 0 && (
        <Text variant="body2" tone="secondary">
          Standings updated just now: points changed for {parts.join(' and ')}.
        </Text>
      )}
    </div>
  );
}

/**
 * Series leaderboard (SPEC §2): a competition and one of its seasons, chosen in the URL; the drivers'
 * and teams' standings, kept live from room `season:{id}` — rows whose points change flash briefly.
 */
export default function StandingsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const competitionParam = routeId(params.competition);
  const seasonParam = routeId(params.season);
  const badUrl = (params.competition !== undefined && competitionParam === null) || (params.season !== undefined && seasonParam === null);

  // Without a competition in the URL the first one on offer is shown; without a season, the competition's current one.
  // When the URL names both, one read brings the selectors' data and the season (the standings are read beside it).
  const named = useQuery({ ...competitionQueries.leaderboard(competitionParam, seasonParam), enabled: !badUrl });
  const choices = named.data?.choices;
  const competitionId = competitionParam ?? choices?.[0]?.id ?? null;
  const competition = named.data?.competition ?? choices?.find((candidate) => candidate.id === competitionId) ?? null;
  const seasonId = seasonParam ?? competition?.currentSeason?.id ?? competition?.seasons.at(-1)?.id ?? null;
  // The same read with the competition and season chosen for the URL (the very same query when the URL names both).
  const chosen = useQuery({ ...competitionQueries.leaderboard(competitionId, seasonId), enabled: !badUrl && named.isSuccess && competitionId !== null && seasonId !== null });
  const { standings, season } = useSeasonStandings(seasonId, chosen.data?.season ?? undefined, !badUrl);
  useRoom(seasonId === null ? null : `season:${seasonId}`, seasonId === null ? undefined : competitionKeys.standings(seasonId));
  const changes = useStandingsChanges(standings.data);
  // The first answer is drawn as a deferred update (React splits it into short slices), not in the answer's urgent one: no long task.
  const drawn = useDeferredValue(standings.data !== undefined);
  const table = drawn ? standings.data : undefined;
  // The same columns while the standings are the same, so the memoised tables are not redrawn.
  const rounds = useMemo(() => (table ? roundColumns(season, table) : []), [season, table]);
  const failure = named.error ?? chosen.error;

  const back = { back: pathTo('Competitions-Current'), backLabel: 'See all series' };
  if (badUrl || isNotFound(failure, 'competition')) return <NotFoundState title="Series not found" message="There is no such series" {...back} />;
  const wrongSeason = season && competitionId !== null && season.competition.id !== competitionId;
  if (wrongSeason || isNotFound(failure, 'season')) return <NotFoundState title="Season not found" message="This series has no such season" {...back} />;

  // The list offers the competitions with leaderboards; one reached by its URL is offered too.
  const offered: CompetitionSummaryDto[] = [...(choices ?? [])];
  if (competition && !offered.some((candidate) => candidate.id === competition.id)) offered.push(competition);
  const seasons = competition?.seasons ?? [];
  const teamStyle = (competition?.style ?? 'SOLO') !== 'SOLO' || (table?.teams.length ?? 0) > 0;
  const loading = named.isPending || (seasonId !== null && (standings.isPending || (standings.data !== undefined && !drawn)));

  // A select shows its first option when its value names none: while nothing is chosen yet it offers an empty one.
  const competitionValue = competitionId !== null && offered.some((candidate) => candidate.id === competitionId) ? String(competitionId) : '';
  const seasonValue = seasonId !== null && seasons.some((candidate) => candidate.id === seasonId) ? String(seasonId) : '';
  const options = (candidates: { id: number; name: string }[], value: string) => [
    ...(value === '' ? [{ value: '', label: '' }] : []),
    ...candidates.map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
  ];

  return (
    <Container maxWidth="lg" page>
      <PageTitle>Series leaderboard</PageTitle>
      <div className="pd-competitions-choices">
        <SelectField
          label="Series"
          className="pd-competitions-series-choice"
          options={options(offered, competitionValue)}
          value={competitionValue}
          onChange={(event) => navigate(standingsPath(Number(event.target.value)))}
          disabled={offered.length === 0}
        />
        <SelectField
          label="Season"
          className="pd-competitions-leaderboard-season"
          options={options(seasons, seasonValue)}
          value={seasonValue}
          onChange={(event) => navigate(standingsPath(competitionId ?? undefined, Number(event.target.value)))}
          disabled={seasons.length === 0}
        />
        {competitionId !== null && seasonId !== null && (
          <ButtonLink to={pathTo('Competitions-Current-details', { competition: competitionId, season: seasonId })} className="pd-competitions-details-link">
            Rounds and results
          </ButtonLink>
        )}
      </div>
      <div className="pd-competitions-progress">{standings.isFetching && !standings.isPending && <LinearProgress label="Refreshing standings" />}</div>

      {named.error && <InlineFailure what="series" error={named.error} onRetry={() => void named.refetch()} />}
      {chosen.error && chosen.error !== named.error && <InlineFailure what="series" error={chosen.error} onRetry={() => void chosen.refetch()} />}
      {standings.error && !isNotFound(standings.error) && <InlineFailure what="standings" error={standings.error} onRetry={() => void standings.refetch()} />}

      {loading ? (
        <div role="status" aria-label="Loading standings">
          <Skeleton variant="rounded" height={320} />
        </div>
      ) : choices && competitionId === null ? (
        <EmptyState title="No series has a leaderboard yet">Standings appear here once a series has results.</EmptyState>
      ) : competition && seasons.length === 0 ? (
        <EmptyState title="This series has no season yet" />
      ) : table && table.drivers.length === 0 ? (
        <EmptyState title="No results yet">The standings fill in as soon as the first race has results.</EmptyState>
      ) : (
        table && (
          <>
            <LiveNote drivers={changes.drivers.size} teams={changes.teams.size} />
            <section aria-labelledby="drivers-title" className="pd-competitions-drivers">
              <Text id="drivers-title" variant="h5" as="h2" gutterBottom>
                Drivers
              </Text>
              <DriverStandingsTable drivers={table.drivers} rounds={rounds} changed={changes.drivers} />
            </section>
            {teamStyle && (
              <section aria-labelledby="teams-title" className="pd-competitions-teams">
                <Text id="teams-title" variant="h5" as="h2" gutterBottom>
                  Teams
                </Text>
                {table.teams.length === 0 ? <EmptyState title="No team has scored yet" /> : <TeamStandingsTable teams={table.teams} rounds={rounds} changed={changes.teams} />}
              </section>
            )}
          </>
        )
      )}
    </Container>
  );
}
