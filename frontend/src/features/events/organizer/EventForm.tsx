import { useState, type FormEvent } from 'react';
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
import { CAR_TUNING_RULES, CAR_UPGRADE_RULES, COMPETITION_STYLES } from '../../../../../backend/src/contracts/events.js';
import { viewerTimeZone } from '../../../components/dateTime.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { errorsFor, otherErrors, saveWithImage, SaveFailure, type FieldErrors } from '../../../components/form/saveWithImage.js';
import { useLoad } from '../../../components/useLoad.js';
import { catalogueApi } from '../../catalogue/api.js';
import type { EventKind } from '../api.js';
import { CAR_TUNING_LABELS, CAR_UPGRADE_LABELS, COMPETITION_STYLE_LABELS, PLATFORM_LABELS } from '../labels.js';
import type { EventDetailsDto } from '../types.js';
import { eventBodyFrom, newRaceEvent, type EventFormValues } from './eventForm.js';
import { RaceEventFields } from './RaceEventFields.js';

export interface EventFormProps {
  kind: EventKind;
  initial: EventFormValues;
  onSaved: (event: EventDetailsDto) => void;
}

/** Fields named in the form; errors for any other path are listed above the Save button. */
const SHOWN_FIELDS = /^(name|date|game(\.id)?|platforms|seats|competitionStyle|carTuningRule|carUpgradeRule|youtubeUrl|icon|raceEvents\.\d+\.(track(\..*)?|externalTrackName|qualify\.(laps|length)|races(\.\d+\.(raceEventType|laps|length))?))$/;

