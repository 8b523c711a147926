import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { liveEventAvailableAtom } from '../../features/events/atoms.js';
import { LiveIcon } from '../../components/icons.js';
import { pathTo } from '../routes/routeTable.js';

/** Opens the live race; disabled while no event is live (SPEC §2). */
export function LiveRaceButton() {
  const live = useAtomValue(liveEventAvailableAtom);
  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<LiveIcon />}
      disabled={!live}
      aria-label="Live race"
      {...(live ? { component: RouterLink, to: pathTo('Live') } : {})}
      sx={{ '&.Mui-disabled': { color: 'inherit', opacity: 0.6, borderColor: 'currentColor' } }}
    >
      Live
    </Button>
  );
}
