import { useId } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OUTCOME_KINDS, OUTCOME_LABELS, outcomeNeedsAmount } from '@paddock/contracts/stewarding.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { fieldUnder } from '../../../lib/forms/apiErrors.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { AMOUNT_UNITS, checkOutcomes, outcomesOf, reasonProblem, type OutcomeFormValues } from '../outcomes.js';
import type { TicketOutcome, TicketPartyDto } from '../types.js';

export interface OutcomeEditorProps {
  /** "Your vote", "Decision". */
  title: string;
  submitLabel: string;
  parties: TicketPartyDto[];
  initial: OutcomeFormValues;
  /** Set: the form is shown but disabled, with this reason above it. */
  disabledReason?: string | null;
  onSubmit: (outcomes: TicketOutcome[], reason: string, idempotencyKey: string) => Promise<unknown>;
  /** Shown after a successful save. */
  savedText: string;
  reasonLabel?: string;
}

/** The API names the rows `outcomes`, the form `rows`. */
const formPath = (path: string) => path.replace(/^outcomes(?=\.|$)/, 'rows');

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
  const editor = useApiForm<OutcomeFormValues, unknown>({
    defaultValues: initial,
    submit: (values, key) => onSubmit(outcomesOf(values.rows), values.reason.trim(), key),
    notSaved: `${submitLabel} failed`,
    saved: savedText,
    fieldOf: (path, fields) => fieldUnder(fields, formPath(path)),
  });
  const { onSubmit: submit, busy, status, text, controlled, feedback, errorOf, form } = editor;
  const rows = useFieldArray({
    control: form.control,
    name: 'rows',
    rules: { validate: (current) => current.length > 0 || 'Add at least one outcome (No further action counts).' },
  });
  const kinds = form.watch('rows').map((row) => row.kind);
  const disabled = busy || Boolean(disabledReason);
  const rowCheck = (index: number, part: 'profileId' | 'amount') => (_value: unknown, values: OutcomeFormValues) => checkOutcomes(values)[`rows.${index}.${part}`] ?? true;
  const rowsProblem = errorOf('rows.root' as 'rows');

  return (
    <Box component="form" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <Typography id={`${id}-title`} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {disabledReason && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {disabledReason}
        </Alert>
      )}
      {rows.fields.map((row, index) => {
        const kind = kinds[index] ?? row.kind;
        const driver = `rows.${index}.profileId` as const;
        const outcome = `rows.${index}.kind` as const;
        return (
          <Box key={row.id} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 1 }}>
            <Controller
              {...controlled(driver, { label: `Driver ${index + 1}`, required: true, validate: rowCheck(index, 'profileId') })}
              render={({ field }) => (
                <TextField
                  select
                  label={`Driver ${index + 1}`}
                  required
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  onBlur={field.onBlur}
                  {...feedback(driver, ' ')}
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
              )}
            />
            <SelectField
              form={editor}
              name={outcome}
              label={`Outcome ${index + 1}`}
              help=" "
              deps={[`rows.${index}.amount`]}
              options={OUTCOME_KINDS.map((choice) => ({ value: choice, label: OUTCOME_LABELS[choice] }))}
              size="small"
              disabled={disabled}
              sx={{ minWidth: 190, flex: '1 1 190px' }}
            />
            {outcomeNeedsAmount(kind) && (
              <TextField
                {...text(`rows.${index}.amount`, {
                  label: `${AMOUNT_UNITS[kind] ?? 'Amount'} ${index + 1}`,
                  required: true,
                  validate: rowCheck(index, 'amount'),
                  help: ' ',
                })}
                size="small"
                disabled={disabled}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ width: 170 }}
              />
            )}
            <IconButton aria-label={`Remove outcome ${index + 1}`} onClick={() => rows.remove(index)} disabled={disabled}>
              <span aria-hidden>×</span>
            </IconButton>
          </Box>
        );
      })}
      {rowsProblem && (
        <Typography color="error" variant="body2" role="alert">
          {rowsProblem}
        </Typography>
      )}
      <Button size="small" onClick={() => rows.append({ kind: 'NO_FURTHER_ACTION', profileId: parties[0]?.profileId ?? null, amount: '' })} disabled={disabled}>
        Add an outcome
      </Button>
      <TextField
        {...text('reason', { label: reasonLabel, required: true, validate: reasonProblem, help: ' ' })}
        multiline
        minRows={3}
        fullWidth
        disabled={disabled}
        sx={{ mt: 1 }}
      />
      <FormStatusMessage status={status} flush />
      <Button type="submit" variant="contained" disabled={disabled} sx={{ mt: 1 }}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </Box>
  );
}
