import { useQuery } from '@tanstack/react-query';
import { eventQueries } from '../../features/events/index.js';
import { LiveIcon } from '../../components/icons.js';
import { Button, ButtonLink } from '../../components/ui/index.js';
import { pathTo } from '../routes/routeTable.js';

/** Opens the live race; disabled while no event is live (SPEC §2), switched live by `live.changed`. */
export function LiveRaceButton() {
  const { data: live = false } = useQuery({ ...eventQueries.live(), select: (answer) => answer.event !== null });
  if (live)
    return (
      <ButtonLink variant="contained" color="error" size="small" startIcon={<LiveIcon />} aria-label="Live race" to={pathTo('Live')} className="pd-live-btn">
        Live
      </ButtonLink>
    );
  return (
    <Button variant="outlined" color="inherit" size="small" startIcon={<LiveIcon />} aria-label="Live race" disabled className="pd-live-btn">
      Live
    </Button>
  );
}
