import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { RivalTimeDto } from '@paddock/contracts/rivals.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { showTime } from '../../../components/dateTime.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { usePaging } from '../../../components/usePaging.js';
import { useRoom } from '../../../lib/realtime/useRoom.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { rivalsKeys, rivalsQueries, useRejectTime, useVerifyTime } from '../api.js';
import { PLATFORM_LABELS, trackLabel } from '../labels.js';

const REASON_MIN = 3;

function RejectDialog({ time, onClose }: { time: RivalTimeDto; onClose: () => void }) {
  const titleId = useId();
  const rejectTime = useRejectTime();
  const { onSubmit, busy, status, text } = useApiForm<{ reason: string }, RivalTimeDto>({
    defaultValues: { reason: '' },
    submit: ({ reason }, key) => rejectTime(time.id, reason.trim(), key),
    onSaved: onClose,
    notSaved: 'The time could not be rejected',
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>
          Reject {time.profile.name}'s {time.timeAsText}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            {...text('reason', {
              label: 'Reason',
              required: true,
              validate: (reason) => reason.trim().length >= REASON_MIN || 'Say why, in a few words: the driver sees this reason',
              help: 'The driver sees this reason beside the time.',
            })}
            sx={{ mt: 1 }}
          />
          <FormStatusMessage status={status} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            Reject
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Stewards: console times waiting for a check of their proof, oldest first, verified or rejected here; the queue follows live. */
export default function ProvisionalTimesPage() {
  const verifyTime = useVerifyTime();
  const { paging, request, setPaging } = usePaging();
  const queue = useQuery(rivalsQueries.queue(request.pageNumber, request.pageSize));
  useRoom('flag:isSteward', rivalsKeys.queue);
  const [rejecting, setRejecting] = useState<RivalTimeDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: (id: number) => verifyTime(id),
    onSuccess: () => setFailure(null),
    onError: (error) => setFailure(failureMessage(error, 'The time could not be verified')),
  });

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Provisional times</PageTitle>
      <Typography color="text.secondary" gutterBottom>
        Check that the proof shows the time, the track and the car. Times are in your time zone.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {queue.isPending ? (
        <Typography role="status">Loading the queue…</Typography>
      ) : queue.isError ? (
        <EmptyState title="The queue could not be loaded" />
      ) : queue.data.content.length === 0 ? (
        <EmptyState title="No times waiting">New console times appear here as drivers send them.</EmptyState>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Provisional times">
              <TableHeader columns={['Driver', 'Track', 'Car', 'Platform', { label: 'Time', align: 'right' }, 'Proof', 'Sent', 'Decision']} />
              <TableBody>
                {queue.data.content.map((time) => (
                  <TableRow key={time.id}>
                    <TableCell component="th" scope="row">
                      {time.profile.name}
                    </TableCell>
                    <TableCell>{trackLabel(time.track)}</TableCell>
                    <TableCell>{time.car.name}</TableCell>
                    <TableCell>{PLATFORM_LABELS[time.platform]}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {time.timeAsText}
                      {time.conditions === 'WET' ? ' (wet)' : ''}
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                        {time.screenshot && (
                          <Link href={time.screenshot} target="_blank" rel="noopener noreferrer">
                            Screenshot
                          </Link>
                        )}
                        {time.videoUrl && (
                          <Link href={time.videoUrl} target="_blank" rel="noopener noreferrer">
                            Video
                          </Link>
                        )}
                      </Box>
                    </TableCell>
                    <TableCell>{showTime(time.setAt).short}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 1 }}>
                        <Button
                          size="small"
                          variant="contained"
                          disabled={verify.isPending}
                          onClick={() => verify.mutate(time.id)}
                          aria-label={`Verify ${time.profile.name}'s ${time.timeAsText}`}
                        >
                          Verify
                        </Button>
                        <Button size="small" color="error" onClick={() => setRejecting(time)} aria-label={`Reject ${time.profile.name}'s ${time.timeAsText}`}>
                          Reject
                        </Button>
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination label="Queue pages" paging={paging} totalElements={queue.data.totalElements} onChange={setPaging} />
        </>
      )}
      {rejecting && <RejectDialog time={rejecting} onClose={() => setRejecting(null)} />}
    </Container>
  );
}
