import { useFieldArray, type FieldArray, type FieldArrayPath, type FieldPath, type FieldValues } from 'react-hook-form';
import { CloseIcon } from '../../../components/icons.js';
import { Button, IconButton, Text, TextAnchor, TextField } from '../../../components/ui/index.js';
import type { ApiForm } from '../../../lib/forms/useApiForm.js';
import { checkEvidence, type EvidenceRow } from '../ticketForm.js';
import type { EvidenceLink } from '../types.js';
import './ticket.css';

/** Evidence links as read: each opens in a new tab, with where to look in it. */
export function EvidenceList({ evidence, label = 'Evidence' }: { evidence: EvidenceLink[]; label?: string }) {
  if (evidence.length === 0)
    return (
      <Text variant="body2" tone="secondary">
        No evidence links.
      </Text>
    );
  return (
    <ul aria-label={label} className="pd-ticket-bullets">
      {evidence.map((link, index) => (
        <li key={index}>
          <TextAnchor href={link.url} target="_blank" rel="noopener noreferrer" className="pd-ticket-evidence-link">
            {link.url}
          </TextAnchor>
          {link.time && <Text as="span" variant="body2">{` at ${link.time}`}</Text>}
        </li>
      ))}
    </ul>
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
    <fieldset className="pd-ticket-evidence">
      <Text as="legend" variant="subtitle2">
        Evidence links
      </Text>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="pd-ticket-evidence-row">
          <TextField
            {...form.text(rowField(index, 'url'), { label: `Video or clip link ${index + 1}`, help: ' ', validate: checked(index, 'url') })}
            placeholder="https://…"
            size="small"
            inputMode="url"
            disabled={disabled}
            className="pd-ticket-evidence-url"
          />
          <TextField
            {...form.text(rowField(index, 'time'), { label: `Time in video ${index + 1}`, help: 'mm:ss', validate: checked(index, 'time') })}
            size="small"
            disabled={disabled}
            className="pd-ticket-evidence-time"
          />
          <IconButton aria-label={`Remove link ${index + 1}`} onClick={() => rows.remove(index)} disabled={disabled} className="pd-ticket-remove">
            <CloseIcon fontSize="small" />
          </IconButton>
        </div>
      ))}
      <Button
        size="small"
        onClick={() => rows.append({ url: '', time: '' } as FieldArray<V, FieldArrayPath<V>>)}
        disabled={disabled || rows.fields.length >= 10}
        className="pd-ticket-add"
      >
        Add a link
      </Button>
    </fieldset>
  );
}
