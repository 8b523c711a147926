import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { showTime } from '../../../components/dateTime.js';
import { Alert, Button, Paper, Text } from '../../../components/ui/index.js';
import { ApiError } from '../../../lib/api/client.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { competitionQueries, useConfirmLiveDraft, type RaceRef } from '../api.js';
import { applyOwnResults } from '../cache.js';
import type { RaceResultsDto } from '../types.js';
import { NOTHING_CHANGED, PreviewLines, decisionsComplete, decisionsOf, stillUndecided, useDriverDecisions } from './ImportPanel.js';
import './results.css';

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
    <Paper as="section" aria-labelledby={titleId} className="pd-results-panel">
      <Text id={titleId} variant="h6" as="h3" gutterBottom>
        Live draft from the flag
      </Text>
      <Text variant="body2" tone="secondary" className="pd-results-lead">
        {preview.gameName}
        {preview.trackName ? `, ${preview.trackName}` : ''}: classified by live timing at {showTime(draft.data.storedAt).dateTime}.{' '}
        {confirmedAt ? `Confirmed ${showTime(confirmedAt).dateTime}.` : 'Confirm it to save it as the race’s results, or import the server’s file to compare.'}
      </Text>
      {preview.unchanged && (
        <Alert severity="info" className="pd-results-gap-around">
          The race’s results are already this draft.
        </Alert>
      )}
      <PreviewLines preview={preview} label="Lines of the live draft" decisions={decisions} />
      {mismatch && (
        <Alert
          severity="warning"
          className="pd-results-gap-above"
          action={
            <Button color="inherit" size="small" disabled={busy} onClick={() => void confirm(true)}>
              Confirm anyway
            </Button>
          }
        >
          {mismatch}
        </Alert>
      )}
      <div className="pd-results-gap-small">
        <Button variant="contained" disabled={busy || !decisionsComplete(preview, decisions.chosen)} onClick={() => void confirm(false)}>
          Confirm
        </Button>
      </div>
      {failure && (
        <Alert severity="error" role="alert" className="pd-results-gap-small">
          {failure}
        </Alert>
      )}
      {done && (
        <Alert severity="success" role="status" className="pd-results-gap-small">
          {done}
        </Alert>
      )}
    </Paper>
  );
}
