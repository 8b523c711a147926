import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EvidenceRow, FieldMessages } from '../ticketForm.js';
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

export interface EvidenceFieldsProps {
  rows: EvidenceRow[];
  onChange: (rows: EvidenceRow[]) => void;
  errors: FieldMessages;
  disabled?: boolean;
}

/** Evidence links as typed: a video (or clip) address and the time to look at, rows added and removed. */
export function EvidenceFields({ rows, onChange, errors, disabled }: EvidenceFieldsProps) {
  const set = (index: number, change: Partial<EvidenceRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Evidence links
      </Typography>
      {rows.map((row, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, mt: 1 }}>
          <TextField
            label={`Video or clip link ${index + 1}`}
            value={row.url}
            onChange={(event) => set(index, { url: event.target.value })}
            error={Boolean(errors[`evidence.${index}.url`])}
            helperText={errors[`evidence.${index}.url`] ?? ' '}
            placeholder="https://…"
            size="small"
            fullWidth
            disabled={disabled}
            slotProps={{ htmlInput: { inputMode: 'url' } }}
          />
          <TextField
            label={`Time in video ${index + 1}`}
            value={row.time}
            onChange={(event) => set(index, { time: event.target.value })}
            error={Boolean(errors[`evidence.${index}.time`])}
            helperText={errors[`evidence.${index}.time`] ?? 'mm:ss'}
            size="small"
            disabled={disabled}
            sx={{ width: { xs: 'calc(100% - 48px)', sm: 150 }, flexShrink: 0 }}
          />
          <IconButton aria-label={`Remove link ${index + 1}`} onClick={() => onChange(rows.filter((_row, at) => at !== index))} disabled={disabled}>
            <span aria-hidden>×</span>
          </IconButton>
        </Box>
      ))}
      <Button size="small" onClick={() => onChange([...rows, { url: '', time: '' }])} disabled={disabled || rows.length >= 10} sx={{ mt: 0.5 }}>
        Add a link
      </Button>
    </Box>
  );
}
