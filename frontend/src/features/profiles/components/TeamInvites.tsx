import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../auth/index.js';
import { teamQueries, useRespondToInvite } from '../../teams/index.js';
import { Alert, Button, Paper, Text } from '../../../components/ui/index.js';
import { refreshCurrentUser } from '../cache.js';
import './profile.css';

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
    <Paper as="section" className="pd-profile-part" aria-label="Team invitations">
      <Text variant="h6" as="h2" gutterBottom>
        Team invitations
      </Text>
      {invites.data.map((invite) => (
        <Alert
          key={invite.teamId}
          severity="info"
          className="pd-profile-invite"
          action={
            <div className="pd-profile-invite-actions">
              <Button size="small" variant="contained" disabled={busy === invite.teamId} onClick={() => void respond(invite.teamId, true)}>
                Accept
              </Button>
              <Button size="small" disabled={busy === invite.teamId} onClick={() => void respond(invite.teamId, false)}>
                Decline
              </Button>
            </div>
          }
        >
          {invite.teamName} invites you to drive for them.
        </Alert>
      ))}
    </Paper>
  );
}
