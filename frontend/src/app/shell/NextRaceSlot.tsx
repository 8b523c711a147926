import { useEffect } from 'react';
import Button from '@mui/material/Button';
import { useAtomValue, useStore } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { nextPlannedEventAtom } from '../../features/events/atoms.js';
import { eventLinkTarget } from '../../features/events/eventLinkTarget.js';
import { nextRaceLabel } from '../../features/events/nextRaceLabel.js';
import { watchNextPlannedEvent } from '../../features/events/shellEvents.js';
import { showTime } from '../../components/dateTime.js';
import { FlagIcon } from '../../components/icons.js';

/** The header's next planned race (SPEC §2): nothing when none is planned. */
export function NextRaceSlot() {
  const store = useStore();
  useEffect(() => watchNextPlannedEvent(store), [store]);
  const event = useAtomValue(nextPlannedEventAtom);
  if (!event) return null;
  const label = nextRaceLabel(event);
  return (
    <Button color="inherit" component={RouterLink} to={eventLinkTarget(event)} startIcon={<FlagIcon />} sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}>
      Next race: {label ? `${label} · ` : ''}
      {showTime(event.date).short}
    </Button>
  );
}