/** Create or edit an individual or assessment event; the API's field errors show beside their fields. */
export function EventForm({ kind, initial, onSaved }: EventFormProps) {
  const [values, setValues] = useState(initial);
  const [icon, setIcon] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const games = useLoad(() => catalogueApi.games(), 'games');
  const tracks = useLoad(() => (values.gameId ? catalogueApi.tracksOf(Number(values.gameId)) : Promise.resolve([])), `tracks-${values.gameId}`);
  const game = games.data?.find((candidate) => String(candidate.id) === values.gameId);

  const set = (patch: Partial<EventFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const fieldError = (field: string, nested = false) => errorsFor(errors, field, nested);
  const leftOver = otherErrors(errors, (path) => SHOWN_FIELDS.test(path));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    saveWithImage<EventDetailsDto>({ path: `/events/${kind}`, part: 'event', record: eventBodyFrom(values), image: icon })
      .then((saved) => {
        setErrors({});
        onSaved(saved);
      })
      .catch((error: unknown) => {
        const saveFailure = error instanceof SaveFailure ? error : new SaveFailure(0, 'Saving failed', {});
        setErrors(saveFailure.fieldErrors);
        setFailure(Object.keys(saveFailure.fieldErrors).length ? 'Please correct the marked fields.' : saveFailure.message);
      })
      .finally(() => setSaving(false));
  };

  const selectGame = (gameId: string) => {
    const chosen = games.data?.find((candidate) => String(candidate.id) === gameId);
    set({
      gameId,
      platforms: chosen ? values.platforms.filter((platform) => chosen.platforms.includes(platform)) : [],
      raceEvents: values.raceEvents.map((raceEvent) => ({ ...raceEvent, trackId: '' })),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={values.id ? 'Edit event' : 'New event'}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <TextField
          label="Name"
          required
          value={values.name}
          onChange={(event) => set({ name: event.target.value })}
          error={Boolean(fieldError('name'))}
          helperText={fieldError('name')}
        />
        <TextField
          label="Start"
          type="datetime-local"
          required
          value={values.date}
          onChange={(event) => set({ date: event.target.value })}
          error={Boolean(fieldError('date'))}
          helperText={fieldError('date') ?? `Your time zone: ${viewerTimeZone()}; stored in UTC`}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label="Game"
          required
          value={values.gameId}
          onChange={(event) => selectGame(event.target.value)}
          error={Boolean(fieldError('game', true))}
          helperText={fieldError('game', true)}
        >
          {(games.data ?? []).map((candidate) => (
            <MenuItem key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Seats"
          required
          inputMode="numeric"
          value={values.seats}
          onChange={(event) => set({ seats: event.target.value })}
          error={Boolean(fieldError('seats'))}
          helperText={fieldError('seats')}
        />
        <FormControl error={Boolean(fieldError('platforms', true))} component="fieldset">
          <FormLabel component="legend">Platforms</FormLabel>
          <FormGroup row>
            {(game?.platforms ?? []).map((platform) => (
              <FormControlLabel
                key={platform}
                label={PLATFORM_LABELS[platform]}
                control={
                  <Checkbox
                    checked={values.platforms.includes(platform)}
                    onChange={(event) =>
                      set({ platforms: event.target.checked ? [...values.platforms, platform] : values.platforms.filter((p) => p !== platform) })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <FormHelperText>{fieldError('platforms', true) ?? (game ? ' ' : 'Choose a game first')}</FormHelperText>
        </FormControl>
        <TextField
          select
          label="Format"
          value={values.competitionStyle}
          onChange={(event) => set({ competitionStyle: event.target.value as EventFormValues['competitionStyle'] })}
          error={Boolean(fieldError('competitionStyle'))}
          helperText={fieldError('competitionStyle')}
        >
          {COMPETITION_STYLES.map((style) => (
            <MenuItem key={style} value={style}>
              {COMPETITION_STYLE_LABELS[style]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Car tuning"
          value={values.carTuningRule}
          onChange={(event) => set({ carTuningRule: event.target.value as EventFormValues['carTuningRule'] })}
          error={Boolean(fieldError('carTuningRule'))}
          helperText={fieldError('carTuningRule')}
        >
          {CAR_TUNING_RULES.map((rule) => (
            <MenuItem key={rule} value={rule}>
              {CAR_TUNING_LABELS[rule]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Car upgrades"
          value={values.carUpgradeRule}
          onChange={(event) => set({ carUpgradeRule: event.target.value as EventFormValues['carUpgradeRule'] })}
          error={Boolean(fieldError('carUpgradeRule'))}
          helperText={fieldError('carUpgradeRule')}
        >
          {CAR_UPGRADE_RULES.map((rule) => (
            <MenuItem key={rule} value={rule}>
              {CAR_UPGRADE_LABELS[rule]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="YouTube video"
          value={values.youtubeUrl}
          onChange={(event) => set({ youtubeUrl: event.target.value })}
          error={Boolean(fieldError('youtubeUrl'))}
          helperText={fieldError('youtubeUrl') ?? 'Optional: the race replay'}
        />
        <FormGroup row>
          <FormControlLabel control={<Checkbox checked={values.stewarded} onChange={(event) => set({ stewarded: event.target.checked })} />} label="Stewarded" />
          <FormControlLabel
            control={<Checkbox checked={values.leaderboardsEnabled} onChange={(event) => set({ leaderboardsEnabled: event.target.checked })} />}
            label="Leaderboards"
          />
        </FormGroup>
        <ImageField label="Event icon" file={icon} onChange={setIcon} error={fieldError('icon')} />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Races
      </Typography>
      {values.raceEvents.map((raceEvent, index) => (
        <RaceEventFields
          key={index}
          index={index}
          value={raceEvent}
          tracks={tracks.data ?? []}
          errors={errors}
          onChange={(next) => set({ raceEvents: values.raceEvents.map((current, i) => (i === index ? next : current)) })}
          onRemove={values.raceEvents.length > 1 ? () => set({ raceEvents: values.raceEvents.filter((_current, i) => i !== index) }) : undefined}
        />
      ))}
      {fieldError('raceEvents') && (
        <Typography color="error" role="alert">
          {fieldError('raceEvents')}
        </Typography>
      )}
      <Button onClick={() => set({ raceEvents: [...values.raceEvents, newRaceEvent()] })}>Add race event</Button>

      {failure && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {failure}
          {leftOver.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {leftOver.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={saving}>
          {values.id ? 'Save changes' : kind === 'assessment' ? 'Create assessment' : 'Create event'}
        </Button>
      </Box>
    </Box>
  );
}
