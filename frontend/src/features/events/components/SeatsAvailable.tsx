import { seatsLeft } from '@paddock/contracts/events.js';
import { Chip } from '../../../components/ui/index.js';

/** Whether an event's start has passed (and it is not running live now): its seats no longer matter, who raced does. */
export function isPastEvent(event: { date: string; live: boolean }, now = Date.now()): boolean {
  return !event.live && Date.parse(event.date) < now;
}

/** "14 drivers raced" for a past event. */
export function racedLabel(count: number): string {
  return count === 0 ? 'No one raced' : `${count} ${count === 1 ? 'driver' : 'drivers'} raced`;
}

/** Seats available = seats − attendance count (SPEC §2); 'Full' when none are left; who raced once the event is past. */
export function SeatsAvailable({
  seats,
  attendanceCount,
  past = false,
  size = 'small',
}: {
  seats: number;
  attendanceCount: number;
  past?: boolean;
  size?: 'small' | 'medium';
}) {
  if (past) return <Chip size={size} variant="outlined" label={racedLabel(attendanceCount)} data-testid="seats-available" />;
  const left = seatsLeft(seats, attendanceCount);
  return (
    <Chip
      size={size}
      color={left === 0 ? 'default' : 'success'}
      variant={left === 0 ? 'filled' : 'outlined'}
      label={left === 0 ? `Full · ${seats} seats` : `${left} of ${seats} seats available`}
      data-testid="seats-available"
    />
  );
}
