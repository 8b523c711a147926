import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { HeadlineDto } from '@paddock/contracts/client-events.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { communityQueries, useCreateHeadline, useRemoveHeadline, useReorderHeadlines, useUpdateHeadline } from '../api.js';

export const HEADLINE_MAX_LENGTH = 200;

/** What is wrong with a filled headline's text, in words, or null (an empty one is the form's required check). */
export function headlineProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > HEADLINE_MAX_LENGTH) return `At most ${HEADLINE_MAX_LENGTH} characters (this one has ${trimmed.length})`;
  return null;
}

/** A headline's text as a form: checked before it is sent, the API's refusal beside the text, the count under it. */
function HeadlineForm({
  formLabel,
  label,
  initial,
  save,
  notSaved,
  submitLabel,
  onSaved,
  onCancel,
}: {
  formLabel: string;
  label: string;
  initial: string;
  save: (text: string, idempotencyKey: string) => Promise<HeadlineDto>;
  notSaved: string;
  submitLabel: string;
  onSaved: (reset: () => void) => void;
  onCancel?: () => void;
}) {
  const headline = useApiForm<{ text: string }, HeadlineDto>({
    defaultValues: { text: initial },
    submit: ({ text }, key) => save(text.trim(), key),
    onSaved: () => onSaved(() => headline.form.reset({ text: '' })),
    notSaved,
  });
  const { onSubmit, busy, status, text, form } = headline;
  const length = form.watch('text').trim().length;
  return (
    <Paper component="form" variant="outlined" aria-label={formLabel} noValidate onSubmit={onSubmit} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <TextField
        size="small"
        fullWidth
        autoFocus={Boolean(onCancel)}
        {...text('text', { label, required: true, validate: (value) => headlineProblem(value) ?? true, help: `${length}/${HEADLINE_MAX_LENGTH}` })}
      />
      <FormStatusMessage status={status} flush />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Box>
    </Paper>
  );
}

function NewHeadline() {
  const createHeadline = useCreateHeadline();
  return (
    <Box sx={{ mb: 3 }}>
      <HeadlineForm
        formLabel="New headline"
        label="New headline"
        initial=""
        save={createHeadline}
        notSaved="The headline was not added"
        submitLabel="Add headline"
        onSaved={(reset) => reset()}
      />
    </Box>
  );
}

function HeadlineRow({
  headline,
  index,
  count,
  busy,
  onMove,
  onDelete,
}: {
  headline: HeadlineDto;
  index: number;
  count: number;
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onDelete: (headline: HeadlineDto) => void;
}) {
  const updateHeadline = useUpdateHeadline();
  const [editing, setEditing] = useState(false);
  const short = headline.text.length > 40 ? `${headline.text.slice(0, 40)}…` : headline.text;

  if (editing) {
    return (
      <li>
        <HeadlineForm
          formLabel={`Edit headline ${index + 1}`}
          label={`Headline ${index + 1}`}
          initial={headline.text}
          save={(text, key) => updateHeadline(headline.id, text, key)}
          notSaved="The headline was not saved"
          submitLabel="Save"
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography sx={{ flex: '1 1 240px', overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
          {index + 1}.
        </Box>
        {headline.text}
      </Typography>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button size="small" disabled={busy || index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Move up: ${short}`}>
          Up
        </Button>
        <Button size="small" disabled={busy || index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={`Move down: ${short}`}>
          Down
        </Button>
        <Button size="small" onClick={() => setEditing(true)} aria-label={`Edit: ${short}`}>
          Edit
        </Button>
        <Button size="small" color="error" disabled={busy} onClick={() => onDelete(headline)} aria-label={`Delete: ${short}`}>
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}

/** Admin-Headlines: the header banner's headlines — added, edited, put in order and deleted; every open browser follows. */
export default function HeadlinesAdminPage() {
  const reorderHeadlines = useReorderHeadlines();
  const removeHeadline = useRemoveHeadline();
  const headlines = useQuery(communityQueries.headlines());
  const [deleting, setDeleting] = useState<HeadlineDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reorder = useMutation({
    mutationFn: (ids: number[]) => reorderHeadlines(ids),
    onSuccess: () => setFailure(null),
    onError: (error) => setFailure(failureMessage(error, 'The order was not saved')),
  });
  const remove = useMutation({
    mutationFn: (headline: HeadlineDto) => removeHeadline(headline.id),
    onSuccess: () => {
      setFailure(null);
      setDeleting(null);
    },
    onError: (error) => {
      setDeleting(null);
      setFailure(failureMessage(error, 'The headline was not deleted'));
    },
  });
  const list = headlines.data ?? [];
  const move = (from: number, to: number) => {
    const ids = list.map((headline) => headline.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    reorder.mutate(ids);
  };

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>Headlines</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        They run in this order in the banner under the header, for everyone, as soon as you change them.
      </Typography>
      <NewHeadline />
      <Box role="status" aria-live="polite">
        {failure && (
          <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
      </Box>
      {headlines.isPending ? (
        <CenteredLoader label="Loading headlines" />
      ) : headlines.isError ? (
        <Alert severity="error">The headlines could not be loaded. Try again in a moment.</Alert>
      ) : list.length === 0 ? (
        <EmptyState title="No headlines: the banner is hidden" />
      ) : (
        <Stack component="ol" spacing={1} aria-label="Headlines in order" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((headline, index) => (
            <HeadlineRow
              key={`${headline.id}:${headline.updatedAt}`}
              headline={headline}
              index={index}
              count={list.length}
              busy={reorder.isPending || remove.isPending}
              onMove={move}
              onDelete={setDeleting}
            />
          ))}
        </Stack>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-headline-title" maxWidth="sm" fullWidth>
        <DialogTitle id="delete-headline-title">Delete this headline?</DialogTitle>
        <DialogContent>
          <DialogContentText>“{deleting?.text}” leaves the banner for everyone at once.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Keep it</Button>
          <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
