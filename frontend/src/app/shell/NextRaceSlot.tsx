import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { nextPlannedEventAtom } from '../../features/events/atoms.js';
import { eventLinkTarget } from '../../features/events/eventLinkTarget.js';
import { nextRaceLabel } from '../../features/events/nextRaceLabel.js';
import { FlagIcon } from '../../components/icons.js';

function formatRaceDate(date: string): string {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return '';
  return parsed.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** The header's next planned race (SPEC §2); empty until the events issue loads one into the atom. */
export function NextRaceSlot() {
  const event = useAtomValue(nextPlannedEventAtom);
  if (!event) return null;
  return (
    <Button color="inherit" component={RouterLink} to={eventLinkTarget(event)} startIcon={<FlagIcon />} sx={{ textTransform: 'none' }}>
      Next race: {nextRaceLabel(event)} · {formatRaceDate(event.date)}
    </Button>
  );
}
