import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { seatsLeft } from '../../../../../backend/src/contracts/events.js';
import { sessionAtom } from '../../auth/atoms.js';
import { eventsApi } from '../api.js';
import type { AttendanceCountDto, EventDetailsDto } from '../types.js';

export interface AttendanceControlProps {
  event: EventDetailsDto;
  /** The new counts after a change (the page also hears them pushed). */
  onChanged: (counts: AttendanceCountDto) => void;
  now?: () => number;
}

/** Join / Leave for a signed-in driver with a completed profile; why not, for everyone else. */
export function AttendanceControl({ event, onChanged, now = Date.now }: AttendanceControlProps) {
  const session = useAtomValue(sessionAtom);
  const [busy, setBusy] = useState(false);
  const attending = session.profileId !== null && event.attendance.some((attendee) => attendee.profileId === session.profileId);
  const started = new Date(event.date).getTime() <= now();
  const full = seatsLeft(event.seats, event.attendanceCount) === 0;

  if (!session.loggedIn) return <Typography color="text.secondary">Sign in with Discord to join this event.</Typography>;
  if (!session.profileCompleted) {
    return (
      <Alert severity="info">
        <Link component={RouterLink} to="/profile">
          Complete your driver profile
        </Link>{' '}
        to join events.
      </Alert>
    );
  }
  if (started) return <Typography color="text.secondary">{attending ? 'You are in this event. ' : ''}Sign-ups are closed: the event has started.</Typography>;

  const change = (next: boolean) => {
    setBusy(true);
    eventsApi
      .setMyAttendance(event.id, next)
      .then(onChanged, () => undefined)
      .finally(() => setBusy(false));
  };
  return attending ? (
    <Button variant="outlined" color="error" disabled={busy} onClick={() => change(false)}>
      Leave event
    </Button>
  ) : (
    <Button variant="contained" disabled={busy || full} onClick={() => change(true)}>
      {full ? 'Event full' : 'Join event'}
    </Button>
  );
}
