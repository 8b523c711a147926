/** Web push calls: the VAPID key to subscribe with, and the signed-in user's devices. */
import { queryOptions } from '@tanstack/react-query';
import type { PushDevice, PushSubscribeRequest } from '@paddock/contracts/push.js';
import { api } from '../../lib/api/client.js';
import { useCommand } from '../../lib/query/useCommand.js';

export type { PushDevice };

export const pushKeys = {
  all: ['push'] as const,
  settings: ['push', 'settings'] as const,
  devices: ['push', 'devices'] as const,
};

export const pushQueries = {
  /** `GET /push/settings`: the key changes only when the server's configuration does. */
  settings: () => queryOptions({ queryKey: pushKeys.settings, queryFn: () => api.get('/push/settings'), staleTime: Infinity }),
  /** `GET /push/devices`: the caller's devices, newest first. */
  devices: () => queryOptions({ queryKey: pushKeys.devices, queryFn: () => api.get('/push/devices') }),
};

/** Quiet: the device panel says what failed beside the switch. */
export const pushCommands = {
  subscribe: (subscription: PushSubscribeRequest) => api.post('/push/devices', subscription, { silent: true }),
  remove: (id: number) => api.delete('/push/devices/:id', { params: { id }, silent: true }),
  test: (id: number) => api.post('/push/devices/:id/test', undefined, { params: { id }, silent: true }),
};

const devicesChanged = () => [pushKeys.devices];

export const useSubscribeDevice = () => useCommand(pushCommands.subscribe, devicesChanged, { awaitRefetch: true });
export const useRemoveDevice = () => useCommand(pushCommands.remove, devicesChanged, { awaitRefetch: true });
/** A test refetches the list: its "last sent" moves once the worker sent it. */
export const useSendTest = () => useCommand(pushCommands.test, devicesChanged);
