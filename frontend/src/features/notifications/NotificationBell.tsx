import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../app/routes/routeTable.js';
import { BellIcon } from '../../components/icons.js';
import { sessionAtom } from '../auth/index.js';
import { notificationQueries } from './api.js';

/** The header's bell for a signed-in user: the unread count (kept live by `notifications.changed`), a link to the centre. */
export function NotificationBell() {
  const { loggedIn } = useAtomValue(sessionAtom);
  const { data } = useQuery(notificationQueries.unread(loggedIn));
  if (!loggedIn) return null;
  const unread = data?.unread ?? 0;
  return (
    <RouterLink className="pd-bell" to={pathTo('Notifications')} aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'} data-testid="notification-bell">
      <BellIcon />
      {unread > 0 && (
        <span className="pd-bell-count" aria-hidden>
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </RouterLink>
  );
}
