/** The site calls read as queries (maintenance mode); config and the user stay start-up state in Jotai. */
import { queryOptions } from '@tanstack/react-query';
import type { MaintenanceState } from '@paddock/contracts/site.js';
import { api } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';
import { useCommand } from '../../lib/query/useCommand.js';

export type MaintenanceDto = MaintenanceState;

export const siteKeys = {
  maintenance: ['site', 'maintenance'] as const,
};

export const siteQueries = {
  /** Whether the league is under maintenance; `maintenance.changed` writes it in place. Quiet: every page asks. */
  maintenance: () =>
    queryOptions({
      queryKey: siteKeys.maintenance,
      queryFn: () => api.get('/maintenance', { silent: true }),
      staleTime: PUSHED_STALE_TIME,
    }),
};

export const siteCommands = {
  /** Quiet: the maintenance screen says what failed; `maintenance.changed` then reaches every browser. */
  setMaintenance: (enabled: boolean) => api.put('/maintenance', { enabled }, { silent: true }),
};

/** Maintenance turned on or off: the answer is the state shown. */
export const useSetMaintenance = () => useCommand(siteCommands.setMaintenance, () => [], { writes: (state) => [{ queryKey: siteKeys.maintenance, data: state }] });
