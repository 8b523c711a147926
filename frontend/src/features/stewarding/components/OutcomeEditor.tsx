import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OUTCOME_KINDS, OUTCOME_LABELS, outcomeNeedsAmount, type OutcomeKind } from '@paddock/contracts/stewarding.js';
import { AMOUNT_UNITS, checkOutcomes, outcomesOf, type OutcomeFormValues, type OutcomeRow } from '../outcomes.js';
import type { TicketOutcome, TicketPartyDto } from '../types.js';
import { useCheckedSave } from '../useCheckedSave.js';

export interface OutcomeEditorProps {
  /** "Your vote", "Decision". */
  title: string;
  submitLabel: string;
  parties: TicketPartyDto[];
  initial: OutcomeFormValues;
  /** Set: the form is shown but disabled, with this reason above it. */
  disabledReason?: string | null;
  onSubmit: (outcomes: TicketOutcome[], reason: string) => Promise<unknown>;
  /** Shown after a successful save. */
  savedText: string;
  reasonLabel?: string;
}

/** Outcomes per driver (each kind with its parameter) and the written reason: a steward's vote, or the decision. */
export function OutcomeEditor({
  title,
  submitLabel,
  parties,
  initial,
  disabledReason,
  onSubmit,
  savedText,
  reasonLabel = 'Reason (the drivers read it)',
}: OutcomeEditorProps) {
  const id = useId();
  const [values, setValues] = useState<OutcomeFormValues>(initial);
  const { errors, setErrors, message, saving, run } = useCheckedSave();
  const disabled = saving || Boolean(disabledReason);

  const setRow = (index: number, change: Partial<OutcomeRow>) => {
    setValues((current) => ({ ...current, rows: current.rows.map((row, at) => (at === index ? { ...row, ...change } : row)) }));
    setErrors({});
  };
  const addRow = () => setValues((current) => ({ ...current, rows: [...current.rows, { kind: 'NO_FURTHER_ACTION', profileId: parties[0]?.profileId ?? null, amount: '' }] }));

  const submit = () =>
    run(
      checkOutcomes(values),
      async () => {
        await onSubmit(outcomesOf(values.rows), values.reason.trim());
        return savedText;
      },
      `${submitLabel} failed`,
    );

  return (
    <Box
      component="form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Typography id={`${id}-title`} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {disabledReason && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {disabledReason}
        </Alert>
      )}
      {values.rows.map((row, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 1 }}>
          <TextField
            select
            label={`Driver ${index + 1}`}
            value={row.profileId ?? ''}
            onChange={(event) => setRow(index, { profileId: Number(event.target.value) })}
            error={Boolean(errors[`rows.${index}.profileId`])}
            helperText={errors[`rows.${index}.profileId`] ?? ' '}
            size="small"
            disabled={disabled}
            sx={{ minWidth: 200, flex: '1 1 200px' }}
          >
            {parties.map((party) => (
              <MenuItem key={party.profileId} value={party.profileId}>
                {party.driverName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={`Outcome ${index + 1}`}
            value={row.kind}
            onChange={(event) => setRow(index, { kind: event.target.value as OutcomeKind })}
            size="small"
            helperText=" "
            disabled={disabled}
            sx={{ minWidth: 190, flex: '1 1 190px' }}
          >
            {OUTCOME_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {OUTCOME_LABELS[kind]}
              </MenuItem>
            ))}
          </TextField>
          {outcomeNeedsAmount(row.kind) && (
            <TextField
              label={`${AMOUNT_UNITS[row.kind] ?? 'Amount'} ${index + 1}`}
              value={row.amount}
              onChange={(event) => setRow(index, { amount: event.target.value })}
              error={Boolean(errors[`rows.${index}.amount`])}
              helperText={errors[`rows.${index}.amount`] ?? ' '}
              size="small"
              disabled={disabled}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ width: 170 }}
            />
          )}
          <IconButton
            aria-label={`Remove outcome ${index + 1}`}
            onClick={() => setValues((current) => ({ ...current, rows: current.rows.filter((_row, at) => at !== index) }))}
            disabled={disabled}
          >
            <span aria-hidden>×</span>
          </IconButton>
        </Box>
      ))}
      {errors.rows && (
        <Typography color="error" variant="body2" role="alert">
          {errors.rows}
        </Typography>
      )}
      <Button size="small" onClick={addRow} disabled={disabled}>
        Add an outcome
      </Button>
      <TextField
        label={reasonLabel}
        value={values.reason}
        onChange={(event) => {
          setValues((current) => ({ ...current, reason: event.target.value }));
          setErrors((current) => ({ ...current, reason: undefined }));
        }}
        error={Boolean(errors.reason)}
        helperText={errors.reason ?? ' '}
        multiline
        minRows={3}
        fullWidth
        disabled={disabled}
        sx={{ mt: 1 }}
      />
      {message && (
        <Alert severity={message.severity} sx={{ mb: 1 }} role={message.severity === 'success' ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={disabled}>
        {saving ? 'Saving…' : submitLabel}
      </Button>
    </Box>
  );
}
