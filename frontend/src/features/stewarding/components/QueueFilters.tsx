import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { TICKET_STATES, type TicketState } from '@paddock/contracts/stewarding.js';
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
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <TextField
        select
        size="small"
        label="State"
        value={value.state ?? ''}
        onChange={(event) => onChange({ ...value, state: (event.target.value || null) as TicketState | null })}
        sx={{ minWidth: 170 }}
      >
        <MenuItem value="">Any state</MenuItem>
        {TICKET_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {STATE_LABELS[state]}
          </MenuItem>
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
        sx={{ minWidth: 240 }}
      >
        <MenuItem value="">Any season</MenuItem>
        {[...seasons.values()].map((choice) => (
          <MenuItem key={choice.seasonId} value={choice.seasonId}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={value.seasonId === null ? 'Race (pick a season first)' : 'Race'}
        value={value.raceId ?? ''}
        onChange={(event) => onChange({ ...value, raceId: event.target.value ? Number(event.target.value) : null })}
        disabled={value.seasonId === null}
        sx={{ minWidth: 240 }}
      >
        <MenuItem value="">Any race</MenuItem>
        {races.map((race) => (
          <MenuItem key={race.id} value={race.id}>
            {race.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
