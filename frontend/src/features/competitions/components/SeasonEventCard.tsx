import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { showTime } from '../../../components/dateTime.js';
import { Button, ButtonLink, Chip, Paper, Skeleton, Text } from '../../../components/ui/index.js';
import { eventDetailsPath } from '../../events/index.js';
import { ReportIncident, ResultsStatus } from '../../stewarding/index.js';
import { competitionQueries } from '../api.js';
import { raceLabel, seasonRaceDistance } from '../labels.js';
import type { SeasonEventDto } from '../types.js';
import { InlineFailure } from './LoadStates.js';
import { leagueDriversOf, RaceResultsTable } from './RaceResultsTable.js';
import './competitions.css';

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
      <div role="status" aria-label={`Loading the results of ${event.name}`}>
        <Skeleton variant="rounded" height={160} />
      </div>
    );
  const byRace = new Map(details.data.results.map((results) => [results.raceId, results]));
  const tracks = event.raceEvents.length;
  return event.raceEvents.flatMap((raceEvent) =>
    raceEvent.races.map((race) => {
      const label = raceLabel(raceEvent, race, tracks);
      return (
        <section key={race.id} aria-label={`${label} results`} className="pd-competitions-race">
          <Text variant="subtitle1" as="h4" className="pd-competitions-strong">
            {label}
          </Text>
          {race.hasResults && <ResultsStatus raceId={race.id} />}
          <RaceResultsTable results={byRace.get(race.id)?.results ?? []} label={`${event.name}: ${label}`} />
          <ReportIncident raceId={race.id} raceLabel={`${event.name}: ${label}`} results={leagueDriversOf(byRace.get(race.id)?.results ?? [])} />
        </section>
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
    <Paper as="article" id={String(event.id)} aria-labelledby={`${resultsId}-title`} className="pd-competitions-round">
      <div className="pd-competitions-round-top">
        <Text variant="overline" as="p" tone="secondary">
          Round {event.round}
        </Text>
        {hasResults ? <Chip size="small" color="success" label="Results" /> : past ? <Chip size="small" label="Awaiting results" /> : <Chip size="small" label="Upcoming" />}
        {!event.published && <Chip size="small" label="Draft" />}
      </div>
      <Text id={`${resultsId}-title`} variant="h6" as="h3">
        {event.name}
      </Text>
      <Text variant="body2">
        <time dateTime={event.date}>{time.dateTime}</time>
      </Text>
      <ul className="pd-competitions-round-races" aria-label={`Races of ${event.name}`}>
        {event.raceEvents.flatMap((raceEvent) =>
          raceEvent.races.map((race) => (
            <Text key={race.id} as="li" variant="body2" tone="secondary">
              {[tracks > 1 ? '' : raceEvent.trackName, raceLabel(raceEvent, race, tracks), seasonRaceDistance(race)].filter(Boolean).join(' · ')}
            </Text>
          )),
        )}
      </ul>
      <div className="pd-competitions-round-actions">
        {hasResults && (
          <Button size="small" variant={open ? 'outlined' : 'contained'} aria-expanded={open} aria-controls={resultsId} onClick={() => setOpen((shown) => !shown)}>
            {open ? 'Hide results' : 'Show results'}
          </Button>
        )}
        <ButtonLink size="small" to={eventDetailsPath(event.id)} aria-label={`Event page of ${event.name}`}>
          Event page
        </ButtonLink>
      </div>
      <div id={resultsId} hidden={!open}>
        {open && <RoundResults seasonId={seasonId} event={event} />}
      </div>
    </Paper>
  );
}
