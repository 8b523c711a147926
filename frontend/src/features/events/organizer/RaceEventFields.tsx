import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RACE_EVENT_TYPES } from '../../../../../backend/src/contracts/events.js';
import { errorsFor, type FieldErrors } from '../../../components/form/saveWithImage.js';
import { RACE_TYPE_LABELS } from '../labels.js';
import type { TrackDto } from '../types.js';
import { newRace, type RaceEventValues, type RaceValues } from './eventForm.js';

export interface RaceEventFieldsProps {
  index: number;
  value: RaceEventValues;
  tracks: TrackDto[];
  errors: FieldErrors;
  onChange: (next: RaceEventValues) => void;
  onRemove?: () => void;
}

const NO_TRACK = '';

/** One race event of the form: track (a variant of the game's tracks, or an external name), qualifying, races. */
export function RaceEventFields({ index, value, tracks, errors, onChange, onRemove }: RaceEventFieldsProps) {
  const path = `raceEvents.${index}`;
  const error = (field: string, nested = false) => errorsFor(errors, `${path}.${field}`, nested);
  const set = (patch: Partial<RaceEventValues>) => onChange({ ...value, ...patch });
  const setRace = (raceIndex: number, patch: Partial<RaceValues>) =>
    set({ races: value.races.map((race, i) => (i === raceIndex ? { ...race, ...patch } : race)) });
  const trackError = error('track', true);

  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, mb: 2, border: 1, borderColor: 'divider' }}>
      <Typography component="legend" variant="subtitle1" sx={{ px: 1, fontWeight: 600 }}>
        Race event {index + 1}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField
          select
          label="Track"
          value={value.trackId}
          onChange={(event) => set({ trackId: event.target.value })}
          error={Boolean(trackError)}
          helperText={trackError ?? (tracks.length === 0 ? 'Choose a game first' : ' ')}
        >
          <MenuItem value={NO_TRACK}>None (external track)</MenuItem>
          {tracks.flatMap((track) =>
            track.variants.map((variant) => (
              <MenuItem key={variant.id} value={String(variant.id)}>
                {track.name} — {variant.name}
              </MenuItem>
            )),
          )}
        </TextField>
        <TextField
          label="External track name"
          value={value.externalTrackName}
          onChange={(event) => set({ externalTrackName: event.target.value })}
          error={Boolean(error('externalTrackName'))}
          helperText={error('externalTrackName') ?? 'Only for a track outside the catalogue'}
        />
      </Box>
      <FormControlLabel
        control={<Checkbox checked={value.qualifyEnabled} onChange={(event) => set({ qualifyEnabled: event.target.checked })} />}
        label="Qualifying"
      />
      {value.qualifyEnabled && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mb: 1 }}>
          <TextField
            label="Qualifying laps"
            inputMode="numeric"
            value={value.qualifyLaps}
            onChange={(event) => set({ qualifyLaps: event.target.value })}
            error={Boolean(error('qualify.laps'))}
            helperText={error('qualify.laps')}
          />
          <TextField
            label="Qualifying minutes"
            inputMode="numeric"
            value={value.qualifyLength}
            onChange={(event) => set({ qualifyLength: event.target.value })}
            error={Boolean(error('qualify.length'))}
            helperText={error('qualify.length')}
          />
        </Box>
      )}
      {value.races.map((race, raceIndex) => {
        const racePath = `races.${raceIndex}`;
        return (
          <Box key={raceIndex} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr auto' }, alignItems: 'start', mt: 1 }}>
            <TextField
              select
              size="small"
              label={`Race ${raceIndex + 1} type`}
              value={race.raceEventType}
              onChange={(event) => setRace(raceIndex, { raceEventType: event.target.value as RaceValues['raceEventType'] })}
              error={Boolean(error(`${racePath}.raceEventType`))}
              helperText={error(`${racePath}.raceEventType`)}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            >
              {RACE_EVENT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {RACE_TYPE_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={`Race ${raceIndex + 1} laps`}
              inputMode="numeric"
              value={race.laps}
              onChange={(event) => setRace(raceIndex, { laps: event.target.value })}
              error={Boolean(error(`${racePath}.laps`))}
              helperText={error(`${racePath}.laps`)}
            />
            <TextField
              size="small"
              label={`Race ${raceIndex + 1} minutes`}
              inputMode="numeric"
              value={race.length}
              onChange={(event) => setRace(raceIndex, { length: event.target.value })}
              error={Boolean(error(`${racePath}.length`))}
              helperText={error(`${racePath}.length`)}
            />
            <Button
              size="small"
              color="error"
              disabled={value.races.length === 1}
              onClick={() => set({ races: value.races.filter((_race, i) => i !== raceIndex) })}
              aria-label={`Remove race ${raceIndex + 1} of race event ${index + 1}`}
            >
              Remove
            </Button>
          </Box>
        );
      })}
      {error('races') && (
        <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
          {error('races')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => set({ races: [...value.races, newRace()] })}>
          Add race
        </Button>
        {onRemove && (
          <Button size="small" color="error" onClick={onRemove}>
            Remove race event {index + 1}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
