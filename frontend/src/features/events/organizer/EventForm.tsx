import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { CAR_TUNING_RULES, CAR_UPGRADE_RULES, COMPETITION_STYLES } from '@paddock/contracts/events.js';
import { viewerTimeZone } from '../../../components/dateTime.js';
import { CheckboxField } from '../../../components/form/CheckboxField.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { catalogueQueries, gameOptions, platformsOffered } from '../../catalogue/index.js';
import { PlatformChecks } from '../../../components/form/PlatformChecks.js';
import { eventCommands, type EventKind } from '../api.js';
import { CAR_TUNING_LABELS, CAR_UPGRADE_LABELS, COMPETITION_STYLE_LABELS, PLATFORM_LABELS } from '../labels.js';
import type { EventDetailsDto } from '../types.js';
import { CHECKS, eventBodyFrom, formFieldOf, newRaceEvent, pastStartWarning, teamSizeMaxCheck, type EventFormValues, type EventFormWithIcon } from './eventForm.js';
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
  const apiForm = useApiForm<EventFormWithIcon, EventDetailsDto>({
    defaultValues: { ...initial, icon: null },
    submit: ({ icon, ...values }, key) => eventCommands.save(kind, eventBodyFrom(values), icon, key),
    onSaved,
    notSaved: 'The event was not saved',
    fieldOf: formFieldOf,
  });
  const { form, onSubmit, busy, status, text, controlled, errorOf } = apiForm;
  const { control, setValue, getValues } = form;
  const raceEvents = useFieldArray({ control, name: 'raceEvents' });
  const date = useWatch({ control, name: 'date' });
  const pastStart = initial.id ? null : pastStartWarning(date, Date.now());

  const gameId = useWatch({ control, name: 'gameId' });
  const teamEvent = useWatch({ control, name: 'competitionStyle' }) !== 'SOLO';
  const games = useQuery(catalogueQueries.games());
  const tracks = useQuery(catalogueQueries.tracksOf(gameId ? Number(gameId) : null));
  const game = games.data?.find((candidate) => String(candidate.id) === gameId);

  const selectGame = (next: string) => {
    setValue('platforms', platformsOffered(games.data, next, getValues('platforms')));
    getValues('raceEvents').forEach((_raceEvent, index) => setValue(`raceEvents.${index}.trackId`, ''));
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={initial.id ? 'Edit event' : 'New event'}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <TextField {...text('name', { label: 'Name', required: true, validate: CHECKS.name })} />
        <TextField
          type="datetime-local"
          {...text('date', { label: 'Start', required: true, validate: CHECKS.date, help: pastStart ?? `Your time zone: ${viewerTimeZone()}; stored in UTC` })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <SelectField form={apiForm} name="gameId" label="Game" required options={gameOptions(games.data)} onChosen={selectGame} />
        <TextField inputMode="numeric" {...text('seats', { label: 'Seats', required: true, validate: CHECKS.seats })} />
        <Controller
          {...controlled('platforms', { label: 'Platforms', required: true })}
          render={({ field }) => (
            <PlatformChecks
              labels={PLATFORM_LABELS}
              label="Platforms"
              options={game?.platforms ?? []}
              value={field.value}
              onChange={field.onChange}
              error={errorOf('platforms')}
              help={game ? undefined : 'Choose a game first'}
            />
          )}
        />
        <SelectField
          form={apiForm}
          name="competitionStyle"
          label="Format"
          options={COMPETITION_STYLES.map((style) => ({ value: style, label: COMPETITION_STYLE_LABELS[style] }))}
        />
        {teamEvent && (
          <>
            <TextField
              inputMode="numeric"
              {...text('teamSizeMin', {
                label: 'Smallest team (drivers)',
                required: true,
                validate: CHECKS.teamSizeMin,
                deps: ['teamSizeMax'],
                help: 'A captain enters at least this many drivers',
              })}
            />
            <TextField
              inputMode="numeric"
              {...text('teamSizeMax', { label: 'Largest team (drivers)', required: true, validate: teamSizeMaxCheck, help: 'and at most this many' })}
            />
            <TextField
              inputMode="numeric"
              {...text('lineupLockMinutes', {
                label: 'Line-up lock (minutes before the start)',
                required: true,
                validate: CHECKS.lineupLockMinutes,
                help: 'After it only organizers change the line-ups; 0 locks them at the start',
              })}
            />
          </>
        )}
        <SelectField form={apiForm} name="carTuningRule" label="Car tuning" options={CAR_TUNING_RULES.map((rule) => ({ value: rule, label: CAR_TUNING_LABELS[rule] }))} />
        <SelectField form={apiForm} name="carUpgradeRule" label="Car upgrades" options={CAR_UPGRADE_RULES.map((rule) => ({ value: rule, label: CAR_UPGRADE_LABELS[rule] }))} />
        <TextField {...text('youtubeUrl', { label: 'YouTube video', validate: CHECKS.youtubeUrl, help: 'Optional: the race replay' })} />
        <FormGroup row>
          <CheckboxField control={control} name="stewarded" label="Stewarded" />
          <CheckboxField control={control} name="leaderboardsEnabled" label="Leaderboards" />
        </FormGroup>
        <Controller
          {...controlled('icon', { label: 'Event icon' })}
          render={({ field }) => <ImageField label="Event icon" file={field.value} onChange={field.onChange} error={errorOf('icon')} />}
        />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Races
      </Typography>
      {raceEvents.fields.map((raceEvent, index) => (
        <RaceEventFields
          key={raceEvent.id}
          index={index}
          form={apiForm}
          tracks={tracks.data ?? []}
          onRemove={raceEvents.fields.length > 1 ? () => raceEvents.remove(index) : undefined}
        />
      ))}
      <Button onClick={() => raceEvents.append(newRaceEvent())}>Add race event</Button>

      <FormStatusMessage status={status} />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {initial.id ? 'Save changes' : kind === 'assessment' ? 'Create assessment' : 'Create event'}
        </Button>
      </Box>
    </Box>
  );
}
