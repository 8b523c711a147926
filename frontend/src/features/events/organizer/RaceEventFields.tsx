import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import type { ApiForm } from '../../../lib/forms/useApiForm.js';
import { RACE_EVENT_TYPES } from '@paddock/contracts/events.js';
import { RACE_TYPE_LABELS } from '../labels.js';
import type { TrackDto } from '../types.js';
import { CHECKS, newRace, type EventFormWithIcon } from './eventForm.js';

export interface RaceEventFieldsProps {
  index: number;
  /** The event form (useApiForm): its fields, checks and messages. */
  form: ApiForm<EventFormWithIcon>;
  tracks: TrackDto[];
  onRemove?: () => void;
}

const NO_TRACK = '';

/** One race event of the form: track (a variant of the game's tracks, or an external name), qualifying, races. */
export function RaceEventFields({ index, form, tracks, onRemove }: RaceEventFieldsProps) {
  const { text, controlled, feedback } = form;
  const { control } = form.form;
  const path = `raceEvents.${index}` as const;
  const races = useFieldArray({ control, name: `${path}.races` });
  const qualifyEnabled = useWatch({ control, name: `${path}.qualifyEnabled` });

  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, mb: 2, border: 1, borderColor: 'divider' }}>
      <Typography component="legend" variant="subtitle1" sx={{ px: 1, fontWeight: 600 }}>
        Race event {index + 1}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <Controller
          {...controlled(`${path}.trackId`, { label: 'Track' })}
          render={({ field }) => (
            <TextField select label="Track" {...field} inputRef={field.ref} {...feedback(`${path}.trackId`, tracks.length === 0 ? 'Choose a game first' : ' ')}>
              <MenuItem value={NO_TRACK}>None (external track)</MenuItem>
              {tracks.flatMap((track) =>
                track.variants.map((variant) => (
                  <MenuItem key={variant.id} value={String(variant.id)}>
                    {track.name} — {variant.name}
                  </MenuItem>
                )),
              )}
            </TextField>
          )}
        />
        <TextField
          {...text(`${path}.externalTrackName`, { label: 'External track name', validate: CHECKS.externalTrackName, help: 'Only for a track outside the catalogue' })}
        />
      </Box>
      <Controller
        {...controlled(`${path}.qualifyEnabled`, { label: 'Qualifying' })}
        render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Qualifying" />}
      />
      {qualifyEnabled && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mb: 1 }}>
          <TextField inputMode="numeric" {...text(`${path}.qualifyLaps`, { label: 'Qualifying laps', validate: CHECKS.laps })} />
          <TextField inputMode="numeric" {...text(`${path}.qualifyLength`, { label: 'Qualifying minutes', validate: CHECKS.minutes })} />
        </Box>
      )}
      {races.fields.map((race, raceIndex) => {
        const racePath = `${path}.races.${raceIndex}` as const;
        return (
          <Box key={race.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr auto' }, alignItems: 'start', mt: 1 }}>
            <Controller
              {...controlled(`${racePath}.raceEventType`, { label: `Race ${raceIndex + 1} type` })}
              render={({ field }) => (
                <TextField
                  select
                  size="small"
                  label={`Race ${raceIndex + 1} type`}
                  {...field}
                  inputRef={field.ref}
                  {...feedback(`${racePath}.raceEventType`)}
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                >
                  {RACE_EVENT_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {RACE_TYPE_LABELS[type]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField size="small" inputMode="numeric" {...text(`${racePath}.laps`, { label: `Race ${raceIndex + 1} laps`, validate: CHECKS.laps })} />
            <TextField size="small" inputMode="numeric" {...text(`${racePath}.length`, { label: `Race ${raceIndex + 1} minutes`, validate: CHECKS.minutes })} />
            <Button
              size="small"
              color="error"
              disabled={races.fields.length === 1}
              onClick={() => races.remove(raceIndex)}
              aria-label={`Remove race ${raceIndex + 1} of race event ${index + 1}`}
            >
              Remove
            </Button>
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => races.append(newRace())}>
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
