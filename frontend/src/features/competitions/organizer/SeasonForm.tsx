import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useWatch } from 'react-hook-form';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { competitionCommands } from '../api.js';
import { POINTS_PRESET_LABELS } from '../labels.js';
import type { PointsPreset, SeasonDto } from '../types.js';
import { CheckboxField } from '../../../components/form/CheckboxField.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
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
  const { form, onSubmit, busy, status, text } = useApiForm<SeasonFormValues, SeasonDto>({
    defaultValues: initial,
    submit: (values, key) => competitionCommands.saveSeason(competitionId, seasonRequestFrom(values), key),
    onSaved,
    notSaved: 'The season was not saved',
    fieldOf: seasonFieldOf,
  });
  const { control, setValue, formState } = form;
  const { isSubmitted } = formState;
  const sprintEnabled = useWatch({ control, name: 'points.sprintEnabled' });
  const qualifyingEnabled = useWatch({ control, name: 'points.qualifyingEnabled' });
  const dropRounds = useWatch({ control, name: 'points.dropRounds' });

  const choosePreset = (preset: PointsPreset) => {
    if (preset !== 'CUSTOM') setValue('points.race', tableToText(PRESET_TABLES[preset]), { shouldValidate: isSubmitted });
  };
  const raceField = text('points.race', {
    label: 'Race points (P1, P2, …)',
    required: true,
    validate: SEASON_CHECKS.race,
    help: 'e.g. 25-18-15-12-10-8-6-4-2-1; positions past the end score 0',
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={initial.id ? 'Edit season' : 'New season'}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <TextField {...text('name', { label: 'Name', required: true, validate: SEASON_CHECKS.name })} />
        <TextField multiline minRows={2} {...text('rules', { label: 'Rules', validate: SEASON_CHECKS.rules, help: 'Optional: shown on the series page' })} />
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
          {...raceField}
          onChange={(event) => {
            void raceField.onChange(event);
            setValue('points.preset', presetOf(event.target.value));
          }}
        />
        <Box>
          <CheckboxField control={control} name="points.sprintEnabled" label="Sprint races score their own table" />
          {sprintEnabled && <TextField fullWidth {...text('points.sprint', { label: 'Sprint points', validate: SEASON_CHECKS.sprint, help: 'e.g. 8-7-6-5-4-3-2-1' })} />}
        </Box>
        <Box>
          <CheckboxField control={control} name="points.qualifyingEnabled" label="Qualifying scores points" />
          {qualifyingEnabled && <TextField fullWidth {...text('points.qualifying', { label: 'Qualifying points', validate: SEASON_CHECKS.qualifying, help: 'e.g. 3-2-1' })} />}
        </Box>
      </Section>

      <Section title="Bonuses">
        <TextField inputMode="decimal" {...text('points.pole', { label: 'Pole position', validate: SEASON_CHECKS.pole, help: 'Points; 0 for none' })} />
        <TextField inputMode="decimal" {...text('points.fastestLap', { label: 'Fastest lap', validate: SEASON_CHECKS.fastestLap, help: 'Points; 0 for none' })} />
        <TextField
          inputMode="numeric"
          {...text('points.bonusInsideTop', {
            label: 'Only inside the top',
            validate: SEASON_CHECKS.bonusInsideTop,
            help: 'e.g. 10; empty: anyone classified gets the bonus',
          })}
        />
      </Section>

      <Section title="Scoring rules">
        <TextField
          inputMode="numeric"
          {...text('points.minimumDistancePercent', {
            label: "Minimum distance (% of the winner's laps)",
            validate: SEASON_CHECKS.minimumDistancePercent,
            help: '0: no minimum',
          })}
        />
        <TextField
          inputMode="numeric"
          {...text('points.minDrivingSharePercent', {
            label: "Minimum driving share (% of the car's driving time)",
            validate: SEASON_CHECKS.minDrivingSharePercent,
            help: 'A driver sharing a car scores only with this share of its driving time (where the results file gives each driver’s time); 0: no minimum',
          })}
        />
        <TextField
          inputMode="decimal"
          {...text('points.noShowPenalty', {
            label: 'No-show penalty (points)',
            validate: SEASON_CHECKS.noShowPenalty,
            help: 'Taken from a driver who signed up, did not start and did not sign out; 0: none',
          })}
        />
        <CheckboxField control={control} name="points.dnfScores" label="A DNF scores its place when it covered the minimum distance" />
        <TextField
          inputMode="numeric"
          {...text('points.teamBestDrivers', {
            label: 'Team scores: best drivers per race',
            validate: SEASON_CHECKS.teamBestDrivers,
            help: 'e.g. 2; empty: every driver scores for the team',
          })}
        />
      </Section>

      <Section title="Drop rounds">
        <CheckboxField control={control} name="points.dropRounds" label="Count only each driver's best rounds" sx={{ gridColumn: '1 / -1' }} />
        {dropRounds && (
          <>
            <TextField
              inputMode="numeric"
              {...text('points.countBestRounds', {
                label: 'Rounds that count',
                validate: SEASON_CHECKS.countBestRounds,
                deps: ['points.neverDropLastRounds'],
                help: 'The best N rounds of each driver',
              })}
            />
            <TextField
              inputMode="numeric"
              {...text('points.neverDropLastRounds', {
                label: 'Last rounds never dropped',
                validate: SEASON_CHECKS.neverDropLastRounds,
                help: 'e.g. 1: the final always counts',
              })}
            />
          </>
        )}
      </Section>

      <FormStatusMessage status={status} />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {initial.id ? 'Save season' : 'Create season'}
        </Button>
      </Box>
    </Box>
  );
}
