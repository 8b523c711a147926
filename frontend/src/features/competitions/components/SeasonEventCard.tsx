import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { showTime } from '../../../components/dateTime.js';
import { eventDetailsPath } from '../../events/index.js';
import { ReportIncident, ResultsStatus } from '../../stewarding/index.js';
import { competitionQueries } from '../api.js';
import { raceLabel, seasonRaceDistance } from '../labels.js';
import type { SeasonEventDto } from '../types.js';
import { InlineFailure } from './LoadStates.js';
import { leagueDriversOf, RaceResultsTable } from './RaceResultsTable.js';

export interface SeasonEventCardProps {
  seasonId: number;
  event: SeasonEventDto;
  /** Results shown from the start (the round named by the URL's hash, or the latest with results). */
  initiallyOpen: boolean;
}

/** The results of a round's races, read when first opened. */
function RoundResults({ seasonId, event }: { seasonId: number; event: SeasonEventDto }) {
  const details = useQuery(competitionQueries.seasonEvent(seasonId, event.id));
  if (details.error) return <InlineFailure what="results" error={details.error} onRetry={() => void details.refetch()} />;
  if (!details.data)
    return (
      <Box role="status" aria-label={`Loading the results of ${event.name}`}>
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  const byRace = new Map(details.data.results.map((results) => [results.raceId, results]));
  const tracks = event.raceEvents.length;
  return event.raceEvents.flatMap((raceEvent) =>
    raceEvent.races.map((race) => {
      const label = raceLabel(raceEvent, race, tracks);
      return (
        <Box key={race.id} component="section" aria-label={`${label} results`} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          {race.hasResults && <ResultsStatus raceId={race.id} />}
          <RaceResultsTable results={byRace.get(race.id)?.results ?? []} label={`${event.name}: ${label}`} />
          <ReportIncident raceId={race.id} raceLabel={`${event.name}: ${label}`} results={leagueDriversOf(byRace.get(race.id)?.results ?? [])} />
        </Box>
      );
    }),
  );
}

/** One round of a season: when and where, its races, and their results (the URL hash `#{event id}` scrolls here). */
export function SeasonEventCard({ seasonId, event, initiallyOpen }: SeasonEventCardProps) {
  const hasResults = event.raceEvents.some((raceEvent) => raceEvent.races.some((race) => race.hasResults));
  const [open, setOpen] = useState(initiallyOpen && hasResults);
  const resultsId = useId();
  const time = showTime(event.date);
  const past = new Date(event.date).getTime() < Date.now();
  const tracks = event.raceEvents.length;

  return (
    <Paper id={String(event.id)} component="article" aria-labelledby={`${resultsId}-title`} variant="outlined" sx={{ p: 2, scrollMarginTop: 80 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="overline" component="p" color="text.secondary">
          Round {event.round}
        </Typography>
        {hasResults ? <Chip size="small" color="success" label="Results" /> : past ? <Chip size="small" label="Awaiting results" /> : <Chip size="small" label="Upcoming" />}
        {!event.published && <Chip size="small" label="Draft" />}
      </Box>
      <Typography id={`${resultsId}-title`} variant="h6" component="h3">
        {event.name}
      </Typography>
      <Typography variant="body2">
        <time dateTime={event.date}>{time.dateTime}</time>
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label={`Races of ${event.name}`}>
        {event.raceEvents.flatMap((raceEvent) =>
          raceEvent.races.map((race) => (
            <Typography key={race.id} component="li" variant="body2" color="text.secondary">
              {[tracks > 1 ? '' : raceEvent.trackName, raceLabel(raceEvent, race, tracks), seasonRaceDistance(race)].filter(Boolean).join(' · ')}
            </Typography>
          )),
        )}
      </Box>
      <Box sx={{ mt: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {hasResults && (
          <Button size="small" variant={open ? 'outlined' : 'contained'} aria-expanded={open} aria-controls={resultsId} onClick={() => setOpen((shown) => !shown)}>
            {open ? 'Hide results' : 'Show results'}
          </Button>
        )}
        <Button size="small" component={RouterLink} to={eventDetailsPath(event.id)} aria-label={`Event page of ${event.name}`}>
          Event page
        </Button>
      </Box>
      <Box id={resultsId} hidden={!open}>
        {open && <RoundResults seasonId={seasonId} event={event} />}
      </Box>
    </Paper>
  );
}
