/** The Discord role sync (admins): the plan, starting the job that applies it, and the job's progress. */
import { queryOptions } from '@tanstack/react-query';
import type { RoleSyncRun } from '@paddock/contracts/discord-roles.js';
import { api } from '../../lib/api/client.js';
import { useCommand } from '../../lib/query/useCommand.js';

export const discordRoleKeys = {
  plan: ['discord-roles', 'plan'] as const,
  run: ['discord-roles', 'run'] as const,
};

const running = (run: RoleSyncRun | undefined) => run?.state === 'waiting' || run?.state === 'active';

export const discordRoleQueries = {
  /** `GET /admin/discord/roles/plan`: what applying would change now (read from Discord: never cached for long). */
  plan: () => queryOptions({ queryKey: discordRoleKeys.plan, queryFn: () => api.get('/admin/discord/roles/plan'), staleTime: 0 }),
  /** `GET /admin/discord/roles/sync`: the latest job, polled each second while it runs. */
  run: () =>
    queryOptions({
      queryKey: discordRoleKeys.run,
      queryFn: () => api.get('/admin/discord/roles/sync'),
      refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
    }),
};

export const discordRoleCommands = {
  /** Quiet: the screen says why a plan was refused (changed since, Discord away). */
  apply: (version: string) => api.post('/admin/discord/roles/sync', { version }, { silent: true }),
};

/** Starts applying the reviewed plan: the answer is the job shown. */
export const useApplyRoleSync = () => useCommand(discordRoleCommands.apply, () => [], { writes: (run) => [{ queryKey: discordRoleKeys.run, data: run }] });

export { running };
