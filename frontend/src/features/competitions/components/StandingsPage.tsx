import { useDeferredValue } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { useRoom } from '../../../lib/realtime/useRoom.js';
import { competitionKeys, competitionQueries } from '../api.js';
import { useStandingsChanges } from '../standingsChanges.js';
import { useSeasonStandings } from '../useSeasonStandings.js';
import type { CompetitionSummaryDto } from '../types.js';
import { InlineFailure, isNotFound, NotFoundState } from './LoadStates.js';
import { DriverStandingsTable, roundColumns, TeamStandingsTable } from './StandingsTables.js';

const standingsPath = (competition?: number, season?: number) => pathTo('Competitions-Standings', { competition, season });

/** Says, once, what changed when a live update arrives (screen readers hear it; the rows flash). */
function LiveNote({ drivers, teams }: { drivers: number; teams: number }) {
  const parts = [drivers ? `${drivers} ${drivers === 1 ? 'driver' : 'drivers'}` : '', teams ? `${teams} ${teams === 1 ? 'team' : 'teams'}` : ''].filter(Boolean);
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: 24 }}>
      {parts.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Standings updated just now: points changed for {parts.join(' and ')}.
        </Typography>
      )}
    </Box>
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
  const failure = named.error ?? chosen.error;

  const back = { back: pathTo('Competitions-Current'), backLabel: 'See all series' };
  if (badUrl || isNotFound(failure, 'competition')) return <NotFoundState title="Series not found" message="There is no such series" {...back} />;
  const wrongSeason = season && competitionId !== null && season.competition.id !== competitionId;
  if (wrongSeason || isNotFound(failure, 'season')) return <NotFoundState title="Season not found" message="This series has no such season" {...back} />;

  // The list offers the competitions with leaderboards; one reached by its URL is offered too.
  const offered: CompetitionSummaryDto[] = [...(choices ?? [])];
  if (competition && !offered.some((candidate) => candidate.id === competition.id)) offered.push(competition);
  const seasons = competition?.seasons ?? [];
  const rounds = table ? roundColumns(season, table) : [];
  const teamStyle = (competition?.style ?? 'SOLO') !== 'SOLO' || (table?.teams.length ?? 0) > 0;
  const loading = named.isPending || (seasonId !== null && (standings.isPending || (standings.data !== undefined && !drawn)));

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Series leaderboard</PageTitle>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          label="Series"
          size="small"
          value={competitionId !== null && offered.some((candidate) => candidate.id === competitionId) ? String(competitionId) : ''}
          onChange={(event) => navigate(standingsPath(Number(event.target.value)))}
          sx={{ minWidth: 240 }}
          disabled={offered.length === 0}
        >
          {offered.map((candidate) => (
            <MenuItem key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Season"
          size="small"
          value={seasonId !== null && seasons.some((candidate) => candidate.id === seasonId) ? String(seasonId) : ''}
          onChange={(event) => navigate(standingsPath(competitionId ?? undefined, Number(event.target.value)))}
          sx={{ minWidth: 200 }}
          disabled={seasons.length === 0}
        >
          {seasons.map((candidate) => (
            <MenuItem key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
        {competitionId !== null && seasonId !== null && (
          <Button component={RouterLink} to={pathTo('Competitions-Current-details', { competition: competitionId, season: seasonId })} sx={{ alignSelf: 'center' }}>
            Rounds and results
          </Button>
        )}
      </Box>
      <Box sx={{ minHeight: 4 }}>{standings.isFetching && !standings.isPending && <LinearProgress aria-label="Refreshing standings" />}</Box>

      {named.error && <InlineFailure what="series" error={named.error} onRetry={() => void named.refetch()} />}
      {chosen.error && chosen.error !== named.error && <InlineFailure what="series" error={chosen.error} onRetry={() => void chosen.refetch()} />}
      {standings.error && !isNotFound(standings.error) && <InlineFailure what="standings" error={standings.error} onRetry={() => void standings.refetch()} />}

      {loading ? (
        <Box role="status" aria-label="Loading standings">
          <Skeleton variant="rounded" height={320} />
        </Box>
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
            <Box component="section" aria-labelledby="drivers-title" sx={{ mt: 1 }}>
              <Typography id="drivers-title" variant="h5" component="h2" gutterBottom>
                Drivers
              </Typography>
              <DriverStandingsTable drivers={table.drivers} rounds={rounds} changed={changes.drivers} />
            </Box>
            {teamStyle && (
              <Box component="section" aria-labelledby="teams-title" sx={{ mt: 4 }}>
                <Typography id="teams-title" variant="h5" component="h2" gutterBottom>
                  Teams
                </Typography>
                {table.teams.length === 0 ? <EmptyState title="No team has scored yet" /> : <TeamStandingsTable teams={table.teams} rounds={rounds} changed={changes.teams} />}
              </Box>
            )}
          </>
        )
      )}
    </Container>
  );
}
