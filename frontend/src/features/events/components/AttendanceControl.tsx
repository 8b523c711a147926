import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { driverDisplayName } from '@paddock/contracts/driver-name.js';
import { isTeamEvent, lineupLocksAt, seatsLeft } from '@paddock/contracts/events.js';
import { Alert, Button, Text, TextLink } from '../../../components/ui/index.js';
import { hasDriverProfile, sessionAtom } from '../../auth/index.js';
import { eventCommands } from '../api.js';
import { applyMyAttendance } from '../cache.js';
import type { EventDetailsDto } from '../types.js';
import { pathTo } from '../../../app/routes/routeTable.js';

export interface AttendanceControlProps {
  event: EventDetailsDto;
  now?: () => number;
}

/** Join / Leave for a signed-in driver with a completed profile; why not, for everyone else. */
export function AttendanceControl({ event, now = Date.now }: AttendanceControlProps) {
  const session = useAtomValue(sessionAtom);
  const queryClient = useQueryClient();
  // The answer's counts go straight into the cache; the pushed message then brings who is in.
  const change = useMutation({
    mutationFn: (attending: boolean) => eventCommands.setMyAttendance(event.id, attending),
    onSuccess: (answer) => {
      const profile = session.user && hasDriverProfile(session.user.driverProfile) ? session.user.driverProfile : null;
      if (!profile) return;
      applyMyAttendance(queryClient, answer, { profileId: profile.id, driverNumber: profile.driverNumber, driverName: driverDisplayName(profile), team: null });
    },
  });
  const busy = change.isPending;
  const attending = session.profileId !== null && event.attendance.some((attendee) => attendee.profileId === session.profileId);
  const started = new Date(event.date).getTime() <= now();
  const full = seatsLeft(event.seats, event.attendanceCount) === 0;

  if (!session.loggedIn) return <Text tone="secondary">Sign in with Discord to join this event.</Text>;
  if (!session.profileCompleted) {
    return (
      <Alert severity="info">
        <TextLink to={pathTo('Profile')}>Complete your driver profile</TextLink> to join events.
      </Alert>
    );
  }
  if (started) return <Text tone="secondary">{attending ? 'You are in this event. ' : ''}Sign-ups are closed: the event has started.</Text>;
  // TEAM and LVL events: a captain enters the team's drivers; a driver may only step out, before the line-up locks.
  if (isTeamEvent(event) && !attending) return <Text tone="secondary">Team event: a team captain enters the drivers who race it.</Text>;
  if (isTeamEvent(event) && lineupLocksAt(event).getTime() <= now()) {
    return <Text tone="secondary">You are in this event. The line-up is locked: ask an organizer for changes.</Text>;
  }

  return attending ? (
    <Button variant="outlined" color="error" disabled={busy} onClick={() => change.mutate(false)}>
      Leave event
    </Button>
  ) : (
    <Button variant="contained" disabled={busy || full} onClick={() => change.mutate(true)}>
      {full ? 'Event full' : 'Join event'}
    </Button>
  );
}
