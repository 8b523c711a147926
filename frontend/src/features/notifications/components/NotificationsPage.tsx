import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { NOTIFICATION_KIND_LABELS, type NotificationDto } from '@paddock/contracts/notifications.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { showTime } from '../../../components/dateTime.js';
import { usePaging } from '../../../components/usePaging.js';
import { notificationQueries, useMarkAllRead, useMarkRead } from '../api.js';

function NotificationRow({ notification, onOpen, onMarkRead, busy }: { notification: NotificationDto; onOpen: () => void; onMarkRead: () => void; busy: boolean }) {
  const unread = notification.readAt === null;
  return (
    <ListItem
      divider
      alignItems="flex-start"
      sx={{ bgcolor: unread ? 'action.hover' : undefined, flexWrap: 'wrap', gap: 1 }}
      data-testid="notification"
      secondaryAction={
        unread ? (
          <Button size="small" onClick={onMarkRead} disabled={busy} aria-label={`Mark read: ${notification.title}`}>
            Mark read
          </Button>
        ) : undefined
      }
    >
      <ListItemText
        sx={{ pr: unread ? 12 : 0 }}
        primary={
          <Link component={RouterLink} to={notification.link} onClick={onOpen} sx={{ fontWeight: unread ? 700 : 400 }}>
            {notification.title}
          </Link>
        }
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {notification.body}
            </Box>
            <Box component="span" sx={{ display: 'block', fontSize: 12 }}>
              {NOTIFICATION_KIND_LABELS[notification.kind]} · <time dateTime={notification.createdAt}>{showTime(notification.createdAt).dateTime}</time>
              {unread && ' · Unread'}
            </Box>
          </>
        }
      />
    </ListItem>
  );
}

/** The notification centre (issue #27): the caller's notifications, newest first, paged; opening one marks it read. */
export default function NotificationsPage() {
  const { paging, request, setPaging } = usePaging();
  const list = useQuery(notificationQueries.page(request));
  const unread = useQuery(notificationQueries.unread(true));
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await change();
    } finally {
      setBusy(false);
    }
  };
  const rows = list.data?.content ?? [];
  const count = unread.data?.unread ?? 0;

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>Notifications</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography color="text.secondary" role="status">
          {unread.data ? (count ? `${count} unread` : 'All read') : ''}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={`${pathTo('Profile')}#notification-settings`}>
            Settings
          </Button>
          <Button variant="outlined" onClick={() => void run(() => markAllRead())} disabled={busy || count === 0}>
            Mark all read
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ minHeight: 4, mb: 1 }}>{list.isFetching && <LinearProgress aria-label="Loading your notifications" />}</Box>
      {list.isError ? (
        <LoadFailed title="Your notifications could not be loaded" onRetry={() => void list.refetch()} />
      ) : list.isPending ? null : rows.length === 0 ? (
        <EmptyState title="No notifications yet">Race reminders, results, tickets, invites and more will appear here.</EmptyState>
      ) : (
        <List aria-label="Notifications">
          {rows.map((notification) => (
            <NotificationRow
              key={notification.id}
              notification={notification}
              busy={busy}
              onOpen={() => {
                if (notification.readAt === null) void markRead(notification.id);
              }}
              onMarkRead={() => void run(() => markRead(notification.id))}
            />
          ))}
        </List>
      )}
      <ListPagination label="Notification pages" paging={paging} totalElements={list.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}
