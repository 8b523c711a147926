import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { eventQueries } from '../../features/events/index.js';
import { LiveIcon } from '../../components/icons.js';
import { pathTo } from '../routes/routeTable.js';

/** Opens the live race; disabled while no event is live (SPEC §2), switched live by `live.changed`. */
export function LiveRaceButton() {
  const { data: live = false } = useQuery({ ...eventQueries.live(), select: (answer) => answer.event !== null });
  return (
    <Button
      color="inherit"
      variant={live ? 'contained' : 'outlined'}
      size="small"
      startIcon={<LiveIcon />}
      disabled={!live}
      aria-label="Live race"
      {...(live ? { component: RouterLink, to: pathTo('Live') } : {})}
      sx={{
        '&.Mui-disabled': { color: 'inherit', opacity: 0.6, borderColor: 'currentColor' },
        ...(live ? { bgcolor: 'error.main', color: 'error.contrastText', '&:hover': { bgcolor: 'error.dark' } } : {}),
      }}
    >
      Live
    </Button>
  );
}
