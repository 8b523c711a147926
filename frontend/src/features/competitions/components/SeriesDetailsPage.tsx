import { useDeferredValue, useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { HASH_SCROLL_DELAY_MS } from '../../../app/routes/useHashScroll.js';
import { CalendarSubscribe } from '../../../components/CalendarSubscribe.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { ButtonLink, Chip, Container, Paper, SelectField, Skeleton, Text } from '../../../components/ui/index.js';
import { apiUrl } from '../../../lib/api/client.js';
import { useRoom } from '../../../lib/realtime/useRoom.js';
import { COMPETITION_STYLE_LABELS, PLATFORM_LABELS } from '../../events/index.js';
import { competitionKeys, competitionQueries } from '../api.js';
import { openRound } from '../openRound.js';
import { useStandingsChanges } from '../standingsChanges.js';
import type { SeasonDto } from '../types.js';
import { InlineFailure, isNotFound, LoadFailureState, NotFoundState } from './LoadStates.js';
import { PointsSystemPanel } from './PointsSystemPanel.js';
import { SeasonEventCard } from './SeasonEventCard.js';
import { DriverStandingsTable, roundColumns, TeamStandingsTable, UnpublishedNote } from './StandingsTables.js';
import { useSeasonStandings } from '../useSeasonStandings.js';
import './competitions.css';

const PREVIEW_DRIVERS = 5;
const PREVIEW_TEAMS = 3;

/** The top of the standings, live, with a link to the whole leaderboard. */
function StandingsPreview({ season: publicSeason }: { season: SeasonDto }) {
  const { standings, season = publicSeason } = useSeasonStandings(publicSeason.id, publicSeason);
  const changes = useStandingsChanges(standings.data);
  // The same columns while the standings are the same, so the memoised tables are not redrawn.
  const rounds = useMemo(() => (standings.data ? roundColumns(season, standings.data) : []), [season, standings.data]);
  const teamStyle = season.competition.style !== 'SOLO';
  return (
    <Paper as="section" aria-labelledby="preview-title" className="pd-competitions-panel">
      <div className="pd-competitions-panel-head">
        <Text id="preview-title" variant="h6" as="h2">
          Standings
        </Text>
        <ButtonLink to={pathTo('Competitions-Standings', { competition: season.competition.id, season: season.id })} size="small">
          Full standings
        </ButtonLink>
      </div>
      {standings.error ? (
        <InlineFailure what="standings" error={standings.error} onRetry={() => void standings.refetch()} />
      ) : !standings.data ? (
        <div role="status" aria-label="Loading standings">
          <Skeleton variant="rounded" height={180} />
        </div>
      ) : standings.data.drivers.length === 0 ? (
        <Text tone="secondary">No results yet: the standings fill in after the first race.</Text>
      ) : (
        <div className="pd-stack">
          <UnpublishedNote rounds={rounds} />
          <DriverStandingsTable drivers={standings.data.drivers} rounds={rounds} changed={changes.drivers} limit={PREVIEW_DRIVERS} />
          {teamStyle && standings.data.teams.length > 0 && <TeamStandingsTable teams={standings.data.teams} rounds={rounds} changed={changes.teams} limit={PREVIEW_TEAMS} />}
        </div>
      )}
    </Paper>
  );
}

/**
 * Competitions-Current-details (SPEC §2): a series' season — its header, a season choice, how points
 * are scored, each round with its races and results, and the top of the standings, live from room
 * `season:{id}`. The URL's hash (an event id) scrolls to that round's card.
 */
export default function SeriesDetailsPage() {
  const params = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const competitionId = routeId(params.competition);
  const seasonId = routeId(params.season);
  const details = useQuery({ ...competitionQueries.seriesDetails(competitionId ?? 0, seasonId ?? 0), enabled: competitionId !== null && seasonId !== null });
  useRoom(seasonId === null ? null : `season:${seasonId}`, seasonId === null ? undefined : competitionKeys.season(seasonId));
  // The first answer is drawn as a deferred update (React splits it into short slices), not in the answer's urgent one: no long task.
  const drawn = useDeferredValue(details.data !== undefined);

  // The shell scrolls to the hash once; the rounds may arrive after it looked, so this page looks again when they do.
  const loaded = details.data !== undefined && drawn;
  useEffect(() => {
    if (!loaded || !hash) return undefined;
    const timer = setTimeout(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' }), HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, hash]);

  const notFound = { title: 'Series not found', message: 'There is no such series or season', back: pathTo('Competitions-Current'), backLabel: 'See all series' };
  if (competitionId === null || seasonId === null) return <NotFoundState {...notFound} />;
  if (isNotFound(details.error)) return <NotFoundState {...notFound} />;
  if (details.error) return <LoadFailureState what="season" error={details.error} onRetry={() => void details.refetch()} />;
  if (!details.data || !drawn) return <CenteredLoader label="Loading the season" />;
  const { competition: header, season } = details.data;
  if (season.competition.id !== competitionId) return <NotFoundState {...notFound} />;

  const seasons = header.seasons;
  const events = [...season.events].sort((a, b) => a.round - b.round);
  const opened = openRound(events, hash);

  return (
    <Container maxWidth="lg" page>
      <Paper className="pd-competitions-header">
        {header.banner && <img src={header.banner} alt="" className="pd-competitions-banner" />}
        <div className="pd-competitions-header-body">
          <ImageIcon src={header.icon} size={56} />
          <div className="pd-competitions-header-text">
            <Text variant="overline" as="p" tone="secondary" className="pd-competitions-kind">
              {header.game && <ImageIcon src={header.game.icon} size={20} />}
              {[header.group?.name, header.game?.name, COMPETITION_STYLE_LABELS[header.style]].filter(Boolean).join(' · ')}
            </Text>
            <PageTitle>{header.name}</PageTitle>
            {header.description && <Text tone="secondary">{header.description}</Text>}
            <div className="pd-competitions-platforms">
              {header.platforms.map((platform) => (
                <Chip key={platform} size="small" label={PLATFORM_LABELS[platform]} />
              ))}
            </div>
          </div>
          <SelectField
            label="Season"
            className="pd-competitions-season-choice"
            options={seasons.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            value={String(season.id)}
            onChange={(event) => navigate(pathTo('Competitions-Current-details', { competition: competitionId, season: Number(event.target.value) }))}
          />
        </div>
      </Paper>

      {/* One column: a round's results table needs the page's width (beside the standings its last columns were cut), and minmax(0, …) keeps it from widening a phone's page. */}
      <div className="pd-competitions-season">
        <section aria-labelledby="rounds-title">
          <Text id="rounds-title" variant="h5" as="h2" gutterBottom>
            Rounds
          </Text>
          <div className="pd-competitions-calendar">
            <CalendarSubscribe path={apiUrl('GET /calendar/seasons/:id.ics', { params: { id: season.id } })} what={`the races of ${header.name} ${season.name}`} />
          </div>
          {events.length === 0 ? (
            <EmptyState title="No rounds yet">The calendar of this season is announced soon.</EmptyState>
          ) : (
            <div className="pd-stack">
              {events.map((event) => (
                <SeasonEventCard key={event.id} seasonId={season.id} event={event} initiallyOpen={event.id === opened} />
              ))}
            </div>
          )}
        </section>
        <div className="pd-competitions-season-side">
          <StandingsPreview season={season} />
          <PointsSystemPanel pointsSystem={season.pointsSystem} rules={season.rules} />
        </div>
      </div>
    </Container>
  );
}
