import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { showTime } from '../../../components/dateTime.js';
import { stewardingCommands } from '../api.js';
import { afterOwnTicketChange } from '../cache.js';
import { STATEMENT_MAX, checkEvidence, evidenceOf, type EvidenceRow, type FieldMessages } from '../ticketForm.js';
import type { TicketDto } from '../types.js';
import { useCheckedSave } from '../useCheckedSave.js';
import { EvidenceFields } from './Evidence.js';

const TEXT_MIN = 10;

interface PartyFormProps {
  ticket: TicketDto;
  kind: 'statement' | 'appeal';
}

/** A party's own side (a statement, within the filing window) or an appeal (within the appeal window), with evidence links. */
export function PartyForm({ ticket, kind }: PartyFormProps) {
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [evidence, setEvidence] = useState<EvidenceRow[]>([]);
  const { errors, setErrors, message, saving, run } = useCheckedSave();
  const field = kind === 'statement' ? 'text' : 'reason';
  const title = kind === 'statement' ? 'Your statement' : 'Appeal the decision';
  const until = kind === 'statement' ? ticket.windowClosesAt : ticket.appealableUntil;

  const submit = () => {
    const found: FieldMessages = { ...checkEvidence(evidence) };
    const trimmed = text.trim();
    if (trimmed.length < TEXT_MIN) found[field] = `At least ${TEXT_MIN} characters.`;
    else if (trimmed.length > STATEMENT_MAX) found[field] = `At most ${STATEMENT_MAX} characters.`;
    return run(
      found,
      async () => {
        const links = evidenceOf(evidence);
        const saved =
          kind === 'statement'
            ? await stewardingCommands.addStatement(ticket.id, { text: trimmed, evidence: links })
            : await stewardingCommands.appeal(ticket.id, { reason: trimmed, evidence: links });
        afterOwnTicketChange(queryClient, saved);
        setText('');
        setEvidence([]);
        return kind === 'statement' ? 'Your statement was added.' : 'Your appeal was filed; stewards who did not decide the first time will hear it.';
      },
      kind === 'statement' ? 'The statement was not added' : 'The appeal was not filed',
    );
  };

  return (
    <Box
      component="form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ mt: 2 }}
    >
      <Typography id={`${id}-title`} variant="h6" component="h3">
        {title}
      </Typography>
      {until && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Open until <time dateTime={until}>{showTime(until).dateTime}</time>
        </Typography>
      )}
      <TextField
        label={kind === 'statement' ? 'What happened from your side' : 'Why the decision should change'}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
        error={Boolean(errors[field])}
        helperText={errors[field] ?? `${text.trim().length} / ${STATEMENT_MAX}`}
        multiline
        minRows={3}
        fullWidth
        disabled={saving}
        sx={{ my: 1 }}
      />
      <EvidenceFields rows={evidence} onChange={setEvidence} errors={errors} disabled={saving} />
      {message && (
        <Alert severity={message.severity} sx={{ my: 1 }} role={message.severity === 'success' ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 1 }}>
        {kind === 'statement' ? 'Add statement' : 'File appeal'}
      </Button>
    </Box>
  );
}
