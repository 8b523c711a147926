import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { PublicProfileDto } from '@paddock/contracts/profiles.js';
import { sessionAtom } from '../../auth/index.js';
import { profileQueries, usePromoteDriver } from '../../profiles/index.js';
import type { EventDetailsDto } from '../types.js';
import { refusal } from '../teams/TeamLineupEditor.js';

/** One NEW driver of the assessment with the Promote button. */
function NewDriver({ profile }: { profile: PublicProfileDto }) {
  const promoteDriver = usePromoteDriver();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const promote = async () => {
    setBusy(true);
    setFailure(null);
    try {
      // The driver leaves this list at once (usePromoteDriver marks the profile).
      await promoteDriver(profile.id);
    } catch (error) {
      setFailure(refusal(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <Button variant="contained" size="small" disabled={busy} onClick={() => void promote()} aria-label={`Promote ${profile.driverName}`}>
          Promote
        </Button>
      }
    >
      <ListItemText primary={profile.driverName} secondary={failure ?? 'New driver'} slotProps={{ secondary: failure ? { color: 'error' } : undefined }} />
    </ListItem>
  );
}

/**
 * On an assessment event's page, organizers see the drivers still NEW among those in the event, each
 * with Promote (the driver passed: NEW is removed and their menus change live).
 */
export function NewDriversPanel({ event }: { event: EventDetailsDto }) {
  const session = useAtomValue(sessionAtom);
  const show = session.isOrganizer && event.assessmentEvent;
  const profiles = useQueries({
    queries: (show ? event.attendance : []).map((attendee) => profileQueries.publicProfile(attendee.profileId)),
  });
  if (!show) return null;
  const newDrivers = profiles.flatMap((query) => (query.data?.isNew ? [query.data] : []));
  const loading = profiles.some((query) => query.isPending);
  return (
    <Box component="section" aria-label="New drivers" sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        New drivers
      </Typography>
      {newDrivers.length === 0 ? (
        <Typography color="text.secondary">{loading ? 'Looking for new drivers…' : 'No new drivers in this assessment.'}</Typography>
      ) : (
        <List dense aria-label="New drivers to promote" sx={{ maxWidth: 560 }}>
          {newDrivers.map((profile) => (
            <NewDriver key={profile.id} profile={profile} />
          ))}
        </List>
      )}
    </Box>
  );
}

/** A driver on an assessment's page learns where they stand; it changes live when an organizer promotes them. */
export function AssessmentStanding({ event }: { event: EventDetailsDto }) {
  const session = useAtomValue(sessionAtom);
  if (!event.assessmentEvent || !session.loggedIn || !session.profileCompleted) return null;
  return session.IsNew ? (
    <Alert severity="info" sx={{ mt: 2 }} role="status">
      You are a new driver: race an assessment and an organizer promotes you, opening every competition to you.
    </Alert>
  ) : (
    <Alert severity="success" sx={{ mt: 2 }} role="status">
      You are a full league driver: every competition is open to you.
    </Alert>
  );
}
