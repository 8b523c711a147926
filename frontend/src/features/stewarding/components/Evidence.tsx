import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray, type FieldArray, type FieldArrayPath, type FieldPath, type FieldValues } from 'react-hook-form';
import type { ApiForm } from '../../../lib/forms/useApiForm.js';
import { checkEvidence, type EvidenceRow } from '../ticketForm.js';
import type { EvidenceLink } from '../types.js';

/** Evidence links as read: each opens in a new tab, with where to look in it. */
export function EvidenceList({ evidence, label = 'Evidence' }: { evidence: EvidenceLink[]; label?: string }) {
  if (evidence.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No evidence links.
      </Typography>
    );
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {evidence.map((link, index) => (
        <li key={index}>
          <Link href={link.url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
            {link.url}
          </Link>
          {link.time && <Typography component="span" variant="body2">{` at ${link.time}`}</Typography>}
        </li>
      ))}
    </Box>
  );
}

/** A stewarding form's values with evidence rows. */
export interface WithEvidence extends FieldValues {
  evidence: EvidenceRow[];
}

/**
 * Evidence links as typed in a `useApiForm` form: a video (or clip) address and the time to look at, rows added
 * and removed; each row checked beside its fields, and the API's `evidence.{i}.url` refusals land there too.
 */
export function EvidenceFields<V extends WithEvidence>({ form, disabled }: { form: ApiForm<V>; disabled?: boolean }) {
  const rows = useFieldArray({ control: form.form.control, name: 'evidence' as FieldArrayPath<V> });
  const rowField = (index: number, part: keyof EvidenceRow) => `evidence.${index}.${part}` as FieldPath<V>;
  const checked = (index: number, part: keyof EvidenceRow) => (_value: unknown, values: V) => checkEvidence(values.evidence)[`evidence.${index}.${part}`] ?? true;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Evidence links
      </Typography>
      {rows.fields.map((row, index) => (
        <Box key={row.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, mt: 1 }}>
          <TextField
            {...form.text(rowField(index, 'url'), { label: `Video or clip link ${index + 1}`, help: ' ', validate: checked(index, 'url') })}
            placeholder="https://…"
            size="small"
            fullWidth
            disabled={disabled}
            slotProps={{ htmlInput: { inputMode: 'url' } }}
          />
          <TextField
            {...form.text(rowField(index, 'time'), { label: `Time in video ${index + 1}`, help: 'mm:ss', validate: checked(index, 'time') })}
            size="small"
            disabled={disabled}
            sx={{ width: { xs: 'calc(100% - 48px)', sm: 150 }, flexShrink: 0 }}
          />
          <IconButton aria-label={`Remove link ${index + 1}`} onClick={() => rows.remove(index)} disabled={disabled}>
            <span aria-hidden>×</span>
          </IconButton>
        </Box>
      ))}
      <Button
        size="small"
        onClick={() => rows.append({ url: '', time: '' } as FieldArray<V, FieldArrayPath<V>>)}
        disabled={disabled || rows.fields.length >= 10}
        sx={{ mt: 0.5 }}
      >
        Add a link
      </Button>
    </Box>
  );
}
