/** The notification centre's calls (issue #27): the caller's notifications, unread count and per-kind channels. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NotificationSettingDto } from '@paddock/contracts/notifications.js';
import { api } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';
import { useCommand } from '../../lib/query/useCommand.js';
import type { PageRequest } from '../../components/paging.js';

/** Everything of the centre sits under `notifications` (`notifications.changed` refetches it all). */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (page: PageRequest) => ['notifications', 'page', page] as const,
  settings: ['notifications', 'settings'] as const,
};

export const notificationQueries = {
  /** `GET /notifications/unread`: the header's bell (pushed: `notifications.changed`). */
  unread: (signedIn: boolean) =>
    queryOptions({ queryKey: notificationKeys.unread, queryFn: () => api.get('/notifications/unread', { silent: true }), enabled: signedIn, staleTime: PUSHED_STALE_TIME }),
  page: (page: PageRequest) =>
    queryOptions({
      queryKey: notificationKeys.page(page),
      queryFn: () => api.get('/notifications', { query: page }),
      placeholderData: keepPreviousData,
      staleTime: PUSHED_STALE_TIME,
    }),
  settings: () => queryOptions({ queryKey: notificationKeys.settings, queryFn: () => api.get('/notifications/settings') }),
};

const notificationCommands = {
  markRead: (id: number) => api.post('/notifications/:id/read', undefined, { params: { id } }),
  markAllRead: () => api.post('/notifications/read', undefined),
  saveSettings: (settings: NotificationSettingDto[], idempotencyKey?: string) => api.put('/notifications/settings', { settings }, { silent: true, idempotencyKey }),
};

/** A mark answers the new unread count; the list is asked again. */
const marked = () => [notificationKeys.all];
const unreadWrite = (answer: { unread: number }) => [{ queryKey: notificationKeys.unread, data: answer }];

export const useMarkRead = () => useCommand(notificationCommands.markRead, marked, { writes: unreadWrite });
export const useMarkAllRead = () => useCommand(notificationCommands.markAllRead, marked, { writes: unreadWrite });
/** The answer is every kind's channels as saved. */
export const useSaveNotificationSettings = () =>
  useCommand(notificationCommands.saveSettings, () => [], { writes: (settings) => [{ queryKey: notificationKeys.settings, data: settings }] });
