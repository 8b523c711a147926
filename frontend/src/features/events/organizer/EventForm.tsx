import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Controller, get, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { CAR_TUNING_RULES, CAR_UPGRADE_RULES, COMPETITION_STYLES } from '@paddock/contracts/events.js';
import { viewerTimeZone } from '../../../components/dateTime.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { SaveFailure } from '../../../components/form/saveWithImage.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { eventCommands, type EventKind } from '../api.js';
import { CAR_TUNING_LABELS, CAR_UPGRADE_LABELS, COMPETITION_STYLE_LABELS, PLATFORM_LABELS } from '../labels.js';
import type { EventDetailsDto } from '../types.js';
import { CHECKS, eventBodyFrom, newRaceEvent, pastStartWarning, platformsCheck, splitApiErrors, teamSizeMaxCheck, type EventFormValues } from './eventForm.js';
import { RaceEventFields } from './RaceEventFields.js';

export interface EventFormProps {
  kind: EventKind;
  initial: EventFormValues;
  onSaved: (event: EventDetailsDto) => void;
}

/**
 * Create or edit an individual or assessment event. Each field says in words what it needs before
 * anything is sent, and its message goes as soon as the field changes; the API's 400 (every bad
 * field) shows beside the fields too.
 */
export function EventForm({ kind, initial, onSaved }: EventFormProps) {
  const { control, register, handleSubmit, setValue, getValues, setError, formState } = useForm<EventFormValues>({
    defaultValues: initial,
    mode: 'onSubmit',
    // After the first Save, a field is checked again whenever it changes: its message clears at once.
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = formState;
  const raceEvents = useFieldArray({ control, name: 'raceEvents' });
  const date = useWatch({ control, name: 'date' });
  const pastStart = initial.id ? null : pastStartWarning(date, Date.now());
  const [icon, setIcon] = useState<File | null>(null);
  const [iconError, setIconError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<{ message: string; others: string[] } | null>(null);

  const gameId = useWatch({ control, name: 'gameId' });
  const teamEvent = useWatch({ control, name: 'competitionStyle' }) !== 'SOLO';
  const games = useQuery(catalogueQueries.games());
  const tracks = useQuery(catalogueQueries.tracksOf(gameId ? Number(gameId) : null));
  const game = games.data?.find((candidate) => String(candidate.id) === gameId);

  const save = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        onSaved(await eventCommands.save(kind, eventBodyFrom(values), icon));
      } catch (error) {
        const saveFailure = error instanceof SaveFailure ? error : new SaveFailure(0, 'Saving failed', {});
        const { byField, others } = splitApiErrors(saveFailure.fieldErrors);
        const { icon: iconMessage, ...fieldMessages } = byField;
        setIconError(iconMessage);
        for (const [field, message] of Object.entries(fieldMessages)) setError(field as FieldPath<EventFormValues>, { type: 'server', message });
        const marked = Object.keys(byField).length > 0;
        setFailure({ message: marked || others.length ? 'Please correct the marked fields.' : saveFailure.message, others });
      }
    },
    () => setFailure({ message: 'Please correct the marked fields.', others: [] }),
  );

  const selectGame = (next: string) => {
    const chosen = games.data?.find((candidate) => String(candidate.id) === next);
    const platforms = getValues('platforms');
    setValue('platforms', chosen ? platforms.filter((platform) => chosen.platforms.includes(platform)) : []);
    getValues('raceEvents').forEach((_raceEvent, index) => setValue(`raceEvents.${index}.trackId`, ''));
  };
  const message = (field: FieldPath<EventFormValues>): string | undefined => (get(errors, field) as { message?: string } | undefined)?.message;

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={initial.id ? 'Edit event' : 'New event'}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <TextField label="Name" required {...register('name', { validate: CHECKS.name })} error={Boolean(errors.name)} helperText={errors.name?.message} />
        <TextField
          label="Start"
          type="datetime-local"
          required
          {...register('date', { validate: CHECKS.date })}
          error={Boolean(errors.date)}
          helperText={errors.date?.message ?? pastStart ?? `Your time zone: ${viewerTimeZone()}; stored in UTC`}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Controller
          control={control}
          name="gameId"
          rules={{ validate: CHECKS.gameId }}
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Game"
              required
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(event) => {
                selectGame(event.target.value);
                field.onChange(event.target.value);
              }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {(games.data ?? []).map((candidate) => (
                <MenuItem key={candidate.id} value={String(candidate.id)}>
                  {candidate.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Seats"
          required
          inputMode="numeric"
          {...register('seats', { validate: CHECKS.seats })}
          error={Boolean(errors.seats)}
          helperText={errors.seats?.message}
        />
        <Controller
          control={control}
          name="platforms"
          rules={{ validate: platformsCheck }}
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)} component="fieldset">
              <FormLabel component="legend">Platforms</FormLabel>
              <FormGroup row>
                {(game?.platforms ?? []).map((platform) => (
                  <FormControlLabel
                    key={platform}
                    label={PLATFORM_LABELS[platform]}
                    control={
                      <Checkbox
                        checked={field.value.includes(platform)}
                        onChange={(event) => field.onChange(event.target.checked ? [...field.value, platform] : field.value.filter((p) => p !== platform))}
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>{fieldState.error?.message ?? (game ? ' ' : 'Choose a game first')}</FormHelperText>
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="competitionStyle"
          render={({ field, fieldState }) => (
            <TextField select label="Format" {...field} inputRef={field.ref} error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
              {COMPETITION_STYLES.map((style) => (
                <MenuItem key={style} value={style}>
                  {COMPETITION_STYLE_LABELS[style]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {teamEvent && (
          <>
            <TextField
              label="Smallest team (drivers)"
              required
              inputMode="numeric"
              {...register('teamSizeMin', { validate: CHECKS.teamSizeMin, deps: ['teamSizeMax'] })}
              error={Boolean(errors.teamSizeMin)}
              helperText={errors.teamSizeMin?.message ?? 'A captain enters at least this many drivers'}
            />
            <TextField
              label="Largest team (drivers)"
              required
              inputMode="numeric"
              {...register('teamSizeMax', { validate: teamSizeMaxCheck })}
              error={Boolean(errors.teamSizeMax)}
              helperText={errors.teamSizeMax?.message ?? 'and at most this many'}
            />
            <TextField
              label="Line-up lock (minutes before the start)"
              required
              inputMode="numeric"
              {...register('lineupLockMinutes', { validate: CHECKS.lineupLockMinutes })}
              error={Boolean(errors.lineupLockMinutes)}
              helperText={errors.lineupLockMinutes?.message ?? 'After it only organizers change the line-ups; 0 locks them at the start'}
            />
          </>
        )}
        <Controller
          control={control}
          name="carTuningRule"
          render={({ field, fieldState }) => (
            <TextField select label="Car tuning" {...field} inputRef={field.ref} error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
              {CAR_TUNING_RULES.map((rule) => (
                <MenuItem key={rule} value={rule}>
                  {CAR_TUNING_LABELS[rule]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="carUpgradeRule"
          render={({ field, fieldState }) => (
            <TextField select label="Car upgrades" {...field} inputRef={field.ref} error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
              {CAR_UPGRADE_RULES.map((rule) => (
                <MenuItem key={rule} value={rule}>
                  {CAR_UPGRADE_LABELS[rule]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="YouTube video"
          {...register('youtubeUrl', { validate: CHECKS.youtubeUrl })}
          error={Boolean(errors.youtubeUrl)}
          helperText={errors.youtubeUrl?.message ?? 'Optional: the race replay'}
        />
        <FormGroup row>
          <Controller
            control={control}
            name="stewarded"
            render={({ field }) => (
              <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Stewarded" />
            )}
          />
          <Controller
            control={control}
            name="leaderboardsEnabled"
            render={({ field }) => (
              <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Leaderboards" />
            )}
          />
        </FormGroup>
        <ImageField
          label="Event icon"
          file={icon}
          onChange={(file) => {
            setIcon(file);
            setIconError(undefined);
          }}
          error={iconError}
        />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Races
      </Typography>
      {raceEvents.fields.map((raceEvent, index) => (
        <RaceEventFields
          key={raceEvent.id}
          index={index}
          control={control}
          register={register}
          message={message}
          tracks={tracks.data ?? []}
          onRemove={raceEvents.fields.length > 1 ? () => raceEvents.remove(index) : undefined}
        />
      ))}
      <Button onClick={() => raceEvents.append(newRaceEvent())}>Add race event</Button>

      {failure && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {failure.message}
          {failure.others.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {failure.others.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {initial.id ? 'Save changes' : kind === 'assessment' ? 'Create assessment' : 'Create event'}
        </Button>
      </Box>
    </Box>
  );
}
