import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { showTime } from '../../../components/dateTime.js';
import { Button, Text, TextField } from '../../../components/ui/index.js';
import { stewardingCommands } from '../api.js';
import { afterOwnTicketChange } from '../cache.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { fieldUnder } from '../../../lib/forms/apiErrors.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { STATEMENT_MAX, evidenceOf, type EvidenceRow } from '../ticketForm.js';
import type { TicketDto } from '../types.js';
import { EvidenceFields } from './Evidence.js';
import './ticket.css';

const TEXT_MIN = 10;

const textProblem = (text: string) => {
  const length = text.trim().length;
  if (length < TEXT_MIN) return `At least ${TEXT_MIN} characters.`;
  return length <= STATEMENT_MAX || `At most ${STATEMENT_MAX} characters.`;
};

interface PartyFormProps {
  ticket: TicketDto;
  kind: 'statement' | 'appeal';
}

type PartyValues = { text: string; evidence: EvidenceRow[] };

const EMPTY_PARTY_FORM: PartyValues = { text: '', evidence: [] };

/** A party's own side (a statement, within the filing window) or an appeal (within the appeal window), with evidence links. */
export function PartyForm({ ticket, kind }: PartyFormProps) {
  const queryClient = useQueryClient();
  const id = useId();
  const statement = kind === 'statement';
  const title = statement ? 'Your statement' : 'Appeal the decision';
  const until = statement ? ticket.windowClosesAt : ticket.appealableUntil;
  const party = useApiForm<PartyValues, TicketDto>({
    defaultValues: EMPTY_PARTY_FORM,
    submit: ({ text, evidence }, key) => {
      const links = evidenceOf(evidence);
      return statement
        ? stewardingCommands.addStatement(ticket.id, { text: text.trim(), evidence: links }, key)
        : stewardingCommands.appeal(ticket.id, { reason: text.trim(), evidence: links }, key);
    },
    onSaved: (saved) => {
      afterOwnTicketChange(queryClient, saved);
      party.form.reset(EMPTY_PARTY_FORM);
    },
    notSaved: statement ? 'The statement was not added' : 'The appeal was not filed',
    saved: statement ? 'Your statement was added.' : 'Your appeal was filed; stewards who did not decide the first time will hear it.',
    // The API names an appeal's text `reason`.
    fieldOf: (path, fields) => fieldUnder(fields, path === 'reason' ? 'text' : path),
  });
  const { onSubmit, busy, status, text, form } = party;

  return (
    <form aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void onSubmit(event)} className="pd-ticket-party-form">
      <Text id={`${id}-title`} variant="h6" as="h3">
        {title}
      </Text>
      {until && (
        <Text variant="body2" tone="secondary" gutterBottom>
          Open until <time dateTime={until}>{showTime(until).dateTime}</time>
        </Text>
      )}
      <TextField
        {...text('text', {
          label: statement ? 'What happened from your side' : 'Why the decision should change',
          required: true,
          validate: textProblem,
          help: `${form.watch('text').trim().length} / ${STATEMENT_MAX}`,
        })}
        multiline
        minRows={3}
        fullWidth
        disabled={busy}
        className="pd-ticket-party-text"
      />
      <EvidenceFields form={party} disabled={busy} />
      <FormStatusMessage status={status} flush />
      <Button type="submit" variant="contained" disabled={busy} className="pd-ticket-submit">
        {statement ? 'Add statement' : 'File appeal'}
      </Button>
    </form>
  );
}
