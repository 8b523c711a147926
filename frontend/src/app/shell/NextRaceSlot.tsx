import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { eventLinkTarget, nextRaceLabel, useNextPlannedEvent } from '../../features/events/index.js';
import { showTime } from '../../components/dateTime.js';
import { FlagIcon } from '../../components/icons.js';

/**
 * The header's next planned race (SPEC §2): nothing when none is planned. In the top bar on wide
 * screens, at the top of the navigation drawer on narrow ones (`onNavigate` closes the drawer).
 */
export function NextRaceSlot({ onNavigate }: { onNavigate?: () => void }) {
  const { event } = useNextPlannedEvent();
  if (!event) return null;
  const label = nextRaceLabel(event);
  const inDrawer = onNavigate !== undefined;
  return (
    <Button
      color={inDrawer ? 'primary' : 'inherit'}
      component={RouterLink}
      to={eventLinkTarget(event)}
      onClick={onNavigate}
      startIcon={<FlagIcon />}
      sx={inDrawer ? { textTransform: 'none', justifyContent: 'flex-start', textAlign: 'left' } : { textTransform: 'none', whiteSpace: 'nowrap' }}
    >
      Next race: {label ? `${label} · ` : ''}
      {showTime(event.date).short}
    </Button>
  );
}
