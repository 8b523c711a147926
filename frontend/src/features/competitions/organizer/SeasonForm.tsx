import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, get, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { ApiError } from '../../../lib/api/client.js';
import { competitionCommands } from '../api.js';
import { POINTS_PRESET_LABELS } from '../labels.js';
import type { PointsPreset, SeasonDto } from '../types.js';
import { FormFailure } from '../../../components/form/FormFailure.js';
import { PRESET_TABLES, presetOf, SEASON_CHECKS, seasonFieldOf, seasonRequestFrom, tableToText, type SeasonFormValues } from './seasonForm.js';

const PRESETS: PointsPreset[] = ['F1', 'SPREAD', 'SPRINT', 'CUSTOM'];

export interface SeasonFormProps {
  competitionId: number;
  initial: SeasonFormValues;
  onSaved: (season: SeasonDto) => void;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0, mt: 2, border: 1, borderColor: 'divider' }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, px: 0.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>{children}</Box>
    </Paper>
  );
}

/**
 * Create or edit a season and its points system: tables by preset or typed, bonuses, minimum distance,
 * drop rounds, no-show penalty, DNF rule and team best-M. Each field says what it needs before anything
 * is sent; the API's 400 shows beside the fields it names.
 */
export function SeasonForm({ competitionId, initial, onSaved }: SeasonFormProps) {
  const { control, register, handleSubmit, setValue, setError, formState } = useForm<SeasonFormValues>({
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting, isSubmitted } = formState;
  const [failure, setFailure] = useState<{ message: string; others: string[] } | null>(null);
  const sprintEnabled = useWatch({ control, name: 'points.sprintEnabled' });
  const qualifyingEnabled = useWatch({ control, name: 'points.qualifyingEnabled' });
  const dropRounds = useWatch({ control, name: 'points.dropRounds' });

  const message = (field: FieldPath<SeasonFormValues>): string | undefined => (get(errors, field) as { message?: string } | undefined)?.message;
  const invalid = (field: FieldPath<SeasonFormValues>) => Boolean(message(field));

  const save = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        onSaved(await competitionCommands.saveSeason(competitionId, seasonRequestFrom(values)));
      } catch (error) {
        const fieldErrors =
          error instanceof ApiError && typeof error.body === 'object' && error.body !== null ? ((error.body as { errors?: Record<string, string[]> }).errors ?? {}) : {};
        const others: string[] = [];
        for (const [path, list] of Object.entries(fieldErrors)) {
          const field = seasonFieldOf(path);
          if (field) setError(field as FieldPath<SeasonFormValues>, { type: 'server', message: list.join('; ') });
          else others.push(...list.map((text) => `${path}: ${text}`));
        }
        setFailure({ message: Object.keys(fieldErrors).length ? 'Please correct the marked fields.' : failureMessage(error, 'The season was not saved'), others });
      }
    },
    () => setFailure({ message: 'Please correct the marked fields.', others: [] }),
  );

  const choosePreset = (preset: PointsPreset) => {
    if (preset !== 'CUSTOM') setValue('points.race', tableToText(PRESET_TABLES[preset]), { shouldValidate: isSubmitted });
  };
  const raceField = register('points.race', { validate: SEASON_CHECKS.race });

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={initial.id ? 'Edit season' : 'New season'}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <TextField label="Name" required {...register('name', { validate: SEASON_CHECKS.name })} error={invalid('name')} helperText={message('name')} />
        <TextField
          label="Rules"
          multiline
          minRows={2}
          {...register('rules', { validate: SEASON_CHECKS.rules })}
          error={invalid('rules')}
          helperText={message('rules') ?? 'Optional: shown on the series page'}
        />
      </Box>

      <Section title="Points tables">
        <Controller
          control={control}
          name="points.preset"
          render={({ field }) => (
            <TextField
              select
              label="Preset"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
                choosePreset(event.target.value as PointsPreset);
              }}
              helperText="Fills the race table; edit it to make your own"
            >
              {PRESETS.map((preset) => (
                <MenuItem key={preset} value={preset}>
                  {POINTS_PRESET_LABELS[preset]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Race points (P1, P2, …)"
          required
          {...raceField}
          onChange={(event) => {
            void raceField.onChange(event);
            setValue('points.preset', presetOf(event.target.value));
          }}
          error={invalid('points.race')}
          helperText={message('points.race') ?? 'e.g. 25-18-15-12-10-8-6-4-2-1; positions past the end score 0'}
        />
        <Box>
          <Controller
            control={control}
            name="points.sprintEnabled"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label="Sprint races score their own table"
              />
            )}
          />
          {sprintEnabled && (
            <TextField
              label="Sprint points"
              fullWidth
              {...register('points.sprint', { validate: SEASON_CHECKS.sprint })}
              error={invalid('points.sprint')}
              helperText={message('points.sprint') ?? 'e.g. 8-7-6-5-4-3-2-1'}
            />
          )}
        </Box>
        <Box>
          <Controller
            control={control}
            name="points.qualifyingEnabled"
            render={({ field }) => (
              <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Qualifying scores points" />
            )}
          />
          {qualifyingEnabled && (
            <TextField
              label="Qualifying points"
              fullWidth
              {...register('points.qualifying', { validate: SEASON_CHECKS.qualifying })}
              error={invalid('points.qualifying')}
              helperText={message('points.qualifying') ?? 'e.g. 3-2-1'}
            />
          )}
        </Box>
      </Section>

      <Section title="Bonuses">
        <TextField
          label="Pole position"
          inputMode="decimal"
          {...register('points.pole', { validate: SEASON_CHECKS.pole })}
          error={invalid('points.pole')}
          helperText={message('points.pole') ?? 'Points; 0 for none'}
        />
        <TextField
          label="Fastest lap"
          inputMode="decimal"
          {...register('points.fastestLap', { validate: SEASON_CHECKS.fastestLap })}
          error={invalid('points.fastestLap')}
          helperText={message('points.fastestLap') ?? 'Points; 0 for none'}
        />
        <TextField
          label="Only inside the top"
          inputMode="numeric"
          {...register('points.bonusInsideTop', { validate: SEASON_CHECKS.bonusInsideTop })}
          error={invalid('points.bonusInsideTop')}
          helperText={message('points.bonusInsideTop') ?? 'e.g. 10; empty: anyone classified gets the bonus'}
        />
      </Section>

      <Section title="Scoring rules">
        <TextField
          label="Minimum distance (% of the winner's laps)"
          inputMode="numeric"
          {...register('points.minimumDistancePercent', { validate: SEASON_CHECKS.minimumDistancePercent })}
          error={invalid('points.minimumDistancePercent')}
          helperText={message('points.minimumDistancePercent') ?? '0: no minimum'}
        />
        <TextField
          label="No-show penalty (points)"
          inputMode="decimal"
          {...register('points.noShowPenalty', { validate: SEASON_CHECKS.noShowPenalty })}
          error={invalid('points.noShowPenalty')}
          helperText={message('points.noShowPenalty') ?? 'Taken from a driver who signed up, did not start and did not sign out; 0: none'}
        />
        <Controller
          control={control}
          name="points.dnfScores"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label="A DNF scores its place when it covered the minimum distance"
            />
          )}
        />
        <TextField
          label="Team scores: best drivers per race"
          inputMode="numeric"
          {...register('points.teamBestDrivers', { validate: SEASON_CHECKS.teamBestDrivers })}
          error={invalid('points.teamBestDrivers')}
          helperText={message('points.teamBestDrivers') ?? 'e.g. 2; empty: every driver scores for the team'}
        />
      </Section>

      <Section title="Drop rounds">
        <Controller
          control={control}
          name="points.dropRounds"
          render={({ field }) => (
            <FormControlLabel
              sx={{ gridColumn: '1 / -1' }}
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label="Count only each driver's best rounds"
            />
          )}
        />
        {dropRounds && (
          <>
            <TextField
              label="Rounds that count"
              inputMode="numeric"
              {...register('points.countBestRounds', { validate: SEASON_CHECKS.countBestRounds, deps: ['points.neverDropLastRounds'] })}
              error={invalid('points.countBestRounds')}
              helperText={message('points.countBestRounds') ?? 'The best N rounds of each driver'}
            />
            <TextField
              label="Last rounds never dropped"
              inputMode="numeric"
              {...register('points.neverDropLastRounds', { validate: SEASON_CHECKS.neverDropLastRounds })}
              error={invalid('points.neverDropLastRounds')}
              helperText={message('points.neverDropLastRounds') ?? 'e.g. 1: the final always counts'}
            />
          </>
        )}
      </Section>

      <FormFailure message={failure?.message ?? null} others={failure?.others} />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {initial.id ? 'Save season' : 'Create season'}
        </Button>
      </Box>
    </Box>
  );
}
