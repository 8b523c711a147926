import { useQuery } from '@tanstack/react-query';
import { TICKET_STATES, type TicketState } from '@paddock/contracts/stewarding.js';
import { TextField } from '../../../components/ui/index.js';
import { competitionQueries } from '../../competitions/index.js';
import type { QueueFilters as Filters } from '../api.js';
import { STATE_LABELS } from '../labels.js';

export interface SeasonChoice {
  competitionId: number;
  seasonId: number;
  label: string;
}

/** The queue's filters: state, season (the current seasons, and any the shown tickets name), and a race of that season. */
export function QueueFilters({
  value,
  onChange,
  seen,
}: {
  value: Filters & { competitionId: number | null };
  onChange: (next: Filters & { competitionId: number | null }) => void;
  seen: SeasonChoice[];
}) {
  const series = useQuery(competitionQueries.series());
  const details = useQuery({
    ...competitionQueries.seriesDetails(value.competitionId ?? 0, value.seasonId ?? 0),
    enabled: value.competitionId !== null && value.seasonId !== null,
  });
  const seasons = new Map<number, SeasonChoice>();
  for (const competition of series.data?.competitions ?? []) {
    if (competition.currentSeason)
      seasons.set(competition.currentSeason.id, {
        competitionId: competition.id,
        seasonId: competition.currentSeason.id,
        label: `${competition.name} · ${competition.currentSeason.name}`,
      });
  }
  for (const choice of seen) if (!seasons.has(choice.seasonId)) seasons.set(choice.seasonId, choice);
  const races = (details.data?.season.events ?? []).flatMap((event) =>
    event.raceEvents.flatMap((raceEvent) =>
      raceEvent.races.map((race) => ({
        id: race.id,
        label: [event.name, raceEvent.trackName, race.raceEventType.charAt(0) + race.raceEventType.slice(1).toLowerCase()].filter(Boolean).join(' · '),
      })),
    ),
  );

  return (
    <div className="pd-steward-filters">
      <TextField
        select
        size="small"
        label="State"
        value={value.state ?? ''}
        onChange={(event) => onChange({ ...value, state: (event.target.value || null) as TicketState | null })}
        className="pd-steward-filter-state"
      >
        <option value="">Any state</option>
        {TICKET_STATES.map((state) => (
          <option key={state} value={state}>
            {STATE_LABELS[state]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Season"
        value={value.seasonId ?? ''}
        onChange={(event) => {
          const choice = seasons.get(Number(event.target.value));
          onChange({ ...value, seasonId: choice?.seasonId ?? null, competitionId: choice?.competitionId ?? null, raceId: null });
        }}
        className="pd-steward-filter-season"
      >
        <option value="">Any season</option>
        {[...seasons.values()].map((choice) => (
          <option key={choice.seasonId} value={choice.seasonId}>
            {choice.label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={value.seasonId === null ? 'Race (pick a season first)' : 'Race'}
        value={value.raceId ?? ''}
        onChange={(event) => onChange({ ...value, raceId: event.target.value ? Number(event.target.value) : null })}
        disabled={value.seasonId === null}
        className="pd-steward-filter-race"
      >
        <option value="">Any race</option>
        {races.map((race) => (
          <option key={race.id} value={race.id}>
            {race.label}
          </option>
        ))}
      </TextField>
    </div>
  );
}
