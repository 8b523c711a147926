import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useWatch, type Control, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { RACE_EVENT_TYPES } from '@paddock/contracts/events.js';
import { RACE_TYPE_LABELS } from '../labels.js';
import type { TrackDto } from '../types.js';
import { CHECKS, newRace, type EventFormValues } from './eventForm.js';

export interface RaceEventFieldsProps {
  index: number;
  control: Control<EventFormValues>;
  register: UseFormRegister<EventFormValues>;
  /** The message shown beside a field (the form's own check, or the API's). */
  message: (field: FieldPath<EventFormValues>) => string | undefined;
  tracks: TrackDto[];
  onRemove?: () => void;
}

const NO_TRACK = '';

/** One race event of the form: track (a variant of the game's tracks, or an external name), qualifying, races. */
export function RaceEventFields({ index, control, register, message, tracks, onRemove }: RaceEventFieldsProps) {
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
          control={control}
          name={`${path}.trackId`}
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Track"
              {...field}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? (tracks.length === 0 ? 'Choose a game first' : ' ')}
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
          )}
        />
        <TextField
          label="External track name"
          {...register(`${path}.externalTrackName`, { validate: CHECKS.externalTrackName })}
          error={Boolean(message(`${path}.externalTrackName`))}
          helperText={message(`${path}.externalTrackName`) ?? 'Only for a track outside the catalogue'}
        />
      </Box>
      <Controller
        control={control}
        name={`${path}.qualifyEnabled`}
        render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Qualifying" />}
      />
      {qualifyEnabled && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mb: 1 }}>
          <TextField
            label="Qualifying laps"
            inputMode="numeric"
            {...register(`${path}.qualifyLaps`, { validate: CHECKS.laps })}
            error={Boolean(message(`${path}.qualifyLaps`))}
            helperText={message(`${path}.qualifyLaps`)}
          />
          <TextField
            label="Qualifying minutes"
            inputMode="numeric"
            {...register(`${path}.qualifyLength`, { validate: CHECKS.minutes })}
            error={Boolean(message(`${path}.qualifyLength`))}
            helperText={message(`${path}.qualifyLength`)}
          />
        </Box>
      )}
      {races.fields.map((race, raceIndex) => {
        const racePath = `${path}.races.${raceIndex}` as const;
        return (
          <Box key={race.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr auto' }, alignItems: 'start', mt: 1 }}>
            <Controller
              control={control}
              name={`${racePath}.raceEventType`}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  size="small"
                  label={`Race ${raceIndex + 1} type`}
                  {...field}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
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
            <TextField
              size="small"
              label={`Race ${raceIndex + 1} laps`}
              inputMode="numeric"
              {...register(`${racePath}.laps`, { validate: CHECKS.laps })}
              error={Boolean(message(`${racePath}.laps`))}
              helperText={message(`${racePath}.laps`)}
            />
            <TextField
              size="small"
              label={`Race ${raceIndex + 1} minutes`}
              inputMode="numeric"
              {...register(`${racePath}.length`, { validate: CHECKS.minutes })}
              error={Boolean(message(`${racePath}.length`))}
              helperText={message(`${racePath}.length`)}
            />
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
