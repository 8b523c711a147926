import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TeamDto } from '@paddock/contracts/teams.js';
import { ApiError } from '../../../lib/api/client.js';
import type { AttendeeDto } from '../types.js';

/** The words of a refused change: the API's field messages, else its message. */
export function refusal(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const { message, errors } = error.body as { message?: unknown; errors?: Record<string, string[]> };
    if (errors && Object.keys(errors).length) return Object.values(errors).flat().join('; ');
    if (typeof message === 'string') return message;
  }
  return error instanceof Error ? error.message : 'Saving failed';
}

export interface TeamLineupEditorProps {
  team: TeamDto;
  /** Who is in the event now (any team). */
  attendance: AttendeeDto[];
  /** What the size rule says, shown above the drivers. */
  rule: string;
  /** Read-only (the line-up is locked for this viewer). */
  locked?: string;
  save: (profileIds: number[]) => Promise<unknown>;
}

/** One team's line-up for an event: its drivers as checkboxes, saved as a whole. */
export function TeamLineupEditor({ team, attendance, rule, locked, save }: TeamLineupEditorProps) {
  const entered = attendance.filter((attendee) => attendee.team?.id === team.id).map((attendee) => attendee.profileId);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<'lineup' | 'withdrawn' | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const selection = chosen ?? entered;
  const changed = chosen !== null && (chosen.length !== entered.length || chosen.some((id) => !entered.includes(id)));

  const submit = async (profileIds: number[]) => {
    setBusy(true);
    setFailure(null);
    setSaved(null);
    try {
      await save(profileIds);
      setChosen(null);
      setSaved(profileIds.length ? 'lineup' : 'withdrawn');
    } catch (error) {
      setFailure(refusal(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-label={`Line-up of ${team.name}`} sx={{ p: 2 }}>
      <Typography variant="h6" component="h3">
        {team.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {entered.length === 0 ? 'Not entered' : `${entered.length} driver${entered.length === 1 ? '' : 's'} entered`} · {rule}
      </Typography>
      {locked && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {locked}
        </Typography>
      )}
      <FormGroup aria-label={`Drivers of ${team.name}`}>
        {team.members.map((member) => (
          <FormControlLabel
            key={member.profileId}
            label={member.driverName}
            disabled={Boolean(locked) || busy}
            control={
              <Checkbox
                checked={selection.includes(member.profileId)}
                onChange={(event) => setChosen(event.target.checked ? [...selection, member.profileId] : selection.filter((profileId) => profileId !== member.profileId))}
              />
            }
          />
        ))}
      </FormGroup>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {saved && !changed && (
        <Typography role="status" variant="body2" color="success.main" sx={{ mt: 1 }}>
          {saved === 'lineup' ? 'Line-up saved' : `${team.name} withdrawn from this event`}
        </Typography>
      )}
      {!locked && (
        <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={busy || !changed} onClick={() => void submit(selection)}>
            {entered.length === 0 ? `Enter ${team.name}` : 'Save line-up'}
          </Button>
          {entered.length > 0 && (
            <Button color="error" disabled={busy} onClick={() => setConfirmWithdraw(true)}>
              Withdraw {team.name}
            </Button>
          )}
        </Box>
      )}
      <Dialog open={confirmWithdraw} onClose={() => setConfirmWithdraw(false)} aria-labelledby={`withdraw-${team.id}-title`}>
        <DialogTitle id={`withdraw-${team.id}-title`}>Withdraw {team.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {team.name} leaves this event and its {entered.length === 1 ? 'driver loses the seat' : `${entered.length} drivers lose their seats`}.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmWithdraw(false)}>Keep {team.name} in</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirmWithdraw(false);
              void submit([]);
            }}
          >
            Withdraw
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
