import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { Button, Check, Dialog, Text, TextField, classes } from '../../../components/ui/index.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { useFileTicket } from '../api.js';
import { DESCRIPTION_MAX, EMPTY_TICKET_FORM, checkTicket, ticketRequestOf, type TicketFormValues } from '../ticketForm.js';
import type { TicketDto } from '../types.js';
import { EvidenceFields } from './Evidence.js';
import './steward.css';

export interface RaceDriver {
  profileId: number;
  driverName: string;
}

export interface FileTicketDialogProps {
  open: boolean;
  onClose: () => void;
  onFiled: (ticket: TicketDto) => void;
  raceId: number;
  /** "Round 3 at Spa: Race" */
  raceLabel: string;
  /** Who raced (the race's results), the filer left out by the caller. */
  drivers: RaceDriver[];
  /** What the form opens with (e.g. from an incident the live timing reported); empty by default. */
  initialValues?: TicketFormValues;
}

/** Filing a ticket about an incident of one race: who was involved (from the results), when and where, what happened, and the evidence. */
export function FileTicketDialog({ open, onClose, onFiled, raceId, raceLabel, drivers, initialValues = EMPTY_TICKET_FORM }: FileTicketDialogProps) {
  const fileTicket = useFileTicket();
  const formId = useId();
  const filing = useApiForm<TicketFormValues, TicketDto>({
    defaultValues: initialValues,
    submit: (values, key) => fileTicket(ticketRequestOf(raceId, values), key),
    onSaved: (ticket) => {
      filing.form.reset(EMPTY_TICKET_FORM);
      onFiled(ticket);
    },
    notSaved: 'The ticket was not filed',
  });
  const { onSubmit, busy, status, text, controlled, feedback, form } = filing;
  const checked = (field: keyof TicketFormValues) => (_value: unknown, values: TicketFormValues) => checkTicket(values)[field] ?? true;
  const short = (field: 'lap' | 'raceTime' | 'videoTimestamp' | 'corner', label: string, hint: string, inputMode?: 'numeric') => (
    <TextField {...text(field, { label, help: hint, validate: checked(field) })} fullWidth size="small" disabled={busy} inputMode={inputMode} />
  );
  const accused = feedback('accusedProfileIds', 'From the results of this race.');

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Report an incident"
      maxWidth="sm"
      className="pd-steward-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={`${formId}-form`} variant="contained" disabled={busy}>
            {busy ? 'Filing…' : 'File ticket'}
          </Button>
        </>
      }
    >
      <form id={`${formId}-form`} aria-label="Report an incident" noValidate onSubmit={onSubmit}>
        <Text variant="body2" className="pd-steward-race">
          Race: <strong>{raceLabel}</strong>
        </Text>
        <Controller
          {...controlled('accusedProfileIds', { label: 'Drivers involved', required: true })}
          render={({ field }) => (
            <fieldset
              className={classes('pd-check-group', 'pd-steward-drivers', accused.error && 'pd-field--error')}
              aria-invalid={accused.error || undefined}
              aria-describedby={`${formId}-accused-help`}
            >
              <legend className="pd-check-group-legend">Drivers involved</legend>
              {drivers.length === 0 ? (
                <Text variant="body2" tone="secondary">
                  No other drivers in this race's results.
                </Text>
              ) : (
                <div className="pd-check-group-boxes">
                  {drivers.map((driver) => (
                    <Check
                      key={driver.profileId}
                      label={driver.driverName}
                      checked={field.value.includes(driver.profileId)}
                      onChange={(event) => field.onChange(event.target.checked ? [...field.value, driver.profileId] : field.value.filter((id) => id !== driver.profileId))}
                      disabled={busy}
                    />
                  ))}
                </div>
              )}
              <p id={`${formId}-accused-help`} className="pd-field-help">
                {accused.helperText}
              </p>
            </fieldset>
          )}
        />
        <div className="pd-steward-when">
          {short('lap', 'Lap', ' ', 'numeric')}
          {short('corner', 'Corner', 'e.g. T1')}
          {short('raceTime', 'Time in race', 'mm:ss.s')}
          {short('videoTimestamp', 'Time in video', 'h:mm:ss')}
        </div>
        <TextField
          {...text('description', {
            label: 'What happened',
            required: true,
            validate: checked('description'),
            help: `${form.watch('description').trim().length} / ${DESCRIPTION_MAX}`,
          })}
          multiline
          minRows={4}
          fullWidth
          disabled={busy}
          className="pd-steward-description"
        />
        <EvidenceFields form={filing} disabled={busy} />
        <FormStatusMessage status={status} />
      </form>
    </Dialog>
  );
}
