import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { showTime } from '../../../components/dateTime.js';
import { ApiError } from '../../../lib/api/client.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { competitionQueries, useConfirmLiveDraft, type RaceRef } from '../api.js';
import { applyOwnResults } from '../cache.js';
import type { RaceResultsDto } from '../types.js';
import { NOTHING_CHANGED, PreviewLines, decisionsComplete, decisionsOf, stillUndecided, useDriverDecisions } from './ImportPanel.js';

export interface LiveDraftPanelProps {
  race: RaceRef;
  onConfirmed: (results: RaceResultsDto) => void;
}

/**
 * The race's results as live timing classified them at the flag: the lines as an import preview (each
 * driver matched as a file's are, the others decided the same way), and Confirm, which saves them as the
 * race's next revision. Nothing shows for a race without a live draft.
 */
export function LiveDraftPanel({ race, onConfirmed }: LiveDraftPanelProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const draft = useQuery(competitionQueries.liveDraft(race));
  const confirmDraft = useConfirmLiveDraft();
  const decisions = useDriverDecisions(draft.data?.preview ?? null);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (!draft.data) return null;
  const { preview, confirmedAt } = draft.data;

  const confirm = async (confirmMismatch: boolean) => {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const answer = await confirmDraft(race, { decisions: decisionsOf(decisions.chosen), confirmMismatch });
      setMismatch(null);
      if (answer.unchanged) setDone(NOTHING_CHANGED);
      else if (answer.results) {
        applyOwnResults(queryClient, race, answer.results);
        onConfirmed(answer.results);
        setDone(`Confirmed the live draft as revision ${answer.results.revision ?? '?'}.`);
      } else {
        setFailure(stillUndecided(answer.unmatched));
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && !confirmMismatch) setMismatch(failureMessage(error, 'The live draft is not for this race'));
      else setFailure(failureMessage(error, 'The live draft was not confirmed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h3" gutterBottom>
        Live draft from the flag
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {preview.gameName}
        {preview.trackName ? `, ${preview.trackName}` : ''}: classified by live timing at {showTime(draft.data.storedAt).dateTime}.{' '}
        {confirmedAt ? `Confirmed ${showTime(confirmedAt).dateTime}.` : 'Confirm it to save it as the race’s results, or import the server’s file to compare.'}
      </Typography>
      {preview.unchanged && (
        <Alert severity="info" sx={{ my: 1 }}>
          The race’s results are already this draft.
        </Alert>
      )}
      <PreviewLines preview={preview} label="Lines of the live draft" decisions={decisions} />
      {mismatch && (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" disabled={busy} onClick={() => void confirm(true)}>
              Confirm anyway
            </Button>
          }
        >
          {mismatch}
        </Alert>
      )}
      <Box sx={{ mt: 1 }}>
        <Button variant="contained" disabled={busy || !decisionsComplete(preview, decisions.chosen)} onClick={() => void confirm(false)}>
          Confirm
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {done && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {done}
        </Alert>
      )}
    </Paper>
  );
}
