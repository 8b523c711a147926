import { eventLinkTarget, nextRaceLabel, useNextPlannedEvent } from '../../features/events/index.js';
import { showTime } from '../../components/dateTime.js';
import { FlagIcon } from '../../components/icons.js';
import { ButtonLink } from '../../components/ui/index.js';

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
    <ButtonLink
      color={inDrawer ? 'primary' : 'inherit'}
      to={eventLinkTarget(event)}
      onClick={onNavigate}
      startIcon={<FlagIcon />}
      className={inDrawer ? 'pd-header-next-race pd-header-next-race--drawer' : 'pd-header-next-race pd-nowrap'}
    >
      <span className="pd-header-next-race-label">
        Next race: {label ? `${label} · ` : ''}
        {showTime(event.date).short}
      </span>
    </ButtonLink>
  );
}
