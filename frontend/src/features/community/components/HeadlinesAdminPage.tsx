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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeadlineDto } from '@paddock/contracts/client-events.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { communityCommands, communityKeys, communityQueries } from '../api.js';

export const HEADLINE_MAX_LENGTH = 200;

/** What is wrong with a headline's text, in words, or null. */
export function headlineProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'Write the headline first';
  if (trimmed.length > HEADLINE_MAX_LENGTH) return `At most ${HEADLINE_MAX_LENGTH} characters (this one has ${trimmed.length})`;
  return null;
}

/** A headline's text field with its check, shown once the admin tried to save. */
function HeadlineText({
  label,
  value,
  onChange,
  tried,
  autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  tried: boolean;
  autoFocus?: boolean;
}) {
  const problem = tried ? headlineProblem(value) : null;
  return (
    <TextField
      label={label}
      size="small"
      required
      fullWidth
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problem)}
      helperText={problem ?? `${value.trim().length}/${HEADLINE_MAX_LENGTH}`}
    />
  );
}

function NewHeadline() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const create = useMutation({
    mutationFn: () => communityCommands.createHeadline(text.trim()),
    onSuccess: () => {
      setText('');
      setTried(false);
      void queryClient.invalidateQueries({ queryKey: communityKeys.headlines });
    },
  });
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label="New headline"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!headlineProblem(text)) create.mutate();
      }}
      sx={{ p: 2, mb: 3, display: 'grid', gap: 1.5 }}
    >
      <HeadlineText label="New headline" value={text} onChange={setText} tried={tried} />
      {create.isError && <Alert severity="error">{failureMessage(create.error, 'The headline was not added')}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Add headline
        </Button>
      </Box>
    </Paper>
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
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(headline.text);
  const [tried, setTried] = useState(false);
  const update = useMutation({
    mutationFn: () => communityCommands.updateHeadline(headline.id, text.trim()),
    onSuccess: () => {
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: communityKeys.headlines });
    },
  });
  const short = headline.text.length > 40 ? `${headline.text.slice(0, 40)}…` : headline.text;

  if (editing) {
    return (
      <li>
        <Paper
          component="form"
          variant="outlined"
          aria-label={`Edit headline ${index + 1}`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (!headlineProblem(text)) update.mutate();
          }}
          sx={{ p: 2, display: 'grid', gap: 1.5 }}
        >
          <HeadlineText label={`Headline ${index + 1}`} value={text} onChange={setText} tried={tried} autoFocus />
          {update.isError && <Alert severity="error">{failureMessage(update.error, 'The headline was not saved')}</Alert>}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              Save
            </Button>
            <Button
              onClick={() => {
                setEditing(false);
                setText(headline.text);
                setTried(false);
                update.reset();
              }}
            >
              Cancel
            </Button>
          </Box>
        </Paper>
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
  const queryClient = useQueryClient();
  const headlines = useQuery(communityQueries.headlines());
  const [deleting, setDeleting] = useState<HeadlineDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reorder = useMutation({
    mutationFn: communityCommands.reorderHeadlines,
    onSuccess: (list) => {
      setFailure(null);
      queryClient.setQueryData(communityKeys.headlines, list);
    },
    onError: (error) => {
      setFailure(failureMessage(error, 'The order was not saved'));
      void queryClient.invalidateQueries({ queryKey: communityKeys.headlines });
    },
  });
  const remove = useMutation({
    mutationFn: (headline: HeadlineDto) => communityCommands.removeHeadline(headline.id),
    onSuccess: () => {
      setFailure(null);
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: communityKeys.headlines });
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
