import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../auth/index.js';
import { teamQueries, useRespondToInvite } from '../../teams/index.js';
import { refreshCurrentUser } from '../cache.js';

/** The teams that invited the driver: accept (a seat in the team) or decline. New invitations arrive live. */
export function TeamInvites() {
  const { loggedIn } = useAtomValue(sessionAtom);
  const respondToInvite = useRespondToInvite();
  const invites = useQuery(teamQueries.invites(loggedIn));
  const [busy, setBusy] = useState<number | null>(null);
  if (!invites.data?.length) return null;

  const respond = async (teamId: number, accept: boolean) => {
    setBusy(teamId);
    try {
      await respondToInvite(teamId, accept);
      await refreshCurrentUser();
    } catch {
      // The Error dialog has said why (e.g. already in another team of this game).
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Team invitations">
      <Typography variant="h6" component="h2" gutterBottom>
        Team invitations
      </Typography>
      {invites.data.map((invite) => (
        <Alert
          key={invite.teamId}
          severity="info"
          sx={{ mb: 1, '& .MuiAlert-action': { alignItems: 'center' } }}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" variant="contained" disabled={busy === invite.teamId} onClick={() => void respond(invite.teamId, true)}>
                Accept
              </Button>
              <Button size="small" disabled={busy === invite.teamId} onClick={() => void respond(invite.teamId, false)}>
                Decline
              </Button>
            </Box>
          }
        >
          {invite.teamName} invites you to drive for them.
        </Alert>
      ))}
    </Paper>
  );
}
