import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { showTime } from '../../../components/dateTime.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { eventDetailsPath, eventQueries, type EventSummary } from '../../events/index.js';
import { competitionCommands, competitionQueries } from '../api.js';
import { applyOwnSeason } from '../cache.js';
import { isNotFound, LoadFailureState, NotFoundState } from '../components/LoadStates.js';
import { raceLabel, seasonRaceDistance } from '../labels.js';
import type { SeasonDto, SeasonEventDto } from '../types.js';
import { organizerPaths } from './organizerPaths.js';
import { SeasonForm } from './SeasonForm.js';
import { emptySeasonForm, seasonFormFrom } from './seasonForm.js';

const EVENT_SEARCH_PAGE = { pageNumber: 0, pageSize: 8 };

/** A round as the rounds editor lists it. */
interface Round {
  id: number;
  name: string;
  date: string;
  hasResults: boolean;
}

const roundOf = (event: SeasonEventDto): Round => ({
  id: event.id,
  name: event.name,
  date: event.date,
  hasResults: event.raceEvents.some((raceEvent) => raceEvent.races.some((race) => race.hasResults)),
});

/**
 * The season's rounds: the events that make it up, by date. Events are found by name among the
 * organizers' events and added; a round without results can be taken out. Saved together.
 */
function RoundsEditor({ season }: { season: SeasonDto }) {
  const queryClient = useQueryClient();
  const [rounds, setRounds] = useState<Round[]>(() => season.events.map(roundOf));
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const found = useQuery({
    ...eventQueries.search('individual', EVENT_SEARCH_PAGE, { name: name.trim(), sort: [{ field: 'date', direction: 'DESC' }] }),
    enabled: name.trim().length > 0,
  });

  const saved = new Set(season.events.map((event) => event.id));
  const chosen = new Set(rounds.map((round) => round.id));
  const changed = rounds.length !== saved.size || rounds.some((round) => !saved.has(round.id));
  const ordered = [...rounds].sort((a, b) => a.date.localeCompare(b.date));

  const add = (event: EventSummary) => {
    setNote(null);
    setRounds((current) => [...current, { id: event.id, name: event.name, date: event.date, hasResults: false }]);
  };
  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await competitionCommands.linkEvents(season.id, { eventIds: rounds.map((round) => round.id) });
      applyOwnSeason(queryClient, answer);
      setRounds(answer.events.map(roundOf));
      setNote(`Saved: ${answer.events.length} ${answer.events.length === 1 ? 'round' : 'rounds'}.`);
    } catch (error) {
      setFailure(failureMessage(error, 'The rounds were not saved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="rounds-title">
      <Typography id="rounds-title" variant="h6" component="h2" gutterBottom>
        Rounds
      </Typography>
      {ordered.length === 0 ? (
        <Typography color="text.secondary">No rounds yet: find the season's events by name below and add them.</Typography>
      ) : (
        <List dense disablePadding aria-label="Rounds of the season">
          {ordered.map((round, index) => (
            <ListItem key={round.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ flexGrow: 1, minWidth: 200 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {index + 1}. {round.name} {!saved.has(round.id) && <Chip size="small" label="Not saved" />}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  <time dateTime={round.date}>{showTime(round.date).dateTime}</time>
                </Typography>
              </Box>
              {saved.has(round.id) && (
                <>
                  <Button size="small" component={RouterLink} to={organizerPaths.seasonEvent(season.competition.id, season.id, round.id)}>
                    Round
                  </Button>
                  <Button size="small" component={RouterLink} to={organizerPaths.results(season.competition.id, season.id, round.id)}>
                    Results
                  </Button>
                </>
              )}
              <Button
                size="small"
                color="error"
                disabled={round.hasResults || busy}
                title={round.hasResults ? 'A round with results stays in its season' : undefined}
                aria-label={`Remove ${round.name}`}
                onClick={() => setRounds((current) => current.filter((other) => other.id !== round.id))}
              >
                Remove
              </Button>
            </ListItem>
          ))}
        </List>
      )}

      <TextField size="small" label="Find an event by name" value={name} onChange={(event) => setName(event.target.value)} sx={{ mt: 2, minWidth: { sm: 320 } }} />
      <Box sx={{ minHeight: 4 }}>{found.isFetching && <LinearProgress aria-label="Searching events" />}</Box>
      {name.trim() && found.data && (
        <List dense disablePadding aria-label="Events found">
          {found.data.content.length === 0 && <Typography color="text.secondary">No event matches.</Typography>}
          {found.data.content.map((event) => {
            const elsewhere = event.season && event.season.id !== season.id ? event.season.competition.name : null;
            return (
              <ListItem key={event.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Box sx={{ flexGrow: 1, minWidth: 200 }}>
                  <Typography variant="body2">{event.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    <time dateTime={event.date}>{showTime(event.date).dateTime}</time> · {event.game.name}
                    {elsewhere ? ` · in ${elsewhere}` : ''}
                    {!event.published ? ' · draft' : ''}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  disabled={chosen.has(event.id) || busy}
                  onClick={() => add(event)}
                  aria-label={chosen.has(event.id) ? `${event.name} added` : `Add ${event.name}`}
                >
                  {chosen.has(event.id) ? 'Added' : 'Add'}
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}

      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <Button variant="contained" disabled={!changed || busy} onClick={() => void save()}>
          Save rounds
        </Button>
        {changed && <Button onClick={() => setRounds(season.events.map(roundOf))}>Discard</Button>}
        <Typography variant="body2" color="text.secondary" role="status">
          {note ?? (changed ? 'Unsaved changes' : '')}
        </Typography>
      </Box>
    </Box>
  );
}

/** Reads the season a page names (and checks it belongs to the competition in the URL). */
function useSeasonParams() {
  const params = useParams();
  const competitionId = routeId(params.competition);
  const isNew = params.season === 'new';
  const seasonId = routeId(params.season);
  const competition = useQuery({ ...competitionQueries.details(competitionId ?? 0), enabled: competitionId !== null });
  const season = useQuery({ ...competitionQueries.season(seasonId ?? 0), enabled: !isNew && seasonId !== null });
  const back =
    competitionId === null ? null : (
      <Button component={RouterLink} to={organizerPaths.competition(competitionId)} sx={{ mb: 1 }}>
        ← {competition.data?.name ?? 'Competition'}
      </Button>
    );
  let blocked: React.ReactElement | null = null;
  if (competitionId === null || (!isNew && seasonId === null)) blocked = <NotFoundPage />;
  else if (isNotFound(competition.error) || isNotFound(season.error) || (season.data && season.data.competition.id !== competitionId))
    blocked = (
      <NotFoundState
        before={back}
        title="Season not found"
        message="This competition has no such season"
        back={organizerPaths.competition(competitionId)}
        backLabel="Back to the competition"
      />
    );
  else if (season.error) blocked = <LoadFailureState before={back} what="season" error={season.error} onRetry={() => void season.refetch()} />;
  else if (!isNew && !season.data) blocked = <CenteredLoader label="Loading the season" />;
  return {
    competitionId: competitionId ?? 0,
    isNew,
    season: isNew ? null : (season.data ?? null),
    competition: competition.data ?? null,
    back,
    blocked,
    eventParam: params.event,
  };
}

/** Organize-Season: create (`…/new`) or edit a season — name, rules, points system — and its rounds. */
export function SeasonPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { competitionId, isNew, season, competition, back, blocked } = useSeasonParams();
  if (blocked) return blocked;
  const saved = (answer: SeasonDto) => {
    applyOwnSeason(queryClient, answer);
    if (isNew) navigate(organizerPaths.season(competitionId, answer.id));
  };
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {back}
      <Typography variant="overline" component="p" color="text.secondary">
        {competition?.name}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <PageTitle>{season ? season.name : 'New season'}</PageTitle>
        {season && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={pathTo('Competitions-Current-details', { competition: competitionId, season: season.id })}>
              Public page
            </Button>
            <Button component={RouterLink} to={pathTo('Competitions-Standings', { competition: competitionId, season: season.id })}>
              Standings
            </Button>
          </Box>
        )}
      </Box>
      {season && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <RoundsEditor key={season.events.map((event) => event.id).join(',')} season={season} />
        </Paper>
      )}
      <Typography variant="h6" component="h2">
        Season and points system
      </Typography>
      <SeasonForm key={season?.id ?? 'new'} competitionId={competitionId} initial={season ? seasonFormFrom(season) : emptySeasonForm()} onSaved={saved} />
    </Container>
  );
}

/** Organize-Season-Event: one round — when, its races, and for each the results (and team line-ups in team formats). */
export function SeasonEventPage() {
  const { competitionId, season, back, blocked, eventParam } = useSeasonParams();
  if (blocked) return blocked;
  const eventId = routeId(eventParam);
  const event = season?.events.find((candidate) => candidate.id === eventId);
  if (!season) return <NotFoundPage />;
  const seasonPath = organizerPaths.season(competitionId, season.id);
  if (!event)
    return <NotFoundState before={back} title="Round not found" message="This event is not a round of the season" back={seasonPath} backLabel="Back to the season" />;
  const tracks = event.raceEvents.length;
  const teams = season.competition.style !== 'SOLO';
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Button component={RouterLink} to={seasonPath} sx={{ mb: 1 }}>
        ← {season.name}
      </Button>
      <Typography variant="overline" component="p" color="text.secondary">
        {season.competition.name} · {season.name} · Round {event.round}
      </Typography>
      <PageTitle>{event.name}</PageTitle>
      <Typography>
        <time dateTime={event.date}>{showTime(event.date).dateTime}</time>
        {!event.published ? ' · draft' : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, my: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={pathTo('Organize-QuickEvent', { event: event.id })} variant="outlined">
          Edit the event
        </Button>
        <Button component={RouterLink} to={eventDetailsPath(event.id)}>
          Event page
        </Button>
        <Button component={RouterLink} to={`${pathTo('Competitions-Current-details', { competition: competitionId, season: season.id })}#${event.id}`}>
          On the series page
        </Button>
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="races-title" sx={{ p: 2 }}>
        <Typography id="races-title" variant="h6" component="h2" gutterBottom>
          Races
        </Typography>
        {tracks === 0 && <Typography color="text.secondary">This event has no races yet.</Typography>}
        <List dense disablePadding>
          {event.raceEvents.flatMap((raceEvent) =>
            raceEvent.races.map((race) => (
              <ListItem key={race.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Box sx={{ flexGrow: 1, minWidth: 200 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {raceLabel(raceEvent, race, tracks)}{' '}
                    {race.hasResults ? <Chip size="small" color="success" label="Results" /> : <Chip size="small" label="No results yet" />}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {[raceEvent.trackName, seasonRaceDistance(race)].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
                {teams && (
                  <Button
                    size="small"
                    component={RouterLink}
                    to={pathTo('Organize-Season-Event-Teams', { competition: competitionId, season: season.id, event: event.id, race: race.id })}
                  >
                    Teams
                  </Button>
                )}
                <Button size="small" variant="contained" component={RouterLink} to={organizerPaths.results(competitionId, season.id, event.id, race.id)}>
                  {race.hasResults ? 'Results' : 'Enter results'}
                </Button>
              </ListItem>
            )),
          )}
        </List>
      </Paper>
    </Container>
  );
}
