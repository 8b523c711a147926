/**
 * Every teams call the client makes, typed by the backend contracts: one `queryOptions` per read,
 * plain functions for the commands.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TeamRequest } from '@paddock/contracts/teams.js';
import { api, formBody } from '../../lib/api/client.js';
import { PUSHED_STALE_TIME } from '../../lib/query/queryClient.js';
import { useCommand } from '../../lib/query/useCommand.js';

/** Cache keys: everything about teams sits under `teams` (`teams.changed` refetches it all). */
export const teamKeys = {
  all: ['teams'] as const,
  list: ['teams', 'list'] as const,
  detail: (id: number) => ['teams', 'detail', id] as const,
  mine: ['teams', 'mine'] as const,
  invites: ['teams', 'invites'] as const,
};

export const teamQueries = {
  /** `GET /teams`: every team with logo, colour and drivers (GridTeams, admin list, filters). */
  list: () => queryOptions({ queryKey: teamKeys.list, queryFn: () => api.get('/teams'), staleTime: PUSHED_STALE_TIME }),
  /** Quiet: the page says not found or its own failure. */
  detail: (id: number) =>
    queryOptions({ queryKey: teamKeys.detail(id), queryFn: () => api.get('/teams/:id', { params: { id }, silent: true }), staleTime: PUSHED_STALE_TIME }),
  /** The caller's captained teams with open invitations (My Teams). */
  mine: () => queryOptions({ queryKey: teamKeys.mine, queryFn: () => api.get('/teams/mine') }),
  /** The invitations the caller has (the Profile page). */
  invites: (signedIn: boolean) => queryOptions({ queryKey: teamKeys.invites, queryFn: () => api.get('/teams/invites', { silent: true }), enabled: signedIn }),
};

export const teamCommands = {
  /** `PUT /teams` (multipart: the team JSON and an optional logo); quiet — the form shows field errors. */
  save: (team: TeamRequest, logo: File | null, idempotencyKey?: string) => api.put('/teams', formBody({ team, logo }), { silent: true, idempotencyKey }),
  remove: (id: number) => api.delete('/teams/:id', { params: { id } }),
  setCaptains: (id: number, profileIds: number[]) => api.put('/teams/:id/captains', { profileIds }, { params: { id } }),
  invite: (id: number, profileId: number) => api.post('/teams/:id/invites', { profileId }, { params: { id } }),
  withdrawInvite: (id: number, profileId: number) => api.delete('/teams/:id/invites/:profileId', { params: { id, profileId } }),
  respond: (id: number, accept: boolean) => api.post('/teams/:id/invites/respond', { accept }, { params: { id } }),
  removeMember: (id: number, profileId: number) => api.delete('/teams/:id/members/:profileId', { params: { id, profileId } }),
  handOver: (id: number, profileId: number) => api.post('/teams/:id/captaincy', { profileId }, { params: { id } }),
};

/** Saves a team: the answer is the team shown, and the list is asked again. */
export const useSaveTeam = () => useCommand(teamCommands.save, () => [teamKeys.list], { writes: (team) => [{ queryKey: teamKeys.detail(team.id), data: team }] });

/** A team removed, or a change of its people (invites, members, captaincy): everything of teams is asked again. */
const teamsChanged = () => [teamKeys.all];

export const useRemoveTeam = () => useCommand(teamCommands.remove, teamsChanged);

/** The roster shows a change of its people once the teams are back. */
const AWAIT_REFETCH = { awaitRefetch: true };

export const useInviteToTeam = () => useCommand(teamCommands.invite, teamsChanged, AWAIT_REFETCH);
export const useWithdrawInvite = () => useCommand(teamCommands.withdrawInvite, teamsChanged, AWAIT_REFETCH);
export const useRemoveMember = () => useCommand(teamCommands.removeMember, teamsChanged, AWAIT_REFETCH);
export const useHandOverCaptaincy = () => useCommand(teamCommands.handOver, teamsChanged, AWAIT_REFETCH);

/** Admins appoint a team's captains: the answer is the team shown; the list is asked again, and waited for. */
export const useSetCaptains = () =>
  useCommand(teamCommands.setCaptains, () => [teamKeys.list], { awaitRefetch: true, writes: (team) => [{ queryKey: teamKeys.detail(team.id), data: team }] });

/** A driver answers an invitation: the answer is the invitations left; the teams' list is asked again. */
export const useRespondToInvite = () => useCommand(teamCommands.respond, () => [teamKeys.list], { writes: (invites) => [{ queryKey: teamKeys.invites, data: invites }] });
