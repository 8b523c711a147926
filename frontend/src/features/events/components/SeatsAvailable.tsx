import Chip from '@mui/material/Chip';
import { seatsLeft } from '../../../../../backend/src/contracts/events.js';

/** Seats available = seats − attendance count (SPEC §2); 'Full' when none are left. */
export function SeatsAvailable({ seats, attendanceCount, size = 'small' }: { seats: number; attendanceCount: number; size?: 'small' | 'medium' }) {
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
