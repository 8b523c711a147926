import { useId } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { OUTCOME_KINDS, OUTCOME_LABELS, outcomeNeedsAmount } from '@paddock/contracts/stewarding.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { CloseIcon } from '../../../components/icons.js';
import { Alert, Button, IconButton, Text, TextField } from '../../../components/ui/index.js';
import { fieldUnder } from '../../../lib/forms/apiErrors.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { AMOUNT_UNITS, checkOutcomes, outcomesOf, reasonProblem, type OutcomeFormValues } from '../outcomes.js';
import type { TicketOutcome, TicketPartyDto } from '../types.js';
import './ticket.css';

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
    <form aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void submit(event)}>
      <Text id={`${id}-title`} variant="h6" as="h3" gutterBottom>
        {title}
      </Text>
      {disabledReason && (
        <Alert severity="info" className="pd-ticket-editor-blocked">
          {disabledReason}
        </Alert>
      )}
      {rows.fields.map((row, index) => {
        const kind = kinds[index] ?? row.kind;
        const driver = `rows.${index}.profileId` as const;
        return (
          <div key={row.id} className="pd-ticket-outcome">
            <Controller
              {...controlled(driver, { label: `Driver ${index + 1}`, required: true, validate: rowCheck(index, 'profileId') })}
              render={({ field }) => (
                <TextField
                  select
                  label={`Driver ${index + 1}`}
                  required
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value === null ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  onBlur={field.onBlur}
                  {...feedback(driver, ' ')}
                  size="small"
                  disabled={disabled}
                  className="pd-ticket-outcome-driver"
                >
                  {field.value === null && <option value="" />}
                  {parties.map((party) => (
                    <option key={party.profileId} value={party.profileId}>
                      {party.driverName}
                    </option>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...text(`rows.${index}.kind`, { label: `Outcome ${index + 1}`, help: ' ', deps: [`rows.${index}.amount`] })}
              select
              size="small"
              disabled={disabled}
              className="pd-ticket-outcome-kind"
            >
              {OUTCOME_KINDS.map((choice) => (
                <option key={choice} value={choice}>
                  {OUTCOME_LABELS[choice]}
                </option>
              ))}
            </TextField>
            {outcomeNeedsAmount(kind) && (
              <TextField
                {...text(`rows.${index}.amount`, {
                  label: `${AMOUNT_UNITS[kind] ?? 'Amount'} ${index + 1}`,
                  required: true,
                  validate: rowCheck(index, 'amount'),
                  help: ' ',
                })}
                size="small"
                inputMode="numeric"
                disabled={disabled}
                className="pd-ticket-outcome-amount"
              />
            )}
            <IconButton aria-label={`Remove outcome ${index + 1}`} onClick={() => rows.remove(index)} disabled={disabled} className="pd-ticket-remove">
              <CloseIcon fontSize="small" />
            </IconButton>
          </div>
        );
      })}
      {rowsProblem && (
        <Text variant="body2" tone="error" role="alert">
          {rowsProblem}
        </Text>
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
        className="pd-ticket-reason"
      />
      <FormStatusMessage status={status} flush />
      <Button type="submit" variant="contained" disabled={disabled} className="pd-ticket-submit">
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
